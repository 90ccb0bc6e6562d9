import BetterSqlite3 from 'better-sqlite3';
import { type Db, sqliteConnectionOf } from './db.ts';

/**
 * Whole-file operations on a database: SQLite's integrity check, its online backup, and whether
 * another connection has the file open. Used by `backup` and `restore` (services/backup/backup.ts).
 */

/** `PRAGMA integrity_check`: ['ok'] for a sound file, else SQLite's findings (at most `limit`). */
export function integrityProblems(db: BetterSqlite3.Database, limit = 10): string[] {
  const rows = db.pragma(`integrity_check(${limit})`) as { integrity_check: string }[];
  const findings = rows.map((row) => row.integrity_check);
  return findings.length === 1 && findings[0] === 'ok' ? [] : findings;
}

/** A database file opened read-only, for checking a backup before it is restored. */
export function openReadOnly(file: string): BetterSqlite3.Database {
  return new BetterSqlite3(file, { readonly: true, fileMustExist: true });
}

/** The migration level a file records; null when it has no `schema_migrations` (not a factor-audit database). */
export function recordedSchemaVersion(db: BetterSqlite3.Database): number | null {
  const table = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get();
  if (!table) return null;
  const row = db.prepare('SELECT max(version) AS version FROM schema_migrations').get() as {
    version: number | null;
  };
  return row.version ?? 0;
}

/**
 * Copies a live database into `target` with SQLite's online backup API: readers and writers of the
 * source carry on meanwhile. After the first step the rest is copied in one step, so a busy server's
 * writes cannot make the copy start over and over (a change between steps restarts it).
 */
export async function copyDatabase(source: BetterSqlite3.Database, target: string): Promise<number> {
  // The callback says how many pages the next step copies (0 would pause the backup).
  const { totalPages } = await source.backup(target, { progress: ({ remainingPages }) => remainingPages });
  return totalPages;
}

/** Copies the open database of the app (`Db`) into `target`, as `copyDatabase`. */
export function backupDb(db: Db, target: string): Promise<number> {
  return copyDatabase(sqliteConnectionOf(db, 'backup'), target);
}

/**
 * Whether some other connection has the file open (a running server, another command). Switching a
 * WAL database's journal mode needs every other connection closed, so the attempt (with no waiting)
 * fails exactly when one is open. Call it only on a file about to be overwritten: when nobody has it
 * open, the attempt succeeds and the file is left in rollback-journal mode.
 */
export function isInUse(file: string): boolean {
  const probe = new BetterSqlite3(file, { fileMustExist: true });
  try {
    probe.pragma('busy_timeout = 0');
    probe.pragma('journal_mode = DELETE');
    return false;
  } catch (error) {
    if (error instanceof Error && /locked|busy/i.test(error.message)) return true;
    throw error;
  } finally {
    probe.close();
  }
}
