import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  buildReport,
  cellMetrics,
  DEFAULT_REPORT_OPTIONS,
  indexStudy,
  MEAN_METRICS,
  type ReportInput,
} from '../shared/scoring/index.ts';
import { drawWeights } from '../shared/scoring/weighted-bootstrap.ts';
import { createRng } from '../shared/stats/rng.ts';
import type { Bench, BenchFigure } from './harness.ts';
import { syntheticStudy } from './synthetic-study.ts';

const OPTIONS = { ...DEFAULT_REPORT_OPTIONS, generatedAt: new Date(0).toISOString() };

/** Best of three rounds of `fn` on `clock` (ms), after one warm-up call. */
function bestOfThree(fn: () => unknown, clock: () => number): number {
  fn();
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const start = clock();
    fn();
    best = Math.min(best, clock() - start);
  }
  return best;
}

/** Best of three wall-clock times of `fn`, after one warm-up call. */
const time = (fn: () => unknown): number => bestOfThree(fn, () => performance.now());

/** Best of three CPU times (user + system, all threads) of `fn`, after one warm-up call. */
const cpuTime = (fn: () => unknown): number =>
  bestOfThree(fn, () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  });

/** The study at `scale` × the paper's: 8 models × 3 tests × 30·scale arguments, 50·scale of them with gold. */
function scaledStudy(scale: number): ReportInput {
  return syntheticStudy({ perCell: 30 * scale, gold: { count: 50 * scale } });
}

/**
 * The floor of the report's bootstrap, written plainly on typed arrays: the per-cell means of every
 * metric under every source (what `cellMetrics` resamples — gold and each extractor, 9 metrics,
 * 24 cells), with B stratified cluster-bootstrap replicates (arguments resampled within cell ×
 * gold/no gold, the same strata and draws as the report: its `drawWeights`) and the delete-one jackknife
 * from the totals in O(n), each slot's replicates sorted for its interval. Each argument's defined
 * values are listed once (slot, value), as every implementation that skips undefined values must.
 * Only the arithmetic on the prepared arrays is timed.
 */
function floorMeans(input: ReportInput, replicates: number): { ms: number; cpuMs: number; slots: number } {
  const index = indexStudy(input);
  const cells = cellMetrics(index, { seed: 1, replicates: 0 });
  const width = cells.sources.length * MEAN_METRICS.length;
  const n = index.ids.length;
  const slots = index.cells.length * width;
  const start: number[] = [0];
  const slotList: number[] = [];
  const valueList: number[] = [];
  const strata = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < width; j++) {
      const value = cells.values[i * width + j] ?? Number.NaN;
      if (Number.isNaN(value)) continue;
      slotList.push((index.cellOf[i] ?? 0) * width + j);
      valueList.push(value);
    }
    start.push(slotList.length);
    const key = `${index.cellOf[i]}/${index.gold[i] ? 1 : 0}`;
    strata.set(key, [...(strata.get(key) ?? []), i]);
  }
  const offsets = Int32Array.from(start);
  const slotAt = Int32Array.from(slotList);
  const valueAt = Float64Array.from(valueList);
  const groups = [...strata.values()].map((members) => Int32Array.from(members));

  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const rng = createRng(1);
  const weights = new Float64Array(n);
  const sums = new Float64Array(slots);
  const counts = new Float64Array(slots);
  const draws = new Float64Array(slots * replicates);
  for (let b = 0; b < replicates; b++) {
    drawWeights(groups, rng, weights);
    sums.fill(0);
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const w = weights[i] as number;
      if (w === 0) continue;
      for (let p = offsets[i] as number; p < (offsets[i + 1] as number); p++) {
        const k = slotAt[p] as number;
        sums[k] = (sums[k] as number) + w * (valueAt[p] as number);
        counts[k] = (counts[k] as number) + w;
      }
    }
    for (let k = 0; k < slots; k++) draws[k * replicates + b] = (sums[k] as number) / (counts[k] as number);
  }
  for (let k = 0; k < slots; k++) draws.subarray(k * replicates, (k + 1) * replicates).sort();
  // Jackknife from the totals: θ̂_(j) = (Σx − x_j) / (c − 1) for the slots j has a value in.
  sums.fill(0);
  counts.fill(0);
  for (let p = 0; p < slotAt.length; p++) {
    const k = slotAt[p] as number;
    sums[k] = (sums[k] as number) + (valueAt[p] as number);
    counts[k] = (counts[k] as number) + 1;
  }
  const moments = new Float64Array(slots * 3);
  for (let p = 0; p < slotAt.length; p++) {
    const k = slotAt[p] as number;
    const d =
      ((sums[k] as number) - (valueAt[p] as number)) / ((counts[k] as number) - 1) -
      (sums[k] as number) / (counts[k] as number);
    moments[k * 3] = (moments[k * 3] as number) + d;
    moments[k * 3 + 1] = (moments[k * 3 + 1] as number) + d * d;
    moments[k * 3 + 2] = (moments[k * 3 + 2] as number) + d * d * d;
  }
  let check = 0;
  for (let k = 0; k < slots; k++) {
    const m = (moments[k * 3] as number) / n;
    const squares = (moments[k * 3 + 1] as number) - n * m * m;
    check +=
      (3 * m * (moments[k * 3 + 1] as number) - 2 * n * m ** 3 - (moments[k * 3 + 2] as number)) /
      (6 * squares ** 1.5);
    check += draws[k * replicates + Math.floor(replicates * 0.025)] ?? 0;
  }
  const ms = performance.now() - began;
  const cpu = process.cpuUsage(cpuBefore);
  if (Number.isNaN(check) && slots < 0) console.log(check); // keeps the work observable
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, slots };
}

/** One measurement in a child process of its own, so each figure's peak memory is its own. */
interface ChildFigure {
  ms: number;
  /** User + system CPU time of the measured part (all threads, so GC helpers too). */
  cpuMs: number;
  maxRssMb: number;
  slots?: number;
}

const SELF = fileURLToPath(import.meta.url);

function inChild(what: 'report' | 'report-0' | 'floor', scale: number): ChildFigure {
  const output = execFileSync(process.execPath, ['--import', 'tsx', SELF, '--child', what, String(scale)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as ChildFigure;
}

function childMain(what: string, scale: number): void {
  const input = scaledStudy(scale);
  let figure: Omit<ChildFigure, 'maxRssMb'>;
  if (what === 'floor') figure = floorMeans(input, OPTIONS.replicates);
  else {
    const replicates = what === 'report-0' ? 0 : OPTIONS.replicates;
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    buildReport(input, { ...OPTIONS, replicates });
    const cpu = process.cpuUsage(cpuBefore);
    figure = { ms: performance.now() - began, cpuMs: (cpu.user + cpu.system) / 1000 };
  }
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ ...figure, maxRssMb }));
}

/** Best of `rounds` child runs by time; memory is each run's own peak (the largest reported). */
function bestOf(what: 'report' | 'report-0' | 'floor', scale: number, rounds: number): ChildFigure {
  const runs = Array.from({ length: rounds }, () => inChild(what, scale));
  const fastest = runs.reduce((best, run) => (run.ms < best.ms ? run : best));
  return {
    ...fastest,
    cpuMs: Math.min(...runs.map((run) => run.cpuMs)),
    maxRssMb: Math.max(...runs.map((run) => run.maxRssMb)),
  };
}

/** Paper scale in-process: point estimates and the full 2,000-replicate bootstrap. */
function paperScale(): BenchFigure[] {
  const sampled = syntheticStudy({ perCell: 30, gold: { every: 15 } });
  const allGold = syntheticStudy({ perCell: 30, gold: { every: 1 } });
  const copyFloor = {
    name: 'one JSON copy of the input',
    value: time(() => JSON.parse(JSON.stringify(allGold))),
  };
  const floorRuns = [0, 1, 2].map(() => floorMeans(allGold, OPTIONS.replicates));
  const bootstrapFloor = {
    name: 'per-cell means, 2,000 replicates + O(n) jackknife on typed arrays',
    value: Math.min(...floorRuns.map((run) => run.ms)),
  };
  const bootstrapFloorCpu = {
    name: 'per-cell means, 2,000 replicates + O(n) jackknife on typed arrays: CPU time',
    value: Math.min(...floorRuns.map((run) => run.cpuMs)),
  };
  return [
    {
      name: 'point estimates, 48 gold arguments (replicates 0)',
      value: time(() => buildReport(sampled, { ...OPTIONS, replicates: 0 })),
      unit: 'ms',
      floor: copyFloor,
    },
    {
      name: 'point estimates, gold on all 720 (replicates 0)',
      value: time(() => buildReport(allGold, { ...OPTIONS, replicates: 0 })),
      unit: 'ms',
      floor: copyFloor,
    },
    {
      name: '2,000 replicates, 48 gold arguments',
      value: time(() => buildReport(sampled, OPTIONS)),
      unit: 'ms',
      floor: bootstrapFloor,
    },
    {
      name: '2,000 replicates, gold on all 720 (target < 300 ms)',
      value: time(() => buildReport(allGold, OPTIONS)),
      unit: 'ms',
      floor: bootstrapFloor,
    },
    {
      name: '2,000 replicates, gold on all 720: CPU time',
      value: cpuTime(() => buildReport(allGold, OPTIONS)),
      unit: 'ms',
      floor: bootstrapFloorCpu,
    },
  ];
}

/** At `scale` × the paper's size, each figure in a child process (time, and peak RSS). */
function scaled(scale: number): BenchFigure[] {
  const size = `${(720 * scale).toLocaleString('en-US')} / ${(50 * scale).toLocaleString('en-US')}`;
  const rounds = scale >= 50 ? 2 : 3;
  const floor = bestOf('floor', scale, rounds);
  const report = bestOf('report', scale, rounds);
  const zero = bestOf('report-0', scale, rounds);
  const floorName = `${floor.slots ?? '?'} per-cell means, 2,000 replicates + O(n) jackknife on typed arrays`;
  return [
    {
      name: `report at ${size}, 2,000 replicates (target < 10 s, ≤ 2.5× floor)`,
      value: report.ms,
      unit: 'ms',
      floor: { name: floorName, value: floor.ms },
    },
    {
      name: `report at ${size}, 2,000 replicates: CPU time`,
      value: report.cpuMs,
      unit: 'ms',
      floor: { name: `${floorName}: CPU time`, value: floor.cpuMs },
    },
    {
      name: `report at ${size}, 2,000 replicates: peak RSS (target < 1,024 MB)`,
      value: report.maxRssMb,
      unit: 'MB',
      floor: { name: `${floorName}: peak RSS`, value: floor.maxRssMb },
    },
    {
      name: `report at ${size}, 0 replicates`,
      value: zero.ms,
      unit: 'ms',
      floor: { name: floorName, value: floor.ms },
    },
    {
      name: `report at ${size}, 0 replicates: peak RSS`,
      value: zero.maxRssMb,
      unit: 'MB',
      floor: { name: `${floorName}: peak RSS`, value: floor.maxRssMb },
    },
  ];
}

/**
 * The report on the synthetic study (8 models × 3 tests, 2 extractors, 2 annotators): at the
 * paper's scale in-process; with `--scale N` (N > 1) also at N × that size, each figure in a child
 * process of its own, against the floor measured in the same run.
 */
const bench: Bench = {
  name: 'report (synthetic study: 8 models × 3 tests; 2 extractors; 2 annotators on the gold)',
  async run({ scale }) {
    return [...paperScale(), ...(scale > 1 ? scaled(scale) : [])];
  },
};
export default bench;

const childAt = process.argv.indexOf('--child');
if (childAt >= 0 && process.argv[1] === SELF)
  childMain(process.argv[childAt + 1] ?? '', Number(process.argv[childAt + 2] ?? 1));
