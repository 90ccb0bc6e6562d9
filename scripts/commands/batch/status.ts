import type { Command } from 'commander';
import { InterruptedError } from '../../../server/services/concurrency/index.ts';
import { refreshBatchJobs, waitForBatchJobs } from '../../../server/services/llm/index.ts';
import { CliExit, type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../../io.ts';
import { batchApiFor } from '../llm-options.ts';
import { interruptible } from '../progress.ts';
import {
  addBatchCommandOptions,
  addWaitOptions,
  batchCommandOptionsSchema,
  createWaitProgress,
  waitOptionsSchema,
} from './options.ts';
import { jobLines } from './print.ts';

const statusOptionsSchema = batchCommandOptionsSchema.extend(waitOptionsSchema.shape);

/** `batch status [--job N] [--wait]`: each job's requests and each batch's state, asked of the provider. */
export function registerBatchStatus(batch: Command, io: CliIo, globals: () => GlobalOptions): void {
  const command = batch
    .command('status')
    .description("each batch job's requests and each batch's state and counts, as the provider says now");
  addBatchCommandOptions(command, 'only this job (default: every job of the study)');
  addWaitOptions(command, 'poll (with backoff) until every batch not yet collected has ended').action(
    async (rawOptions: unknown) => {
      const options = parseOptions(statusOptionsSchema, rawOptions, io);
      const apiFor = batchApiFor(io, options);
      await withDatabase(globals, io, async (db) => {
        const request = { db, study: globals().study, jobId: options.job, apiFor };
        let interrupted = false;
        const states = options.wait
          ? await (async () => {
              const progress = createWaitProgress(io);
              try {
                return await interruptible(io, (signal) =>
                  waitForBatchJobs({
                    ...request,
                    pollMs: options.pollMs,
                    pollMaxMs: Math.max(options.pollMs, options.pollMaxMs),
                    signal,
                    onProgress: (counters) => progress.update(counters),
                  }),
                );
              } catch (error) {
                if (!(error instanceof InterruptedError)) throw error;
                interrupted = true;
                return refreshBatchJobs(request);
              } finally {
                progress.stop();
              }
            })()
          : await refreshBatchJobs(request);
        if (states.length === 0) io.stdout(`no batch jobs in study "${globals().study}"\n`);
        else io.stdout(`${states.flatMap(jobLines).join('\n')}\n`);
        if (interrupted) throw new CliExit(130);
      });
    },
  );
}
