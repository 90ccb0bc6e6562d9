import type { CoverageDesign } from '../../../shared/coverage-check-api.ts';
import type { ReportInput } from '../../../shared/scoring/index.ts';
import { type CoverageTally, emptyTally, mergeTallies } from '../../../shared/simulation/coverage-tally.ts';
import {
  type CoverageSettings,
  shareStudies,
  simulateCoverage,
} from '../../../shared/simulation/simulate-coverage.ts';
import { startWorker } from '../../worker-thread.ts';

/** Where a coverage worker finds a study: a database file it opens read-only, or rows loaded by the caller (in memory). */
export type CoverageStudySource =
  | { kind: 'file'; file: string; study: { id: number; name: string } }
  | { kind: 'loaded'; input: ReportInput; revision: number };

/**
 * What a coverage worker is given: a share of a coverage study's settings (the CLI's workers), or a
 * whole study to load, estimate and simulate with the rest of the settings (the server's job).
 */
export type CoverageWorkerJob =
  | { kind: 'share'; settings: CoverageSettings; studies: number[] }
  | { kind: 'study'; source: CoverageStudySource; settings: Omit<CoverageSettings, 'scenario'> };

export type CoverageWorkerMessage =
  | { kind: 'progress'; done: number }
  | { kind: 'design'; design: CoverageDesign; fingerprint: string; revision: number }
  | { kind: 'done'; tally: CoverageTally }
  | { kind: 'no-design'; message: string }
  | { kind: 'failed'; message: string };

/** A study's coverage as simulated by `runStudyCoverage`: the tally and the design it was simulated at. */
export interface StudyCoverage {
  tally: CoverageTally;
  design: CoverageDesign;
  fingerprint: string;
  revision: number;
}

/** The study has no design to simulate (fewer than two gold arguments): the caller's to fix, not a crash. */
export class NoDesignError extends Error {}

interface WorkerHandlers {
  signal?: AbortSignal | undefined;
  onProgress: (done: number) => void;
  onDesign?: (message: Extract<CoverageWorkerMessage, { kind: 'design' }>) => void;
}

/** Runs one coverage worker to its tally; aborting `signal` terminates the thread at once. */
function runWorker(job: CoverageWorkerJob, { signal, onProgress, onDesign }: WorkerHandlers) {
  return new Promise<CoverageTally>((resolve, reject) => {
    signal?.throwIfAborted();
    const worker = startWorker(import.meta.url, 'coverage-worker', job);
    let answered = false;
    const abort = () => {
      answered = true;
      void worker.terminate();
      reject(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => {
      answered = true;
      signal?.removeEventListener('abort', abort);
    };
    worker.on('message', (message: CoverageWorkerMessage) => {
      if (message.kind === 'progress') onProgress(message.done);
      else if (message.kind === 'design') onDesign?.(message);
      else {
        settle();
        if (message.kind === 'done') resolve(message.tally);
        else if (message.kind === 'no-design') reject(new NoDesignError(message.message));
        else reject(new Error(`a coverage worker failed: ${message.message}`));
      }
    });
    worker.once('error', (error) => {
      settle();
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`a coverage worker exited with code ${code} before answering`));
      settle();
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
      runWorker(
        { kind: 'share', settings, studies },
        {
          onProgress: (count) => {
            done[w] = count;
            onProgress(done.reduce((sum, value) => sum + value, 0));
          },
        },
      ),
    ),
  );
  return tallies.reduce(mergeTallies, emptyTally());
}

/**
 * The server's coverage check: one worker thread loads the study (from `source`), estimates its
 * design (`studyDesign`), and simulates all R studies of it, so neither the loading nor the
 * simulation runs on the server's thread. `onProgress` hears each simulated study; aborting
 * `signal` ends the thread. A study without a design rejects with `NoDesignError`.
 */
export async function runStudyCoverage(
  source: CoverageStudySource,
  settings: Omit<CoverageSettings, 'scenario'>,
  { signal, onProgress }: { signal?: AbortSignal; onProgress: (done: number) => void },
): Promise<StudyCoverage> {
  let design: Extract<CoverageWorkerMessage, { kind: 'design' }> | null = null;
  const tally = await runWorker(
    { kind: 'study', source, settings },
    {
      signal,
      onProgress,
      onDesign: (message) => {
        design = message;
      },
    },
  );
  const found = design as Extract<CoverageWorkerMessage, { kind: 'design' }> | null;
  if (found === null) throw new Error('a coverage worker answered without the design it simulated');
  return { tally, design: found.design, fingerprint: found.fingerprint, revision: found.revision };
}
