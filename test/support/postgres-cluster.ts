import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { PostgresDb } from '../../server/store/postgres/postgres-db.ts';

/**
 * A throw-away PostgreSQL cluster for tests, made from Debian's own binaries (`postgresql` package):
 * `initdb` in a temporary directory, trust authentication on loopback only, a free port on 127.0.0.1
 * and its unix socket in the same directory, nothing written anywhere else. Stopped and removed by
 * `stop()`. Never downloads anything.
 *
 * Use it per file (`startPostgresCluster()` in beforeAll, `stop()` in afterAll), or once for a run as a
 * vitest globalSetup (this module's default export): the base URL then reaches every test file as
 * `process.env.FACTOR_AUDIT_TEST_PG` (and `inject('factorAuditTestPg')`), and `freshPostgresDb()` makes
 * a database of its own on it.
 */

const run = promisify(execFile);

/** The environment variable (and the vitest `provide` key) the base URL of the run's cluster travels in. */
export const TEST_PG_ENV = 'FACTOR_AUDIT_TEST_PG';
export const TEST_PG_PROVIDE_KEY = 'factorAuditTestPg';

declare module 'vitest' {
  export interface ProvidedContext {
    factorAuditTestPg: string;
  }
}

const NOT_INSTALLED =
  "PostgreSQL is not installed: the PostgreSQL store tests need Debian's server binaries (initdb, pg_ctl under /usr/lib/postgresql/<version>/bin). Install them with: apt-get install -y postgresql";

/** The newest `/usr/lib/postgresql/<version>/bin` that has both `initdb` and `pg_ctl`. */
export function findPostgresBin(root = '/usr/lib/postgresql'): string {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => /^\d+$/.test(entry))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  throw new Error(NOT_INSTALLED);
}

/** A port on 127.0.0.1 that nothing listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port on 127.0.0.1'))));
    });
  });
}

/** initdb refuses to run as root: as root the cluster belongs to the `postgres` account. */
function asClusterOwner(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function runAsOwner(command: string, args: string[]): Promise<void> {
  const [file, argv] = asClusterOwner(command, args);
  try {
    await run(file, argv, { cwd: tmpdir() });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr || stdout || String(error)}`);
  }
}

export interface PostgresCluster {
  /** The cluster's `postgres` database as the `postgres` superuser (no password: trust on loopback). */
  readonly url: string;
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** The cluster's data directory (its `postmaster.pid` names the server process). */
  readonly dataDir: string;
  stop(): Promise<void>;
}

/** The URL of database `name` on the cluster whose base URL is `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates database `name` on the cluster at `baseUrl` (a superuser URL) and answers its URL. */
export async function createDatabaseOn(baseUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    // C collation: text sorts bytewise, as SQLite's BINARY does (docs/POSTGRESQL-DIALECT.md).
    await client.query(
      `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'`,
    );
  } finally {
    await client.end();
  }
  return databaseUrl(baseUrl, name);
}

/** Starts a new cluster in a temporary directory; fails with the apt-get line when PostgreSQL is missing. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'factor-audit-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  if (process.getuid?.() === 0) chownSync(dir, ...postgresIds());
  let started = false;
  const stopArgs = ['-D', data, '-m', 'immediate', '-w', 'stop'];
  // A test process that ends without its afterAll (an error, Ctrl-C) still stops its server.
  const stopAtExit = () => {
    if (started) {
      started = false;
      const [file, argv] = asClusterOwner(join(bin, 'pg_ctl'), stopArgs);
      try {
        execFileSync(file, argv, { stdio: 'ignore', cwd: tmpdir() });
      } catch {
        // Already gone.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopAtExit);
  const stop = async () => {
    process.removeListener('exit', stopAtExit);
    if (started) {
      started = false;
      await runAsOwner(join(bin, 'pg_ctl'), stopArgs).catch(() => {});
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await runAsOwner(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const port = await freePort();
    // Loopback only, the socket in the cluster's own directory, durability off (a test's data dies with it).
    const options = [
      `-p ${port}`,
      "-c listen_addresses='127.0.0.1'",
      `-k ${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=100',
    ].join(' ');
    await runAsOwner(join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    started = true;
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    return { url, createDatabase: (name) => createDatabaseOn(url, name), dataDir: data, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The uid and gid of the `postgres` account Debian's package creates. */
function postgresIds(): [number, number] {
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('postgres:'));
  if (!entry) throw new Error(`${NOT_INSTALLED} (there is no postgres account)`);
  const [, , uid, gid] = entry.split(':');
  return [Number(uid), Number(gid)];
}

/** A database name no other test file uses. */
export function uniqueDatabaseName(prefix = 'test'): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/**
 * A `PostgresDb` on a new, empty database of its own: on `cluster` when given, else on the run's
 * cluster (`FACTOR_AUDIT_TEST_PG`, set by this module as a globalSetup). The caller closes it.
 */
export async function freshPostgresDb(
  cluster?: PostgresCluster | string,
  options: ConstructorParameters<typeof PostgresDb>[1] = {},
): Promise<PostgresDb> {
  const base = typeof cluster === 'string' ? cluster : (cluster?.url ?? process.env[TEST_PG_ENV]);
  if (!base) {
    findPostgresBin(); // the clearer message first, when that is what is missing
    throw new Error(
      `No test PostgreSQL cluster: ${TEST_PG_ENV} is not set. Add test/support/postgres-cluster.ts to the vitest globalSetup, or pass a cluster from startPostgresCluster().`,
    );
  }
  return new PostgresDb(await createDatabaseOn(base, uniqueDatabaseName()), options);
}

/** vitest globalSetup: one cluster for the whole run, its URL in the environment and `provide`d. */
export default async function setup(project?: {
  provide: (key: typeof TEST_PG_PROVIDE_KEY, value: string) => void;
}): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  process.env[TEST_PG_ENV] = cluster.url;
  project?.provide(TEST_PG_PROVIDE_KEY, cluster.url);
  return async () => {
    delete process.env[TEST_PG_ENV];
    await cluster.stop();
  };
}
