import { Worker } from 'node:worker_threads';
import { errors } from '../../errors.ts';
import type { PreparedReport } from './compute-report.ts';
import type { ReportFormat } from './format-report.ts';

/** What a report worker is given: the prepared report and the format to render it in. */
export interface ReportJob {
  prepared: PreparedReport;
  format: ReportFormat;
}

/** What a report worker answers: the rendered report, or why it could not. */
export type ReportWorkerAnswer = { ok: true; text: string } | { ok: false; message: string };

/**
 * Reports computed at once, and waiting. The machine has two cores shared with everything else: one
 * report at a time leaves a core to the requests, a few waiting cover admins who click twice, and
 * beyond that the caller is told to come back (429) instead of queueing unbounded work.
 */
const RUNNING_AT_ONCE = 1;
const WAITING_AT_MOST = 4;

const WORKER_URL = new URL('./report-worker.ts', import.meta.url).href;
// The worker runs TypeScript as the server does: through tsx, registered before the entry is imported.
// Resolved here, so the worker finds tsx whatever the current directory.
const TSX_API = import.meta.resolve('tsx/esm/api');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)})
  .then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); })
  .catch((error) => { console.error(error); process.exit(1); });`;

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
 * Computes and renders a prepared report in a worker thread, so the bootstrap (seconds for a large
 * study at 10,000 replicates) never blocks the server's event loop: other requests are answered
 * meanwhile. One worker per report, ended when it answers; aborting (the client went away) ends it
 * at once. A failure inside the worker is a server error, logged with the worker's stack.
 */
export async function renderReportInWorker(job: ReportJob, signal?: AbortSignal): Promise<string> {
  signal?.throwIfAborted();
  await acquireSlot(signal);
  try {
    // The caller may have gone while waiting for the slot (or the moment it was free).
    signal?.throwIfAborted();
    return await runWorker(job, signal);
  } finally {
    releaseSlot();
  }
}

function runWorker(job: ReportJob, signal: AbortSignal | undefined): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: job });
    const abort = () => {
      void worker.terminate();
      reject(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    worker.once('message', (answer: ReportWorkerAnswer) => {
      settle();
      if (answer.ok) resolve(answer.text);
      else reject(new Error(`the report worker failed: ${answer.message}`));
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
