import type { Command } from 'commander';
import { ensureStudy } from '../../server/services/studies.ts';
import { schemaVersion } from '../../server/store/migrate.ts';
import { openDatabase } from '../../server/store/open.ts';
import { type CliIo, databasePath, type GlobalOptions } from '../io.ts';

export function registerInit(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('init')
    .description('create the database (if missing) and the study')
    .action(() => {
      const options = globals();
      const file = databasePath(options, io);
      const db = openDatabase(file);
      try {
        const { created } = ensureStudy(db, options.study);
        io.stdout(`database ${file} (schema version ${schemaVersion(db)})\n`);
        io.stdout(
          created ? `created study "${options.study}"\n` : `study "${options.study}" already exists\n`,
        );
      } finally {
        db.close();
      }
    });
}
