import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The numbered SQL files of `server/store/migrations/`, in order. */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file,
      sql: readFileSync(`${dir}/${file}`, 'utf8'),
    }));
}

/**
 * Applies, in order, every migration the database has not recorded, each in its own transaction
 * together with its `schema_migrations` row, so a failing migration leaves the database as it was.
 * Returns the names applied.
 */
export function migrate(db: Db, migrations: Migration[] = loadMigrations()): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const current =
    db.first<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations')?.version ??
    0;
  const applied: string[] = [];
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
    });
    applied.push(migration.name);
  }
  return applied;
}

export function schemaVersion(db: Db): number {
  return (
    db.first<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations')?.version ??
    0
  );
}
