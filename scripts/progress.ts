import { SingleBar } from 'cli-progress';
import type { CliIo } from './io.ts';

export interface Progress {
  update: (phase: string, done: number, total: number) => void;
  stop: () => void;
}

/**
 * A progress bar on stderr when it is a terminal; silent otherwise (pipes, CI, tests), so output that
 * is redirected to a file stays clean.
 */
export function createProgress(io: CliIo, unit: 'bytes' | 'records'): Progress {
  if (!io.interactive) return { update: () => {}, stop: () => {} };
  const bar = new SingleBar({
    format: '{phase} [{bar}] {percentage}% | {value}/{total} {unit} | ETA {eta_formatted}',
    stream: process.stderr,
    hideCursor: true,
    clearOnComplete: true,
  });
  let currentPhase = '';
  return {
    update(phase, done, total) {
      if (phase !== currentPhase) {
        if (currentPhase !== '') bar.stop();
        bar.start(total, done, { phase: phase.padEnd(7), unit: phase === 'reading' ? unit : 'records' });
        currentPhase = phase;
      } else {
        bar.update(done);
      }
    },
    stop() {
      if (currentPhase !== '') bar.stop();
    },
  };
}
