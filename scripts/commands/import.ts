import type { Command } from 'commander';
import { z } from 'zod';
import { importFile } from '../../server/services/import/import-service.ts';
import { IMPORT_KINDS } from '../../server/services/import/parse-records.ts';
import { openDatabase } from '../../server/store/open.ts';
import { modeSchema, testSchema } from '../../shared/vocabulary.ts';
import { describeIssues } from '../../shared/zod-issues.ts';
import { CliExit, type CliIo, databasePath, type GlobalOptions } from '../io.ts';
import { createProgress } from '../progress.ts';

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
      const kindResult = z.enum(IMPORT_KINDS).safeParse(kind);
      if (!kindResult.success) {
        io.stderr(`error: cannot import "${kind}"; choose one of ${IMPORT_KINDS.join(', ')}\n`);
        throw new CliExit(1);
      }
      const parsedOptions = importOptionsSchema.safeParse(rawOptions);
      if (!parsedOptions.success) {
        for (const issue of describeIssues(parsedOptions.error)) io.stderr(`error: --${issue}\n`);
        throw new CliExit(1);
      }
      const options = globals();
      const db = openDatabase(databasePath(options, io));
      const progress = createProgress(io, 'bytes');
      try {
        const summary = await importFile(db, {
          kind: kindResult.data,
          file,
          study: options.study,
          ...parsedOptions.data,
          onProgress: ({ phase, done, total }) => progress.update(phase, done, total),
        });
        progress.stop();
        const { counts } = summary;
        if (summary.studyCreated) io.stdout(`created study "${summary.study}"\n`);
        for (const warning of summary.warnings) io.stderr(`warning: ${warning}\n`);
        io.stdout(
          `${summary.file} → study "${summary.study}": ${counts.records} record(s) (${kindResult.data}): ` +
            `${counts.inserted} new, ${counts.replaced} replaced, ${counts.unchanged} unchanged` +
            (summary.importId === null
              ? ' (nothing to write)\n'
              : ` (import #${summary.importId}, sha256 ${summary.sha256.slice(0, 12)})\n`),
        );
      } finally {
        progress.stop();
        db.close();
      }
    });
}
