import { parentPort, workerData } from 'node:worker_threads';
import { computeReport } from './compute-report.ts';
import { formatReport } from './format-report.ts';
import type { ReportJob, ReportWorkerAnswer } from './report-runner.ts';

/**
 * The entry of a report worker thread (`renderReportInWorker`): computes and formats one prepared
 * report from `workerData`, posts the text (or the error's message) and ends. It imports no store, so
 * the thread never touches the database: the main thread loaded the rows (which works for
 * `:memory:` databases too) and only the arithmetic — the bootstrap, seconds for a large study —
 * runs here.
 */
function run(job: ReportJob): ReportWorkerAnswer {
  try {
    return { ok: true, text: formatReport(computeReport(job.prepared), job.format) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.postMessage(run(workerData as ReportJob));
