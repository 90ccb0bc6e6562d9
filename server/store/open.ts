import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { isPostgresUrl } from '../../shared/database-location.ts';
import { errors } from '../errors.ts';
import { type Db, SqliteDb } from './db.ts';
import { applyMigrations, type MigrationOutcome } from './migrate.ts';
import { PostgresDb } from './postgres/postgres-db.ts';

export interface OpenOptions {
  /** How long to wait for another connection's write lock (`SERVER_BUSY_TIMEOUT_MS` unless given). */
  busyTimeoutMs?: number;
}

/**
 * Opens (creating if needed) the database file and brings its schema up to date; answers what the
 * migrations did too (the `migrate` command prints it). A database newer than the code is refused
 * and its connection closed.
 */
export async function openAndMigrate(
  location: string,
  options: OpenOptions = {},
): Promise<{ db: Db; migration: MigrationOutcome }> {
  const db = connect(location, options);
  try {
    return { db, migration: await applyMigrations(db) };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * A connection to `location`: a PostgreSQL URL (`postgres://…`), or else a SQLite file (its folder
 * created when missing) or `:memory:`.
 */
function connect(location: string, options: OpenOptions): Db {
  if (isPostgresUrl(location))
    return new PostgresDb(
      location,
      options.busyTimeoutMs === undefined ? {} : { lockTimeoutMs: options.busyTimeoutMs },
    );
  if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
  return new SqliteDb(location, options);
}

/** Opens (creating if needed) the database file and brings its schema up to date. */
export async function openDatabase(file: string, options: OpenOptions = {}): Promise<Db> {
  return (await openAndMigrate(file, options)).db;
}

/** Opens a database that must already exist (read commands never create one by accident). */
export async function openExistingDatabase(file: string, options: OpenOptions = {}): Promise<Db> {
  if (file !== ':memory:' && !isPostgresUrl(file) && !existsSync(file))
    throw errors.notFound(`The database ${file} (create it with: npm run -s cli -- init, or pass --db FILE)`);
  return await openDatabase(file, options);
}
