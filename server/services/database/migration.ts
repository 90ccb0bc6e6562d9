import { existsSync } from 'node:fs';
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
export function migrateDatabaseFile(file: string, options: OpenOptions = {}): MigrationSummary {
  const created = file !== ':memory:' && !existsSync(file);
  const { db, migration } = openAndMigrate(file, options);
  db.close();
  return { file, created, ...migration };
}
