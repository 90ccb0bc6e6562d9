import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Db } from './db.ts';
import { migrate } from './migrate.ts';

/** Opens (creating if needed) the database file and brings its schema up to date. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Db(file);
  migrate(db);
  return db;
}
