import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { ReportInput } from '../../../shared/scoring/index.ts';
import { simulateCoverage } from '../../../shared/simulation/simulate-coverage.ts';
import { SqliteDb } from '../../store/db.ts';
import { describeDesign, studyDesign } from '../report/study-design.ts';
import { loadReportInput } from '../report/study-report.ts';
import type { CoverageWorkerJob, CoverageWorkerMessage } from './coverage-runner.ts';

/**
 * The entry of a coverage worker thread. A `share` (the CLI's workers, `runCoverageInWorkers`)
 * simulates its studies; a `study` (the server's check, `runStudyCoverage`) first loads the study
 * through a read-only connection of its own (or takes the rows loaded for an in-memory database),
 * estimates its design and posts it, then simulates every study. Either posts a progress message
 * after each simulated study, then its tally (or why it could not).
 */
const post = (message: CoverageWorkerMessage) => parentPort?.postMessage(message);

async function loadStudy(job: Extract<CoverageWorkerJob, { kind: 'study' }>): Promise<{
  input: ReportInput;
  revision: number;
}> {
  if (job.source.kind === 'loaded') return job.source;
  const db = new SqliteDb(job.source.file, { readonly: true });
  try {
    const { input, revision } = await loadReportInput(db, job.source.study);
    return { input, revision };
  } finally {
    await db.close();
  }
}

async function run(job: CoverageWorkerJob): Promise<void> {
  const progress = (done: number) => post({ kind: 'progress', done });
  try {
    if (job.kind === 'share') {
      post({ kind: 'done', tally: simulateCoverage(job.settings, job.studies, progress) });
      return;
    }
    const { input, revision } = await loadStudy(job);
    let design: ReturnType<typeof studyDesign>;
    try {
      design = studyDesign(input);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      post({ kind: 'no-design', message: error.message.replace(/^scenarioFromStudy: /, '') });
      return;
    }
    post({
      kind: 'design',
      design: describeDesign(design.scenario, design.notes),
      fingerprint: design.fingerprint,
      revision,
    });
    const settings = { ...job.settings, scenario: design.scenario };
    const studies = Array.from({ length: settings.replicates }, (_, r) => r);
    post({ kind: 'done', tally: simulateCoverage(settings, studies, progress) });
  } catch (error) {
    post({
      kind: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}

/**
 * The server's check is batch work beside the requests and the report worker: at niceness 15 every
 * other thread of the server takes the CPU first (as report-worker.ts, one step further down).
 */
const job = workerData as CoverageWorkerJob;
if (job.kind === 'study')
  try {
    setPriority(15);
  } catch {
    // Not permitted or not supported here: the check still runs off the server's thread.
  }
await run(job);
