import { existsSync } from 'node:fs';
import { isPostgresUrl, printableLocation } from '../../../shared/database-location.ts';
import { errors } from '../../errors.ts';
import type { MigrationOutcome } from '../../store/migrate.ts';
import { type OpenOptions, openAndMigrate } from '../../store/open.ts';

export interface MigrationSummary extends MigrationOutcome {
  file: string;
  /** Whether the file did not exist before (a new, empty database brought to the latest level). */
  created: boolean;
}

/**
 * Brings the database file up to this version's migrations, as every opening does, and says what it
 * did: the `migrate` command, for a deployment that migrates before it starts its app servers. A
 * database newer than the code is refused with nothing changed (server/store/migrate.ts).
 */
export async function migrateDatabaseFile(
  file: string,
  options: OpenOptions = {},
): Promise<MigrationSummary> {
  const created = file !== ':memory:' && !isPostgresUrl(file) && !existsSync(file);
  let opened: Awaited<ReturnType<typeof openAndMigrate>>;
  try {
    opened = await openAndMigrate(file, options);
  } catch (error) {
    if (isNotADatabase(error))
      throw errors.validation(`${file} is not a SQLite database; check --db. Nothing was changed.`);
    throw error;
  }
  await opened.db.close();
  return { file: printableLocation(file), created, ...opened.migration };
}

/** SQLite's answer for a file that is something else (SQLITE_NOTADB). */
function isNotADatabase(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_NOTADB';
}
