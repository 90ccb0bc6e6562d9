import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { backupDatabase, restoreDatabase } from '../../server/services/backup/index.ts';
import {
  busyTimeoutMs,
  type CliIo,
  databasePath,
  type GlobalOptions,
  parseOptions,
  withDatabase,
} from '../io.ts';

const backupOptionsSchema = z.object({ out: z.string().min(1), force: z.boolean().default(false) });
const restoreOptionsSchema = z.object({ force: z.boolean().default(false) });

/** `backup --out FILE` and `restore FILE`, on the database of --db (README, "Long studies: backups"). */
export function registerBackup(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('backup')
    .description('copy the database to FILE, safely while the server runs (SQLite online backup)')
    .requiredOption('--out <file>', 'where to write the copy')
    .option('--force', 'replace FILE if it exists', false)
    .action(async (rawOptions: unknown) => {
      const options = parseOptions(backupOptionsSchema, rawOptions, io);
      const summary = await withDatabase(globals, io, (db) =>
        backupDatabase(db, resolve(io.cwd, options.out), { force: options.force }),
      );
      io.stdout(
        `backed up ${databasePath(globals(), io)} to ${summary.file}: ${(summary.bytes / 1024).toFixed(0)} kB, ` +
          `${summary.pages} pages, migration level ${summary.schemaVersion}, integrity ok\n`,
      );
    });

  program
    .command('restore')
    .description('check a backup (integrity, migration level) and copy it over the database of --db')
    .argument('<file>', 'a file written by backup')
    .option('--force', 'restore even while another process (the server) has the database open', false)
    .action(async (file: string, rawOptions: unknown) => {
      const options = parseOptions(restoreOptionsSchema, rawOptions, io);
      const summary = await restoreDatabase(resolve(io.cwd, file), databasePath(globals(), io), {
        force: options.force,
        busyTimeoutMs: busyTimeoutMs(io),
      });
      io.stdout(
        `restored ${summary.file} from ${summary.from} (migration level ${summary.backupSchemaVersion}` +
          `${summary.schemaVersion === summary.backupSchemaVersion ? '' : `, brought up to ${summary.schemaVersion}`}); integrity ok\n`,
      );
      if (options.force) io.stdout('restart the server now: it may hold what it read before the restore\n');
    });
}
