import { SingleBar } from 'cli-progress';
import type { CliIo } from '../io.ts';

/**
 * Runs `work` with an abort signal that the first Ctrl-C fires (the calls under way are abandoned,
 * what was stored stays stored); a second Ctrl-C quits at once. Every long LLM command (a run, a
 * batch submission, waiting for batches, collecting them) goes through here.
 */
export async function interruptible<T>(io: CliIo, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    io.stderr('\ninterrupted: stopping; run the same command again to continue (Ctrl-C again quits now)\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

export interface Progress<Counters> {
  update(counters: Counters): void;
  stop(): void;
}

/**
 * A progress bar on stderr when stderr is a terminal, else silent. `format` is cli-progress's
 * (`{bar}`, `{value}`, `{total}`, `{eta_formatted}` and the keys `payload` returns).
 */
export function createProgress<Counters extends { done: number; total: number }>(
  io: CliIo,
  format: string,
  payload: (counters: Counters, seconds: number) => Record<string, string | number> = () => ({}),
): Progress<Counters> {
  if (!io.interactive) return { update: () => {}, stop: () => {} };
  const bar = new SingleBar({
    format,
    stream: process.stderr,
    hideCursor: true,
    clearOnComplete: true,
    etaBuffer: 50,
  });
  const started = performance.now();
  let running = false;
  return {
    update(counters) {
      const extra = payload(counters, Math.max(0.001, (performance.now() - started) / 1000));
      if (!running) {
        bar.start(counters.total, counters.done, extra);
        running = true;
      } else {
        bar.setTotal(counters.total);
        bar.update(counters.done, extra);
      }
    },
    stop() {
      if (running) bar.stop();
    },
  };
}

/**
 * The bar of an import, one per phase (reading the file in `unit`s, then checking and writing
 * records): each phase starts its own `createProgress` bar, named by the phase.
 */
export function createPhaseProgress(
  io: CliIo,
  unit: 'bytes' | 'records',
): { update: (phase: string, done: number, total: number) => void; stop: () => void } {
  let current: { phase: string; bar: Progress<{ done: number; total: number }> } | null = null;
  return {
    update(phase, done, total) {
      if (current?.phase !== phase) {
        current?.bar.stop();
        const units = phase === 'reading' ? unit : 'records';
        current = {
          phase,
          bar: createProgress(
            io,
            `${phase.padEnd(7)} [{bar}] {percentage}% | {value}/{total} ${units} | ETA {eta_formatted}`,
          ),
        };
      }
      current.bar.update({ done, total });
    },
    stop() {
      current?.bar.stop();
    },
  };
}

export interface RunCounters {
  done: number;
  total: number;
  failed: number;
  inputTokens: number;
  outputTokens: number;
}

/** The bar of a synchronous run: done/total, rate, ETA, tokens and failures. */
export function createRunProgress(io: CliIo, label: string): Progress<RunCounters> {
  return createProgress<RunCounters>(
    io,
    `${label} [{bar}] {value}/{total} | {rate}/s | ETA {eta_formatted} | tokens {tokens} | failed {failed}`,
    (counters, seconds) => ({
      rate: (counters.done / seconds).toFixed(1),
      tokens: (counters.inputTokens + counters.outputTokens).toLocaleString('en-US'),
      failed: counters.failed,
    }),
  );
}

/** "1,234 in / 56 out". */
export function tokens(input: number, output: number): string {
  return `${input.toLocaleString('en-US')} in / ${output.toLocaleString('en-US')} out`;
}

/** Bytes as "812 B", "4.1 MB". */
export function megabytes(bytes: number): string {
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
