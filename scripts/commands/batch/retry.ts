import type { Command } from 'commander';
import { listBatchJobStates, resubmitBatchJob } from '../../../server/services/llm/index.ts';
import { CliExit, type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../../io.ts';
import { addBatchLimitOptions, batchApiFor, batchLimitOptionsSchema, batchLimitsOf } from '../llm-options.ts';
import { interruptible } from '../progress.ts';
import { addBatchCommandOptions, batchCommandOptionsSchema } from './options.ts';
import { submissionExitCode, submissionLines } from './print.ts';

const retryOptionsSchema = batchCommandOptionsSchema.extend(batchLimitOptionsSchema.shape);

/**
 * `batch retry [--job N]`: resubmits the requests without a usable result (never ran, failed, or
 * prepared but not sent) of one job, or of every job of the study that has some.
 */
export function registerBatchRetry(batch: Command, io: CliIo, globals: () => GlobalOptions): void {
  const command = batch
    .command('retry')
    .description(
      'resubmit the requests of a job that expired, were cancelled, failed or were never sent; stored results are never asked for again',
    );
  addBatchCommandOptions(command, 'only this job (default: every job of the study with such requests)');
  addBatchLimitOptions(command).action(async (rawOptions: unknown) => {
    const options = parseOptions(retryOptionsSchema, rawOptions, io);
    const apiFor = batchApiFor(io, options);
    await withDatabase(globals, io, async (db) => {
      const study = globals().study;
      const jobs = (await listBatchJobStates(db, study, options.job)).filter(
        (state) =>
          options.job !== undefined ||
          (state.requests.failed ?? 0) + (state.requests.unanswered ?? 0) + (state.requests.prepared ?? 0) >
            0,
      );
      const lines = ['batch retry'];
      if (jobs.length === 0) lines.push('  nothing to retry');
      let exitCode = 0;
      for (const state of jobs) {
        const summary = await interruptible(io, (signal) =>
          resubmitBatchJob({
            db,
            study,
            jobId: state.job.id,
            api: apiFor(state.job.endpoint),
            limits: batchLimitsOf(options),
            signal,
          }),
        );
        lines.push(
          `  job ${state.job.id}: ${summary.alreadyDone} already have a usable result (settled, not sent)`,
        );
        lines.push(...submissionLines(summary));
        exitCode = Math.max(exitCode, submissionExitCode(summary));
        if (summary.interrupted) break;
      }
      io.stdout(`${lines.join('\n')}\n`);
      if (exitCode !== 0) throw new CliExit(exitCode);
    });
  });
}
