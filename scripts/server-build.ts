/**
 * The production build of the server and the CLI (`npm run build`): every module of server/, shared/
 * and scripts/ compiled by esbuild, one JavaScript file per TypeScript file at the same path under
 * dist/server/ (a relative `./x.ts` import becomes `./x.js`; packages stay imports of node_modules;
 * JSON imports are inlined), beside copies of what the code reads by its own location — the
 * migrations' .sql files and data/'s lexicon, prompts and guidelines — so every
 * `new URL(…, import.meta.url)` finds the same file in the compiled tree as in the source tree. The
 * tree's `.source-hash` records the sources it was built from; the compiled server refuses to start
 * from a stale tree. As the client's, a build goes to a fresh folder and is moved into place whole.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { COMPILED, ROOT } from './project-root.ts';
import { hashSources, listSourceFiles } from './source-hash.ts';

export const SERVER_DIR = join(ROOT, 'dist', 'server');
const HASH_FILE = '.source-hash';
const CODE_DIRS = ['server', 'shared', 'scripts'];
/** What the code reads from data/ by its own location (the default database file is not among them). */
const DATA_DIRS = ['data/prompts', 'data/guidelines'];
const DATA_FILES = ['data/lexicon.json'];

/** The SHA-256 of what the server build reads: the code, the data it copies, package.json and the lock file. */
export function serverSourceHash(root = ROOT): string {
  return hashSources(
    root,
    [...CODE_DIRS, ...DATA_DIRS],
    [...DATA_FILES, 'package.json', 'package-lock.json'],
  );
}

/** `./x.ts` → `./x.js`, left to the compiled tree's own file rather than bundled in. */
const relativeImportsAsJavaScript: Plugin = {
  name: 'relative-imports-as-javascript',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/.*\.ts$/ }, (args) => ({
      path: args.path.replace(/\.ts$/, '.js'),
      external: true,
    }));
  },
};

/** Compiles the server and the CLI into `outDir` (dist/server by default); resolves to the seconds it took. */
export async function buildServer(outDir = SERVER_DIR): Promise<number> {
  const started = performance.now();
  const { build } = await import('esbuild');
  const sourceHash = serverSourceHash();
  const sources = CODE_DIRS.flatMap((directory) => listSourceFiles(join(ROOT, directory)));
  const staging = `${outDir}.build-${process.pid}-${Date.now()}`;
  await build({
    entryPoints: sources.filter((file) => file.endsWith('.ts')),
    outbase: ROOT,
    outdir: staging,
    bundle: true,
    packages: 'external',
    plugins: [relativeImportsAsJavaScript],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const copies = [
    ...sources.filter((file) => !file.endsWith('.ts')),
    ...DATA_DIRS.flatMap((directory) => listSourceFiles(join(ROOT, directory))),
    ...DATA_FILES.map((file) => join(ROOT, file)),
  ];
  for (const file of copies) {
    const target = join(staging, relative(ROOT, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }
  writeFileSync(join(staging, HASH_FILE), `${sourceHash}\n`);
  const retired = `${staging}.old`;
  if (existsSync(outDir)) renameSync(outDir, retired);
  renameSync(staging, outDir);
  rmSync(retired, { recursive: true, force: true });
  return (performance.now() - started) / 1000;
}

/**
 * When running compiled: refuses a tree built from other sources than the project now holds (a
 * `git pull` without `npm run build`), which would serve yesterday's server beside today's client.
 * A tree shipped without its sources is taken as built. From source there is nothing to check.
 */
export function ensureServerCurrent(): void {
  if (!COMPILED || !existsSync(join(ROOT, 'server'))) return;
  const tree = fileURLToPath(new URL('..', import.meta.url));
  let built = '';
  try {
    built = readFileSync(join(tree, HASH_FILE), 'utf8').trim();
  } catch {
    // No record: stale by definition.
  }
  if (built !== serverSourceHash())
    throw new Error(
      `The compiled server in ${tree} was built from other sources than server/, shared/, scripts/ and data/ now hold: run npm run build.`,
    );
}
