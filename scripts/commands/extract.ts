import type { Command } from 'commander';
import { z } from 'zod';
import { type Extractor, runExtraction } from '../../server/services/extraction/index.ts';
import { requireStudy } from '../../server/services/study/index.ts';
import type { Db } from '../../server/store/db.ts';
import { CliExit, type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../io.ts';
import { positiveInt } from './llm-options.ts';
import { createRunProgress, interruptible, tokens } from './progress.ts';

/** What an extractor implementation is given to build itself. */
export interface ExtractCommandContext {
  db: Db;
  studyId: number;
  studyName: string;
  io: CliIo;
}

/** A built extractor, with lines to add to the run's summary (e.g. the structured-output mode). */
export interface ExtractorSetup {
  extractor: Extractor;
  /** Shown before the run, e.g. "llm gpt-4.1 at https://…". */
  label: string;
  notes?: () => string[];
}

/** What a batch submission printed, and whether it ended as the command should exit. */
export interface BatchSubmissionReport {
  lines: string[];
  exitCode: number;
}

/**
 * One choice of `extract --extractor NAME`: its own options (added to the command) and how to build
 * it from the parsed options. The common options (--name, --concurrency, --only-sampled) are the
 * command's; `options` holds them all, as commander parsed them. An extractor that calls an
 * endpoint may also submit its run to the Batch API (`--batch`).
 */
export interface ExtractorImplementation {
  addOptions?: (command: Command) => void;
  create: (options: Record<string, unknown>, context: ExtractCommandContext) => ExtractorSetup;
  /**
   * Instead of a run, an answer to print (e.g. the rules' `--explain ARGUMENT_ID`), or undefined
   * when the options ask for none.
   */
  explain?: (options: Record<string, unknown>, context: ExtractCommandContext) => Promise<string | undefined>;
  submitBatch?: (
    options: Record<string, unknown>,
    context: ExtractCommandContext & { onlySampled: boolean },
  ) => Promise<BatchSubmissionReport>;
}

const extractOptionsSchema = z.object({
  extractor: z.string().min(1),
  name: z.string().trim().min(1).optional(),
  concurrency: positiveInt.max(1024),
  onlySampled: z.boolean().default(false),
  batch: z.boolean().default(false),
});

/**
 * `extract --extractor NAME`: runs an extractor over the study's arguments (resumable), or with
 * `--batch` submits the run as Batch API jobs. Each entry of `implementations` is one `--extractor`
 * choice.
 */
export function registerExtract(
  program: Command,
  io: CliIo,
  globals: () => GlobalOptions,
  implementations: Readonly<Record<string, ExtractorImplementation>>,
): void {
  const choices = Object.keys(implementations);
  const command = program
    .command('extract')
    .description(
      'list the factors each argument asserts, per case, with an extractor; resumable (extracted arguments are skipped, failed ones retried)',
    )
    .requiredOption('--extractor <kind>', choices.join('|'))
    .option('--name <name>', 'the extractor name stored with its extractions (default: the model, for llm)')
    .option('--only-sampled', "only the arguments of the study's latest sample", false);
  for (const implementation of Object.values(implementations)) implementation.addOptions?.(command);
  if (!command.options.some((option) => option.long === '--concurrency'))
    command.option('--concurrency <n>', 'the most arguments under way at once', '8');

  command.action(async (rawOptions: Record<string, unknown>) => {
    const common = parseOptions(extractOptionsSchema, rawOptions, io);
    const implementation = implementations[common.extractor];
    if (!implementation) {
      io.stderr(`error: --extractor: "${common.extractor}" is not one of ${choices.join(', ')}\n`);
      throw new CliExit(1);
    }
    if (common.batch && !implementation.submitBatch) {
      io.stderr(
        `error: --batch: the ${common.extractor} extractor calls no endpoint; run it without --batch\n`,
      );
      throw new CliExit(1);
    }
    await withDatabase(globals, io, async (db) => {
      const study = await requireStudy(db, globals().study);
      const context = { db, studyId: study.id, studyName: study.name, io };
      const explanation = await implementation.explain?.(rawOptions, context);
      if (explanation !== undefined) {
        io.stdout(explanation);
        return;
      }
      if (common.batch && implementation.submitBatch) {
        const report = await implementation.submitBatch(rawOptions, {
          ...context,
          onlySampled: common.onlySampled,
        });
        io.stdout(`${report.lines.join('\n')}\n`);
        if (report.exitCode !== 0) throw new CliExit(report.exitCode);
        return;
      }
      const setup = implementation.create(rawOptions, context);
      const progress = createRunProgress(io, setup.extractor.name);
      const summary = await interruptible(io, (signal) =>
        runExtraction({
          db,
          study: study.name,
          extractor: setup.extractor,
          concurrency: common.concurrency,
          onlySampled: common.onlySampled,
          signal,
          onProgress: (counters) => progress.update(counters),
        }),
      ).finally(() => progress.stop());
      const waiting = summary.inBatch > 0 ? `, ${summary.inBatch} in a batch job (see batch status)` : '';
      const lines = [
        `extract: extractor "${summary.extractor}" (${setup.label})`,
        `  arguments ${summary.considered}${common.onlySampled ? ' (latest sample)' : ''}: ${summary.skipped} already extracted with these parameters${waiting}, ${summary.total} to do`,
      ];
      if (summary.total > 0) {
        const calls =
          summary.calls + summary.cacheHits > 0
            ? `, calls ${summary.calls} (${summary.retries} retries), cache hits ${summary.cacheHits}, tokens ${tokens(summary.inputTokens, summary.outputTokens)}`
            : '';
        lines.push(
          `  extracted ${summary.extracted}, failed ${summary.failed}${calls}, ${summary.seconds.toFixed(1)} s`,
          ...(setup.notes?.() ?? []),
        );
        for (const failure of summary.failures.slice(0, 10))
          lines.push(`  failed ${failure.argumentId}: ${failure.error}`);
        if (summary.failures.length > 10) lines.push(`  … and ${summary.failures.length - 10} more`);
        if (summary.failed > 0)
          lines.push(
            `  ${summary.failed} failed extraction(s) are stored as failed with their error; run the same command again to retry them`,
          );
      }
      if (summary.interrupted) lines.push('  interrupted: run the same command again to continue');
      io.stdout(`${lines.join('\n')}\n`);
      if (summary.interrupted) throw new CliExit(130);
    });
  });
}
