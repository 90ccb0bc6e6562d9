import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errors } from '../errors.ts';
import type { Db, Dialect } from './db.ts';

/** Each engine's numbered migrations: the same numbers and names, each written in its own dialect. */
const MIGRATIONS_DIRS: Record<Dialect, string> = {
  sqlite: fileURLToPath(new URL('./migrations/', import.meta.url)),
  postgres: fileURLToPath(new URL('./migrations/postgres/', import.meta.url)),
};
/** Any key: two app servers migrating one PostgreSQL at once take turns on it. */
const MIGRATION_LOCK = 4_711_2026;
const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The numbered SQL files of `server/store/migrations/`, in order. */
export function loadMigrations(dir: string = MIGRATIONS_DIRS.sqlite): Migration[] {
  return readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file,
      sql: readFileSync(`${dir}/${file}`, 'utf8'),
    }));
}

/** The newest migration level among `migrations`: the level this code brings a database to. */
export function latestSchemaVersion(migrations: Migration[] = loadMigrations()): number {
  return Math.max(0, ...migrations.map((migration) => migration.version));
}

/** What a migration run did: the level before and after, and the files applied in between. */
export interface MigrationOutcome {
  from: number;
  to: number;
  applied: string[];
}

/**
 * Applies, in order, every migration the database has not recorded, each in its own transaction
 * together with its `schema_migrations` row, so a failing migration leaves the database as it was.
 * A database at a level newer than the code knows (migrated by a newer factor-audit) is refused with
 * nothing changed: the old code would read and write tables whose meaning it does not know. Every
 * opening of a database (server, CLI, restore, `migrate`) comes through here.
 */
export async function applyMigrations(
  db: Db,
  migrations: Migration[] = loadMigrations(MIGRATIONS_DIRS[db.dialect]),
): Promise<MigrationOutcome> {
  if (db.dialect === 'sqlite') return await applyPending(db, migrations);
  // PostgreSQL's DDL is transactional: the whole run is one transaction, under a lock that makes a
  // second app server starting at the same moment wait and then find nothing left to do.
  return await db.transaction(async () => {
    await db.first('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    return await applyPending(db, migrations);
  });
}

async function applyPending(db: Db, migrations: Migration[]): Promise<MigrationOutcome> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const from = await schemaVersion(db);
  const latest = latestSchemaVersion(migrations);
  if (from > latest)
    throw errors.conflict(
      `${db.location} is at migration level ${from}, newer than this factor-audit knows (up to ${latest}): ` +
        'a newer version migrated it. Update factor-audit (git pull, then npm ci) before using it; nothing was changed.',
    );
  const applied: string[] = [];
  for (const migration of migrations) {
    if (migration.version <= from) continue;
    await db.transaction(async () => {
      await db.exec(migration.sql);
      await db.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
    });
    applied.push(migration.name);
  }
  return { from, to: await schemaVersion(db), applied };
}

/** `applyMigrations`, answering only the names applied. */
export async function migrate(
  db: Db,
  migrations: Migration[] = loadMigrations(MIGRATIONS_DIRS[db.dialect]),
): Promise<string[]> {
  return (await applyMigrations(db, migrations)).applied;
}

export async function schemaVersion(db: Db): Promise<number> {
  return (
    (await db.first<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations'))
      ?.version ?? 0
  );
}
