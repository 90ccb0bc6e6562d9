import type { Command } from 'commander';
import { refreshBatchJobs } from '../../../server/services/llm/index.ts';
import { CliExit, type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../../io.ts';
import { batchApiFor } from '../llm-options.ts';
import { interruptible } from '../progress.ts';
import {
  addBatchCommandOptions,
  addWaitOptions,
  waitCommandOptionsSchema,
  waitWithProgress,
} from './options.ts';
import { jobLines } from './print.ts';

/** `batch status [--job N] [--wait]`: each job's requests and each batch's state, asked of the provider. */
export function registerBatchStatus(batch: Command, io: CliIo, globals: () => GlobalOptions): void {
  const command = batch
    .command('status')
    .description("each batch job's requests and each batch's state and counts, as the provider says now");
  addBatchCommandOptions(command, 'only this job (default: every job of the study)');
  addWaitOptions(command, 'poll (with backoff) until every batch not yet collected has ended').action(
    async (rawOptions: unknown) => {
      const options = parseOptions(waitCommandOptionsSchema, rawOptions, io);
      const apiFor = batchApiFor(io, options);
      await withDatabase(globals, io, async (db) => {
        const request = { db, study: globals().study, jobId: options.job, apiFor };
        const waited = options.wait
          ? await interruptible(io, (signal) => waitWithProgress(io, request, options, signal))
          : undefined;
        const interrupted = waited === null;
        const states = waited ?? (await refreshBatchJobs(request));
        if (states.length === 0) io.stdout(`no batch jobs in study "${globals().study}"\n`);
        else io.stdout(`${states.flatMap(jobLines).join('\n')}\n`);
        if (interrupted) throw new CliExit(130);
      });
    },
  );
}
