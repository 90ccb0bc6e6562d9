import type { CoverageAppendix } from '../../../shared/coverage-check-api.ts';
import type { ReportProgress } from '../../../shared/report-jobs-api.ts';
import type { ReportInput, ReportOptions } from '../../../shared/scoring/index.ts';
import { errors } from '../../errors.ts';
import { startWorker } from '../../worker-thread.ts';
import type { ReportFormat } from './format-report.ts';
import { LOADING_STEPS } from './study-report.ts';

/**
 * Where a report worker finds the study: a database file it opens read-only itself, or (an
 * in-memory database, which another connection cannot open) the rows loaded by the caller.
 */
export type ReportSource =
  | { kind: 'file'; file: string; study: { id: number; name: string } }
  | { kind: 'loaded'; input: ReportInput; notes: string[]; revision: number; coverage?: CoverageAppendix };

/** What a report worker is given: where the rows are, how to compute, and the format to render. */
export interface ReportJob {
  source: ReportSource;
  options: ReportOptions;
  format: ReportFormat;
}

/** The stages a report goes through: waiting, the loading steps, computing, rendering. */
export const REPORT_STEPS = LOADING_STEPS.length + 2;

/** What a report worker posts: its progress, then the rendered report (UTF-8) or why it could not. */
export type ReportWorkerMessage =
  | { type: 'progress'; progress: ReportProgress }
  | { type: 'done'; body: Uint8Array; revision: number; generatedAt: string }
  | { type: 'failed'; message: string };

/** A rendered report: its bytes, the data revision it was computed at, and its `generated_at`. */
export interface RenderedReport {
  body: Buffer;
  revision: number;
  generatedAt: string;
}

/**
 * Reports computed at once, and waiting. The machine has two cores shared with everything else: one
 * report at a time leaves a core to the requests, a few waiting cover admins who click twice, and
 * beyond that the caller is told to come back (429) instead of queueing unbounded work.
 */
const RUNNING_AT_ONCE = 1;
const WAITING_AT_MOST = 4;

let running = 0;
const waiting: Array<() => void> = [];

/** Resolves when a slot is free; refuses (429) when too many reports are already waiting. */
async function acquireSlot(signal: AbortSignal | undefined): Promise<void> {
  if (running < RUNNING_AT_ONCE) {
    running += 1;
    return;
  }
  if (waiting.length >= WAITING_AT_MOST)
    throw errors.rateLimited('The server is computing other reports; try again in a minute.', 60);
  await new Promise<void>((resolve, reject) => {
    const start = () => {
      signal?.removeEventListener('abort', cancel);
      resolve();
    };
    const cancel = () => {
      const index = waiting.indexOf(start);
      if (index !== -1) waiting.splice(index, 1);
      reject(signal?.reason ?? new Error('aborted'));
    };
    waiting.push(start);
    signal?.addEventListener('abort', cancel, { once: true });
  });
  // The slot was handed over by `releaseSlot`, which did not decrement `running`.
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/**
 * Loads, computes and renders a report in a worker thread, so neither the loading nor the bootstrap
 * (seconds each for a large study) blocks the server's event loop: other requests are answered
 * meanwhile. One worker per report, ended when it answers; `onProgress` hears each stage; aborting
 * (the client went away, the job was cancelled) ends it at once, or takes it out of the queue. A
 * failure inside the worker is a server error, logged with the worker's stack.
 */
export async function runReportJob(
  job: ReportJob,
  {
    signal,
    onProgress = () => {},
  }: { signal?: AbortSignal; onProgress?: (progress: ReportProgress) => void } = {},
): Promise<RenderedReport> {
  signal?.throwIfAborted();
  onProgress({ phase: 'waiting', step: 0, steps: REPORT_STEPS, detail: 'waiting for the report worker' });
  await acquireSlot(signal);
  try {
    // The caller may have gone while waiting for the slot (or the moment it was free).
    signal?.throwIfAborted();
    return await runWorker(job, signal, onProgress);
  } finally {
    releaseSlot();
  }
}

function runWorker(
  job: ReportJob,
  signal: AbortSignal | undefined,
  onProgress: (progress: ReportProgress) => void,
): Promise<RenderedReport> {
  return new Promise<RenderedReport>((resolve, reject) => {
    const worker = startWorker(import.meta.url, 'report-worker', job);
    const abort = () => {
      void worker.terminate();
      reject(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    worker.on('message', (message: ReportWorkerMessage) => {
      if (message.type === 'progress') {
        onProgress(message.progress);
        return;
      }
      settle();
      if (message.type === 'done')
        resolve({
          body: Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength),
          revision: message.revision,
          generatedAt: message.generatedAt,
        });
      else reject(new Error(`the report worker failed: ${message.message}`));
    });
    worker.once('error', (error) => {
      settle();
      reject(error);
    });
    worker.once('exit', (code) => {
      settle();
      // After an answer this changes nothing; without one, the worker died.
      reject(new Error(`the report worker exited with code ${code} before answering`));
    });
  });
}
