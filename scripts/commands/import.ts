import type { Command } from 'commander';
import { z } from 'zod';
import { CLI_ACTOR } from '../../server/services/audit/index.ts';
import { IMPORT_KINDS, importFile } from '../../server/services/interchange/index.ts';
import { modeSchema, testSchema } from '../../shared/vocabulary.ts';
import { type CliIo, type GlobalOptions, parseChoice, parseOptions, withDatabase } from '../io.ts';
import { createPhaseProgress } from './progress.ts';

const importOptionsSchema = z.object({
  mode: modeSchema.optional(),
  model: z.string().min(1).optional(),
  test: z.coerce.number().pipe(testSchema).optional(),
  extractor: z.string().min(1).optional(),
  replace: z.boolean().default(false),
});

export function registerImport(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  program
    .command('import')
    .description('validate a file and import all of its records, or none')
    .argument('<kind>', IMPORT_KINDS.join('|'))
    .argument(
      '<file>',
      "JSONL, the study's scenario CSV (triples) or its response log (paper-log); detected by content",
    )
    .option('--mode <mode>', 'arguable|reordered|non_arguable, for a scenario CSV whose name does not say it')
    .option('--model <name>', 'paper-log: the model that wrote the arguments')
    .option('--test <n>', 'paper-log: the test, 1|2|3')
    .option('--extractor <name>', "paper-log: name for the log's distilled factors", 'gpt-4.1')
    .option('--replace', 'overwrite stored records whose content changed', false)
    .action(async (kind: string, file: string, rawOptions: unknown) => {
      const importKind = parseChoice(kind, IMPORT_KINDS, 'import', io);
      const options = parseOptions(importOptionsSchema, rawOptions, io);
      const progress = createPhaseProgress(io, 'bytes');
      await withDatabase(
        globals,
        io,
        async (db) => {
          const summary = await importFile(db, {
            actor: CLI_ACTOR,
            kind: importKind,
            file,
            study: globals().study,
            ...options,
            onProgress: ({ phase, done, total }) => progress.update(phase, done, total),
          });
          progress.stop();
          const { counts } = summary;
          if (summary.studyCreated) io.stdout(`created study "${summary.study}"\n`);
          for (const warning of summary.warnings) io.stderr(`warning: ${warning}\n`);
          io.stdout(
            `${summary.file} → study "${summary.study}": ${counts.records} record(s) (${importKind}): ` +
              `${counts.inserted} new, ${counts.replaced} replaced, ${counts.unchanged} unchanged` +
              (summary.importId === null
                ? ' (nothing to write)\n'
                : ` (import #${summary.importId}, sha256 ${summary.sha256.slice(0, 12)})\n`),
          );
        },
        { create: true },
      ).finally(() => progress.stop());
    });
}
