import type { Command } from 'commander';
import { cancelBatchJob } from '../../../server/services/llm/index.ts';
import { CliExit, type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../../io.ts';
import { batchApiFor } from '../llm-options.ts';
import { batchCommandOptionsSchema } from './options.ts';
import { jobLines } from './print.ts';

const cancelOptionsSchema = batchCommandOptionsSchema.required({ job: true });

/** `batch cancel --job N`: asks the provider to cancel the job's running batches. */
export function registerBatchCancel(batch: Command, io: CliIo, globals: () => GlobalOptions): void {
  batch
    .command('cancel')
    .description(
      "cancel a job's running batches; what they finished is kept (batch collect), the rest can be resubmitted (batch retry)",
    )
    .requiredOption('--job <n>', 'the job whose batches to cancel')
    .option('--timeout-ms <ms>', 'give up on a provider call after this long', '60000')
    .option('--max-retries <n>', 'retries of a provider call for 429/5xx/connection errors', '6')
    .action(async (rawOptions: unknown) => {
      const options = parseOptions(cancelOptionsSchema, rawOptions, io);
      await withDatabase(globals, io, async (db) => {
        const state = await cancelBatchJob({
          db,
          study: globals().study,
          jobId: options.job,
          apiFor: batchApiFor(io, options),
        });
        io.stdout(`${['batch cancel', ...jobLines(state)].join('\n')}\n`);
        if (state.problems.size > 0) throw new CliExit(1);
      });
    });
}
