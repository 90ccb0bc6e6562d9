import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteDb } from '../../store/db.ts';
import { computeReport, type PreparedReport } from './compute-report.ts';
import { formatReport } from './format-report.ts';
import { REPORT_STEPS, type ReportJob, type ReportWorkerMessage } from './report-runner.ts';
import { LOADING_STEPS, loadReportInput } from './study-report.ts';

/**
 * The entry of a report worker thread (`runReportJob`): loads the study, computes and renders one
 * report from `workerData`, posting its progress at every stage, then the text (UTF-8, its buffer
 * transferred, not copied) or the error's message, and ends.
 *
 * For a database file the worker loads the rows itself, through a read-only connection of its own
 * (WAL lets it read while the server writes), so not even the loading — seconds for a large study —
 * runs on the server's thread. An in-memory database (the tests) cannot be opened twice: its rows come
 * loaded in the job.
 */
function post(message: ReportWorkerMessage, transfer: ArrayBuffer[] = []): void {
  parentPort?.postMessage(message, transfer);
}

async function run(job: ReportJob): Promise<void> {
  try {
    let prepared: Omit<PreparedReport, 'options'>;
    let revision: number;
    if (job.source.kind === 'file') {
      const db = new SqliteDb(job.source.file, { readonly: true });
      try {
        const result = await loadReportInput(db, job.source.study, (step) =>
          post({
            type: 'progress',
            progress: {
              phase: 'loading',
              step: 1 + LOADING_STEPS.indexOf(step),
              steps: REPORT_STEPS,
              detail: `loading ${step}`,
            },
          }),
        );
        prepared = result;
        revision = result.revision;
      } finally {
        await db.close();
      }
    } else {
      prepared = job.source;
      revision = job.source.revision;
    }
    post({
      type: 'progress',
      progress: {
        phase: 'computing',
        step: REPORT_STEPS - 1,
        steps: REPORT_STEPS,
        detail: 'computing the figures',
      },
    });
    const report = computeReport({ ...prepared, options: job.options });
    post({
      type: 'progress',
      progress: {
        phase: 'rendering',
        step: REPORT_STEPS,
        steps: REPORT_STEPS,
        detail: `rendering ${job.format}`,
      },
    });
    const body = Buffer.from(formatReport(report, job.format), 'utf8');
    // A Buffer may be a view into a shared pool: copy into a buffer of its own to transfer it.
    const bytes = new Uint8Array(body.byteLength);
    bytes.set(body);
    post({ type: 'done', body: bytes, revision, generatedAt: report.meta.generated_at }, [bytes.buffer]);
  } catch (error) {
    post({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}

/**
 * A report is batch work next to the server's requests. On Linux a thread has a priority of its own
 * (`setPriority` with no pid sets the calling thread's): at niceness 10 the server's thread, at 0,
 * takes the CPU first whenever both want it, so a report on a two-core machine cannot delay the answers
 * to annotators; the report gets every cycle they leave. Where the platform refuses, it runs as is.
 */
const REPORT_NICENESS = 10;
try {
  setPriority(REPORT_NICENESS);
} catch {
  // Not permitted or not supported here: the report still runs off the server's thread.
}

await run(workerData as ReportJob);
