import type { Command } from 'commander';
import { isEmptyDatabase, loadDemo, loadDemoAnnotations } from '../../server/services/demo/index.ts';
import { CliExit, type CliIo, type GlobalOptions, withDatabase } from '../io.ts';

export function registerDemo(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('demo')
    .description('load the demo study and the demo accounts into an empty database')
    .option(
      '--with-annotations',
      'also draw the sample (50, seed 7), assign it to alice and bob, add simulated annotations with spans, and adjudicate most of them as carol, so the report and the adjudication queue have something to show',
      false,
    )
    .action(async (options: { withAnnotations: boolean }) => {
      await withDatabase(
        globals,
        io,
        async (db) => {
          if (!(await isEmptyDatabase(db))) {
            io.stderr(
              `error: ${db.location} already holds data; the demo loads only into an empty database (use --db FILE)\n`,
            );
            throw new CliExit(1);
          }
          const loaded = await loadDemo(db);
          if (options.withAnnotations) {
            const simulated = await loadDemoAnnotations(db, loaded.demo);
            io.stdout(
              `simulated ${simulated.annotations} annotations by alice and bob on the ${simulated.sampled} sampled arguments; carol accepted ${simulated.accepted} without disagreement and adjudicated ${simulated.adjudicated}; ${simulated.waiting} wait for adjudication (synthetic demo)\n`,
            );
          }
          io.stdout(
            `loaded the demo study into ${db.location}: ${loaded.demo.triples.length} triples, ${loaded.demo.arguments.length} synthetic arguments, ` +
              `${loaded.extractions} rules extractions; start it with: ${db.dialect === 'postgres' ? 'DATABASE_URL=(that URL, with its password)' : `FACTOR_AUDIT_DB=${db.location}`} npm start\n`,
          );
        },
        { create: true },
      );
    });
}
