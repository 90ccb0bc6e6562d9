import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isPostgresUrl } from '../../../shared/database-location.ts';
import { errors } from '../../errors.ts';
import { CLI_BUSY_TIMEOUT_MS, type Db, sqliteConnectionOf } from '../../store/db.ts';
import {
  backupDb,
  copyDatabase,
  integrityProblems,
  isInUse,
  openReadOnly,
  recordedSchemaVersion,
} from '../../store/maintenance.ts';
import { latestSchemaVersion, schemaVersion } from '../../store/migrate.ts';
import { openDatabase } from '../../store/open.ts';

export interface BackupSummary {
  file: string;
  bytes: number;
  pages: number;
  schemaVersion: number;
}

/**
 * Copies the database into `target` while the server may be running (SQLite's online backup API),
 * into a temporary file first, checked with `PRAGMA integrity_check`, then renamed into place — so a
 * failed or interrupted backup never leaves a half-written file under the name asked for. An existing
 * `target` is replaced only with `force`.
 */
/** What `backup` and `restore` say on PostgreSQL, whose own tools copy a live database. */
const ON_POSTGRES =
  'backup and restore copy a SQLite file; on PostgreSQL use pg_dump and pg_restore (or point-in-time recovery) as README "Hosting for a department" says. Nothing was written.';

export async function backupDatabase(db: Db, target: string, { force = false } = {}): Promise<BackupSummary> {
  if (db.dialect !== 'sqlite') throw errors.validation(ON_POSTGRES);
  const file = resolve(target);
  if (file === resolve(db.location))
    throw errors.validation('Back up to another file than the database itself.');
  if (existsSync(file) && !force)
    throw errors.validation(`${file} exists; choose another file, or pass --force to replace it.`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    const pages = await backupDb(db, partial);
    const copy = openReadOnly(partial);
    const problems = integrityProblems(copy);
    copy.close();
    if (problems.length > 0)
      throw new Error(`the backup of ${db.location} failed its integrity check: ${problems.join('; ')}`);
    renameSync(partial, file);
    return { file, bytes: statSync(file).size, pages, schemaVersion: await schemaVersion(db) };
  } finally {
    for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(leftover, { force: true });
  }
}

export interface RestoreSummary {
  file: string;
  from: string;
  /** The backup's migration level, and the level after bringing it up to date. */
  backupSchemaVersion: number;
  schemaVersion: number;
}

/**
 * Checks a backup and copies it over the database `target`. Refused, with nothing written, when the
 * backup fails `PRAGMA integrity_check`, is not a factor-audit database, or was made by a newer
 * factor-audit (a migration level this one does not know); and — unless `force` — when another
 * connection has `target` open (a running server: stop it first). A backup from an older version is
 * brought up to date by the migrations after the copy.
 */
export async function restoreDatabase(
  source: string,
  target: string,
  { force = false, busyTimeoutMs = CLI_BUSY_TIMEOUT_MS } = {},
): Promise<RestoreSummary> {
  if (isPostgresUrl(target)) throw errors.validation(ON_POSTGRES);
  const from = resolve(source);
  const file = resolve(target);
  if (from === file) throw errors.validation('Restore from a backup file, not from the database itself.');
  if (!existsSync(from)) throw errors.validation(`${from}: no such file. Check the path.`);
  let backup: ReturnType<typeof openReadOnly>;
  let backupSchemaVersion: number | null;
  let problems: string[];
  try {
    backup = openReadOnly(from);
    problems = integrityProblems(backup);
    backupSchemaVersion = problems.length === 0 ? recordedSchemaVersion(backup) : null;
  } catch (error) {
    throw errors.validation(
      `${from} is not a readable SQLite database (${error instanceof Error ? error.message : String(error)}); nothing was restored.`,
    );
  }
  try {
    if (problems.length > 0)
      throw errors.validation(
        `${from} fails SQLite's integrity check (${problems.slice(0, 3).join('; ')}); nothing was restored. Use another backup.`,
      );
    if (backupSchemaVersion === null)
      throw errors.validation(
        `${from} is not a factor-audit database (it has no schema_migrations); nothing was restored.`,
      );
    const known = latestSchemaVersion();
    if (backupSchemaVersion > known)
      throw errors.validation(
        `${from} was made by a newer factor-audit (migration ${backupSchemaVersion}; this one knows up to ${known}); update factor-audit first. Nothing was restored.`,
      );
    if (existsSync(file) && !force && isInUse(file))
      throw errors.conflict(
        `${file} is in use (the server or another command has it open); stop the server first, or pass --force to restore under it. Nothing was restored.`,
      );
    await copyDatabase(backup, file);
  } finally {
    backup.close();
  }
  // Brings an older backup up to this version's schema, and checks the restored file once more.
  const db = await openDatabase(file, { busyTimeoutMs });
  try {
    const after = integrityProblems(sqliteConnectionOf(db, 'restore'));
    if (after.length > 0)
      throw new Error(`the restored ${file} fails its integrity check: ${after.join('; ')}`);
    return { file, from, backupSchemaVersion, schemaVersion: await schemaVersion(db) };
  } finally {
    await db.close();
  }
}

/** The database's migration level (`init` prints it). */
export async function databaseSchemaVersion(db: Db): Promise<number> {
  return await schemaVersion(db);
}
