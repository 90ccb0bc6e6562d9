import type { Command } from 'commander';
import { type MigrationSummary, migrateDatabaseFile } from '../../server/services/database/index.ts';
import { busyTimeoutMs, type CliIo, databasePath, type GlobalOptions } from '../io.ts';

/**
 * `migrate`: brings the database of --db to this version's migration level and says from which to
 * which. Every command and the server migrate when they open a database; this one does only that,
 * for a deployment that migrates once before it (re)starts its app servers. A database newer than
 * the code is refused (server/store/migrate.ts).
 */
export function registerMigrate(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('migrate')
    .description("apply the database's pending migrations (creating the file if missing) and say which")
    .action(async () => {
      const summary = await migrateDatabaseFile(databasePath(globals(), io), {
        busyTimeoutMs: busyTimeoutMs(io),
      });
      io.stdout(formatMigration(summary));
    });
}

export function formatMigration(summary: MigrationSummary): string {
  const what = summary.created ? `created ${summary.file}` : summary.file;
  if (summary.applied.length === 0) return `${what}: up to date (migration level ${summary.to})\n`;
  return (
    `${what}: migrated from level ${summary.from} to ${summary.to}\n` +
    summary.applied.map((name) => `  applied ${name}\n`).join('')
  );
}
