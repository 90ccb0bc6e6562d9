import type { Command } from 'commander';
import { z } from 'zod';
import { InterruptedError } from '../../../server/services/concurrency/index.ts';
import {
  type BatchJobState,
  type BatchWaitProgress,
  type RefreshRequest,
  type SubmitProgress,
  waitForBatchJobs,
} from '../../../server/services/llm/index.ts';
import type { CliIo } from '../../io.ts';
import { positiveInt } from '../llm-options.ts';
import { createProgress, type Progress } from '../progress.ts';

/** Options every `batch` subcommand takes: which job, and how provider calls are made. */
export const batchCommandOptionsSchema = z.object({
  job: positiveInt.optional(),
  timeoutMs: positiveInt,
  maxRetries: z.coerce.number().int().min(0).max(100),
});

export function addBatchCommandOptions(command: Command, jobHelp: string): Command {
  return command
    .option('--job <n>', jobHelp)
    .option(
      '--timeout-ms <ms>',
      'give up on a provider call after this long (uploads: at least 10 minutes)',
      '60000',
    )
    .option('--max-retries <n>', 'retries of a provider call for 429/5xx/connection errors', '6');
}

/** `--wait` with its polling: the first wait and the longest (each wait 1.5 times the last). */
export const waitOptionsSchema = z.object({
  wait: z.boolean().default(false),
  pollMs: positiveInt,
  pollMaxMs: positiveInt,
});

/** The options of a `batch` subcommand that can `--wait`. */
export const waitCommandOptionsSchema = batchCommandOptionsSchema.extend(waitOptionsSchema.shape);

export function addWaitOptions(command: Command, waitHelp: string): Command {
  return command
    .option('--wait', waitHelp, false)
    .option('--poll-ms <ms>', 'the first wait between polls while --wait-ing', '5000')
    .option(
      '--poll-max-ms <ms>',
      'the longest wait between polls (each wait is 1.5 times the last)',
      '60000',
    );
}

/**
 * `--wait`: polls with the wait bar until every batch not yet collected has ended; null when
 * interrupted (nothing is lost: the state is stored at every poll).
 */
export async function waitWithProgress(
  io: CliIo,
  request: RefreshRequest,
  options: z.infer<typeof waitOptionsSchema>,
  signal: AbortSignal,
): Promise<BatchJobState[] | null> {
  const progress = createWaitProgress(io);
  try {
    return await waitForBatchJobs({
      ...request,
      pollMs: options.pollMs,
      pollMaxMs: Math.max(options.pollMs, options.pollMaxMs),
      signal,
      onProgress: (counters) => progress.update(counters),
    });
  } catch (error) {
    if (!(error instanceof InterruptedError)) throw error;
    return null;
  } finally {
    progress.stop();
  }
}

/** The bar while waiting for batches: requests done at the provider, and batches ended. */
export function createWaitProgress(io: CliIo): Progress<BatchWaitProgress> {
  return createProgress<BatchWaitProgress>(
    io,
    'batches [{bar}] {value}/{total} requests | {ended}/{batches} batches ended | ETA {eta_formatted}',
    (counters) => ({ ended: counters.ended, batches: counters.batches }),
  );
}

/** The bar while a submission prepares, writes and uploads its request files. */
export function createSubmitProgress(io: CliIo, label: string): Progress<SubmitProgress> {
  return createProgress<SubmitProgress>(io, `${label} batch {phase} [{bar}] {value}/{total}`, (counters) => ({
    phase: counters.phase,
  }));
}
