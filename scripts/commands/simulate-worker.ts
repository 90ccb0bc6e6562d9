import { parentPort, workerData } from 'node:worker_threads';
import { simulateCoverage } from '../../shared/simulation/simulate-coverage.ts';
import type { SimulationJob, SimulationWorkerMessage } from './simulate-runner.ts';

/**
 * The entry of a coverage worker thread (`runCoverageInWorkers`): simulates its share of the
 * studies, posting a progress message after each, then its tally (or the error's message).
 */
function run(job: SimulationJob): void {
  const post = (message: SimulationWorkerMessage) => parentPort?.postMessage(message);
  try {
    const tally = simulateCoverage(job.settings, job.studies, (done) => post({ kind: 'progress', done }));
    post({ kind: 'done', tally });
  } catch (error) {
    post({
      kind: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}

run(workerData as SimulationJob);
