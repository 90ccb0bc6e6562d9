import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { errors } from '../errors.ts';
import { Db } from './db.ts';
import { applyMigrations, type MigrationOutcome } from './migrate.ts';

export interface OpenOptions {
  /** How long to wait for another connection's write lock (`SERVER_BUSY_TIMEOUT_MS` unless given). */
  busyTimeoutMs?: number;
}

/**
 * Opens (creating if needed) the database file and brings its schema up to date; answers what the
 * migrations did too (the `migrate` command prints it). A database newer than the code is refused
 * and its connection closed.
 */
export function openAndMigrate(
  file: string,
  options: OpenOptions = {},
): { db: Db; migration: MigrationOutcome } {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Db(file, options);
  try {
    return { db, migration: applyMigrations(db) };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Opens (creating if needed) the database file and brings its schema up to date. */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  return openAndMigrate(file, options).db;
}

/** Opens a database that must already exist (read commands never create one by accident). */
export function openExistingDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:' && !existsSync(file))
    throw errors.notFound(`The database ${file} (create it with: npm run -s cli -- init, or pass --db FILE)`);
  return openDatabase(file, options);
}
