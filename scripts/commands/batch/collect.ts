import type { Command } from 'commander';
import { collectBatchJobs } from '../../../server/services/llm/index.ts';
import { CliExit, type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../../io.ts';
import { batchApiFor } from '../llm-options.ts';
import { createProgress, interruptible } from '../progress.ts';
import {
  addBatchCommandOptions,
  addWaitOptions,
  waitCommandOptionsSchema,
  waitWithProgress,
} from './options.ts';
import { collectedLines, jobLines } from './print.ts';

/**
 * `batch collect [--job N] [--wait]`: stores the results of every batch that has ended (successes
 * with their provenance, failures as failed extractions with their error); with `--wait`, first
 * waits until every batch has ended.
 */
export function registerBatchCollect(batch: Command, io: CliIo, globals: () => GlobalOptions): void {
  const command = batch
    .command('collect')
    .description(
      'download the output and error files of every batch that has ended and store each result (collecting again changes nothing)',
    );
  addBatchCommandOptions(command, 'only this job (default: every job of the study)');
  addWaitOptions(command, 'first poll (with backoff) until every batch has ended').action(
    async (rawOptions: unknown) => {
      const options = parseOptions(waitCommandOptionsSchema, rawOptions, io);
      const apiFor = batchApiFor(io, options);
      await withDatabase(globals, io, async (db) => {
        const request = { db, study: globals().study, jobId: options.job, apiFor };
        const summary = await interruptible(io, async (signal) => {
          if (options.wait && (await waitWithProgress(io, request, options, signal)) === null) return null;
          const progress = createProgress<{ done: number; total: number }>(
            io,
            'collecting [{bar}] {value} stored',
          );
          try {
            return await collectBatchJobs({
              ...request,
              signal,
              onProgress: (settled) => progress.update({ done: settled, total: settled }),
            });
          } finally {
            progress.stop();
          }
        });
        if (!summary) {
          io.stdout('batch collect: interrupted while waiting; nothing was collected\n');
          throw new CliExit(130);
        }
        const lines = ['batch collect'];
        if (summary.batches.length === 0) lines.push('  nothing to collect: every batch is collected');
        for (const report of summary.batches)
          lines.push(
            ...collectedLines(
              report,
              summary.jobs.find((state) => state.job.id === report.jobId),
            ),
          );
        const touched = new Set(summary.batches.map((report) => report.jobId));
        for (const state of summary.jobs.filter((each) => touched.has(each.job.id)))
          lines.push(...jobLines(state));
        if (summary.interrupted) lines.push('  interrupted: run the same command again to continue');
        io.stdout(`${lines.join('\n')}\n`);
        if (summary.interrupted) throw new CliExit(130);
        if (summary.batches.some((report) => report.error)) throw new CliExit(1);
      });
    },
  );
}
