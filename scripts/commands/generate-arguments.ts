import type { Command } from 'commander';
import { z } from 'zod';
import { generateArguments, submitGenerationBatch } from '../../server/services/llm/index.ts';
import { testSchema } from '../../shared/vocabulary.ts';
import { CliExit, type CliIo, type GlobalOptions, withDatabase } from '../io.ts';
import { createSubmitProgress } from './batch/options.ts';
import { submissionExitCode, submissionLines } from './batch/print.ts';
import {
  addBatchLimitOptions,
  addEndpointOptions,
  batchSubmissionFor,
  chatClientFor,
  modelRunOptionsSchema,
  parseModelRun,
} from './llm-options.ts';
import { createRunProgress, interruptible, tokens } from './progress.ts';

const generateArgumentsSchema = modelRunOptionsSchema.extend({
  test: z.coerce.number().pipe(testSchema),
  batch: z.boolean().default(false),
});

/**
 * `generate arguments`: one argument per triple of the test's mode, from an OpenAI-compatible
 * endpoint, call by call or (`--batch`) as Batch API jobs.
 */
export function registerGenerateArguments(generate: Command, io: CliIo, globals: () => GlobalOptions): void {
  const command = generate
    .command('arguments')
    .description(
      "ask a model for a 3-ply argument on every triple of the test's mode that has none from it yet (resumable)",
    )
    .requiredOption('--model <name>', 'the model that writes the arguments (as the endpoint names it)')
    .requiredOption('--test <n>', '1 (arguable triples), 2 (reordered) or 3 (non-arguable)')
    .option('--batch', 'submit the requests to the Batch API (half price, within 24 h) instead', false);
  addBatchLimitOptions(command, '[--batch] ');
  addEndpointOptions(command, { temperature: '0.1', maxTokens: '2000', concurrency: '8' }).action(
    async (rawOptions: unknown) => {
      const { options, endpoint, prompt } = parseModelRun(
        generateArgumentsSchema,
        rawOptions,
        io,
        'argument',
      );
      const test = options.test;
      // What the requests are, the same call by call and in a batch.
      const config = {
        endpoint: endpoint.baseURL,
        model: options.model,
        test,
        prompt,
        temperature: options.temperature,
        maxTokens: options.maxTokens,
      };
      const head = `generate arguments${options.batch ? ' --batch' : ''}: model ${options.model}, test ${test}, ${endpoint.baseURL}, prompt ${prompt.source} (${prompt.hash.slice(0, 12)})`;
      await withDatabase(globals, io, async (db) => {
        if (options.batch) {
          const progress = createSubmitProgress(io, `test ${test}`);
          const summary = await interruptible(io, (signal) =>
            submitGenerationBatch({
              db,
              study: globals().study,
              config,
              ...batchSubmissionFor(io, options, endpoint),
              signal,
              onProgress: (counters) => progress.update(counters),
            }),
          ).finally(() => progress.stop());
          for (const warning of summary.warnings) io.stderr(`warning: ${warning}\n`);
          const waiting = summary.inBatch > 0 ? `, ${summary.inBatch} in a batch job already` : '';
          const toDo = summary.triples - summary.skipped - summary.inBatch;
          const lines = [
            head,
            `  triples ${summary.triples}: ${summary.skipped} already argued${waiting}, ${toDo} to do`,
            ...submissionLines(summary),
          ];
          io.stdout(`${lines.join('\n')}\n`);
          const exitCode = submissionExitCode(summary);
          if (exitCode !== 0) throw new CliExit(exitCode);
          return;
        }
        const progress = createRunProgress(io, `test ${test}`);
        const summary = await interruptible(io, (signal) =>
          generateArguments({
            db,
            study: globals().study,
            chat: chatClientFor(options, endpoint),
            ...config,
            concurrency: options.concurrency,
            signal,
            onProgress: (counters) => progress.update(counters),
          }),
        ).finally(() => progress.stop());
        for (const warning of summary.warnings) io.stderr(`warning: ${warning}\n`);
        const waiting = summary.inBatch > 0 ? `, ${summary.inBatch} in a batch job (see batch status)` : '';
        const lines = [
          head,
          `  triples ${summary.triples}: ${summary.skipped} already argued${waiting}, ${summary.total} to do`,
          `  generated ${summary.generated} (${summary.truncated} cut off at --max-tokens), failed ${summary.failed}, calls ${summary.calls} (${summary.retries} retries), tokens ${tokens(summary.inputTokens, summary.outputTokens)}, ${summary.seconds.toFixed(1)} s`,
          ...summary.failures.slice(0, 10).map((failure) => `  failed ${failure.tripleId}: ${failure.error}`),
          ...(summary.failures.length > 10 ? [`  … and ${summary.failures.length - 10} more`] : []),
          ...(summary.failed > 0 ? ['  run the same command again to retry the failed triples'] : []),
          ...(summary.interrupted ? ['  interrupted: run the same command again to continue'] : []),
        ];
        io.stdout(`${lines.join('\n')}\n`);
        if (summary.interrupted) throw new CliExit(130);
      });
    },
  );
}
