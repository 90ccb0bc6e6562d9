import { Worker } from 'node:worker_threads';
import { type CoverageTally, emptyTally, mergeTallies } from '../../shared/simulation/coverage-tally.ts';
import {
  type CoverageSettings,
  shareStudies,
  simulateCoverage,
} from '../../shared/simulation/simulate-coverage.ts';

/** What a coverage worker is given: the settings and the study numbers it simulates. */
export interface SimulationJob {
  settings: CoverageSettings;
  studies: number[];
}

export type SimulationWorkerMessage =
  | { kind: 'progress'; done: number }
  | { kind: 'done'; tally: CoverageTally }
  | { kind: 'failed'; message: string };

const WORKER_URL = new URL('./simulate-worker.ts', import.meta.url).href;
// As the report worker: the thread runs TypeScript through tsx, registered before the entry is imported.
const TSX_API = import.meta.resolve('tsx/esm/api');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)})
  .then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); })
  .catch((error) => { console.error(error); process.exit(1); });`;

function runWorker(job: SimulationJob, onProgress: (done: number) => void): Promise<CoverageTally> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: job });
    let answered = false;
    worker.on('message', (message: SimulationWorkerMessage) => {
      if (message.kind === 'progress') onProgress(message.done);
      else {
        answered = true;
        if (message.kind === 'done') resolve(message.tally);
        else reject(new Error(`a coverage worker failed: ${message.message}`));
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`a coverage worker exited with code ${code} before answering`));
    });
  });
}

/**
 * Runs a coverage study over `workers` threads (1: in this thread), each simulating its share of
 * the studies (`shareStudies`), and merges their tallies — the same tally whatever the number of
 * workers. `onProgress` gets the studies done so far.
 */
export async function runCoverageInWorkers(
  settings: CoverageSettings,
  workers: number,
  onProgress: (done: number) => void,
): Promise<CoverageTally> {
  const shares = shareStudies(settings.replicates, settings.populations, workers);
  if (shares.length <= 1) return simulateCoverage(settings, shares[0] ?? [], onProgress);
  const done = shares.map(() => 0);
  const tallies = await Promise.all(
    shares.map((studies, w) =>
      runWorker({ settings, studies }, (count) => {
        done[w] = count;
        onProgress(done.reduce((sum, value) => sum + value, 0));
      }),
    ),
  );
  return tallies.reduce(mergeTallies, emptyTally());
}
