/**
 * The built client is kept in step with its sources: `dist/client/.source-hash` records a SHA-256
 * of every file the build reads (client/, shared/, the Vite config, the lock file), and a start
 * whose sources hash differently rebuilds — so a `git pull` that changes the client never leaves an
 * old one served, whatever the files' times say. A build goes to a fresh folder and is moved into
 * place whole, so a concurrent start never serves half a build. The compiled server
 * (`npm run start:prod`) never builds: it refuses a missing or stale client, which `npm run build` makes.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPILED, ROOT } from './project-root.ts';
import { hashSources } from './source-hash.ts';

export const CLIENT_DIR = join(ROOT, 'dist', 'client');
const HASH_FILE = '.source-hash';
const SOURCE_DIRS = ['client', 'shared'];
const SOURCE_FILES = ['vite.config.ts', 'package-lock.json'];

/** The SHA-256 of the client's sources: paths and contents, in a fixed order. */
export function clientSourceHash(root = ROOT): string {
  return hashSources(root, SOURCE_DIRS, SOURCE_FILES);
}

/** Whether dist/client was built from the current sources. */
export function isClientCurrent(sourceHash = clientSourceHash()): boolean {
  try {
    return readFileSync(join(CLIENT_DIR, HASH_FILE), 'utf8').trim() === sourceHash;
  } catch {
    return false;
  }
}

/** Builds the client when there is none or its sources changed since (always with `force`). */
export async function ensureClientBuilt(
  log: (line: string) => void = console.log,
  options: { force?: boolean } = {},
): Promise<void> {
  // A compiled tree shipped without the sources has nothing to compare with: its build is the one.
  if (COMPILED && !existsSync(join(ROOT, 'client'))) {
    if (existsSync(join(CLIENT_DIR, 'index.html'))) return;
    throw new Error(`There is no built client in ${CLIENT_DIR}: run npm run build.`);
  }
  const sourceHash = clientSourceHash();
  if (!options.force && isClientCurrent(sourceHash)) return;
  if (COMPILED)
    throw new Error(
      `The client in ${CLIENT_DIR} is missing or was built from other sources than client/ and shared/ now hold: run npm run build.`,
    );
  log(
    existsSync(CLIENT_DIR)
      ? 'The client changed since it was built: rebuilding it…'
      : 'Building the client (first start only)…',
  );
  const staging = join(ROOT, 'dist', `client.build-${process.pid}-${Date.now()}`);
  const { build } = await import('vite');
  // Vite follows NODE_ENV: under Vitest (NODE_ENV=test) it would build React's development bundle,
  // three times the size, which the next `npm start` would then serve as current.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: staging, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(join(staging, HASH_FILE), `${sourceHash}\n`);
  const retired = `${staging}.old`;
  if (existsSync(CLIENT_DIR)) renameSync(CLIENT_DIR, retired);
  try {
    renameSync(staging, CLIENT_DIR);
  } catch (error) {
    // Another start moved its build in first; use it if it is of the same sources.
    rmSync(staging, { recursive: true, force: true });
    if (!isClientCurrent(sourceHash)) throw error;
  }
  rmSync(retired, { recursive: true, force: true });
}
