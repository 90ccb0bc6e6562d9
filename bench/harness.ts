import { performance } from 'node:perf_hooks';

/** One measured figure, with the floor it is compared against (measured in the same run). */
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  floor?: { name: string; value: number };
}

/** What `npm run bench` hands every bench. */
export interface BenchOptions {
  /**
   * Study size as a multiple of the paper's (720 arguments): `npm run bench -- --scale 100` asks
   * for 72,000. 1 by default; a bench that does not scale ignores it.
   */
  scale: number;
  /**
   * Every other `--name value` pair of the command line (`npm run bench -- soak --minutes 5`), for
   * the bench that reads it; a bench ignores the ones that are not its own.
   */
  flags: Record<string, string>;
}

export interface Bench {
  name: string;
  run: (options: BenchOptions) => Promise<BenchFigure[]>;
}

/**
 * Runs `work` repeatedly for at least `minMs` (after one warm-up call) and returns operations per
 * second, where one call performs `opsPerCall` operations. The best of `rounds` rounds is reported,
 * the usual defence against a noisy neighbour on a shared machine.
 */
export async function throughput(
  work: () => unknown,
  opsPerCall: number,
  minMs = 1000,
  rounds = 3,
): Promise<number> {
  await work();
  let best = 0;
  for (let round = 0; round < rounds; round += 1) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < minMs) {
      await work();
      calls += 1;
      elapsed = performance.now() - start;
    }
    best = Math.max(best, (calls * opsPerCall * 1000) / elapsed);
  }
  return best;
}

export function formatFigure(figure: BenchFigure): string {
  const value = `${figure.value.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${figure.unit}`;
  if (!figure.floor) return `  ${figure.name}: ${value}`;
  const ratio = figure.value / figure.floor.value;
  return `  ${figure.name}: ${value}  (floor "${figure.floor.name}": ${figure.floor.value.toLocaleString(
    'en-US',
    {
      maximumFractionDigits: 1,
    },
  )} ${figure.unit}; ratio ${ratio.toFixed(3)})`;
}

/** A figure's ratio to its floor (`null` without a floor). */
export function ratioToFloor(figure: BenchFigure): number | null {
  return figure.floor ? figure.value / figure.floor.value : null;
}
