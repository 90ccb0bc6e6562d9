import { float64At, int32At } from '../element-at.ts';
import {
  accH,
  accHPrecision,
  argumentCounts,
  inventedRate,
  misattributedRate,
  recU,
  recUDistinguishing,
  recUShared,
} from './argument-counts.ts';
import { clusterEntriesBuilder } from './cluster-entries.ts';
import { type AssertedSets, assertedSets } from './factor-sets.ts';
import { type StudyIndex, usableExtraction } from './study-index.ts';
import { type BootstrapDraws, meanBootstrap, type ResamplingPlan } from './weighted-bootstrap.ts';

/** The per-argument metrics averaged per cell (the study's "macro" means over arguments). */
export const MEAN_METRICS = [
  'acch',
  'recu',
  'abstain',
  'acch_precision',
  'acch_non_abstained',
  'hallucination_invented',
  'hallucination_misattributed',
  'recu_shared',
  'recu_distinguishing',
] as const;
export type MeanMetric = (typeof MEAN_METRICS)[number];

/** Per-argument metric values of every source, the resampling plan and the bootstrap draws of the cell means. */
export interface CellMetrics {
  /** 'gold', then every extractor. */
  sources: string[];
  /** values[((i · S) + s) · K + k]: metric k of argument i under source s (`NaN` = undefined or no output). */
  values: Float64Array;
  plan: ResamplingPlan;
  /** Slot of (cell, source, metric): `slot(c, s, k)`. */
  slot: (cell: number, source: number, metric: number) => number;
  draws: BootstrapDraws;
}

/**
 * The value of every mean metric for one argument under one reader's sets (`argumentCounts`):
 * AccH, RecU, the abstention indicator (E empty in all three cases: 1, else 0), AccH as a
 * precision, AccH on a non-abstained Test-3 output (`NaN` elsewhere), the invented and
 * misattributed hallucination rates, RecU over shared and over distinguishing units. `NaN` marks
 * an undefined value (left out of the mean).
 */
export function metricValues(truth: StudyIndex['truth'][number], sets: AssertedSets, test: number): number[] {
  const counts = argumentCounts(truth, sets);
  const orNaN = (value: number | null): number => value ?? Number.NaN;
  return [
    orNaN(accH(counts)),
    orNaN(recU(counts)),
    counts.empty ? 1 : 0,
    orNaN(accHPrecision(counts)),
    test === 3 && !counts.empty ? orNaN(accH(counts)) : Number.NaN,
    orNaN(inventedRate(counts)),
    orNaN(misattributedRate(counts)),
    orNaN(recUShared(counts)),
    orNaN(recUDistinguishing(counts)),
  ];
}

/**
 * The per-cell (model × test) means of every metric under every source, with a cluster bootstrap
 * over arguments (docs/STATISTICS.md §5.2, §7): each replicate resamples the arguments
 * within their model × test cell — and within the design stratum, and separately among the
 * arguments with gold and without, so every replicate keeps each cell's number of gold arguments —
 * and recomputes every cell's mean under every source from the same resample. Rankings and τ-b
 * are derived from these draws (`deriveDraws`), so gold and extractor figures move together.
 *
 * A cell's mean under the gold is over its gold arguments (plain mean: the sample figure); under an
 * extractor over every argument it scored (failed and missing outputs left out).
 */
export function cellMetrics(index: StudyIndex, options: { seed: number; replicates: number }): CellMetrics {
  const sources = ['gold', ...index.extractors];
  const S = sources.length;
  const K = MEAN_METRICS.length;
  const n = index.ids.length;
  const values = new Float64Array(n * S * K).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    const truth = index.truth[i];
    if (!truth) continue;
    const test = index.testOf[i] ?? 0;
    const write = (s: number, sets: AssertedSets): void => {
      metricValues(truth, sets, test).forEach((value, k) => {
        values[(i * S + s) * K + k] = value;
      });
    };
    const gold = index.gold[i];
    if (gold) write(0, assertedSets(gold));
    index.extractors.forEach((extractor, e) => {
      const record = usableExtraction(index, extractor, i);
      if (record) write(e + 1, assertedSets(record));
    });
  }
  const plan: ResamplingPlan = {
    size: n,
    strata: index.ids.map(
      (_, i) =>
        `${index.cells[index.cellOf[i] ?? 0]?.key ?? ''}\u0001${index.designStratum[i] ?? ''}\u0001${index.gold[i] ? 'gold' : '-'}`,
    ),
  };
  const C = index.cells.length;
  const slot = (cell: number, source: number, metric: number): number => (cell * S + source) * K + metric;
  // Argument i's entries: (slot of its cell, source and metric; value), undefined values left out.
  const entries = clusterEntriesBuilder(n, n * S * K);
  for (let i = 0; i < n; i++) {
    const cellBase = int32At(index.cellOf, i) * S * K;
    const valueBase = i * S * K;
    for (let j = 0; j < S * K; j++) {
      const value = float64At(values, valueBase + j);
      if (!Number.isNaN(value)) entries.add(cellBase + j, value);
    }
    entries.endCluster();
  }
  const draws = meanBootstrap({
    plan,
    slots: C * S * K,
    entries: entries.finish(),
    seed: options.seed,
    replicates: options.replicates,
  });
  return { sources, values, plan, slot, draws };
}
