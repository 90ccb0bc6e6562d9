import type { Command } from 'commander';
import { ensureStudy } from '../../server/services/studies.ts';
import { schemaVersion } from '../../server/store/migrate.ts';
import { type CliIo, type GlobalOptions, withDatabase } from '../io.ts';

export function registerInit(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('init')
    .description('create the database (if missing) and the study')
    .action(async () => {
      const { study } = globals();
      await withDatabase(
        globals,
        io,
        (db) => {
          const { created } = ensureStudy(db, study);
          io.stdout(`database ${db.file} (schema version ${schemaVersion(db)})\n`);
          io.stdout(created ? `created study "${study}"\n` : `study "${study}" already exists\n`);
        },
        { create: true },
      );
    });
}
