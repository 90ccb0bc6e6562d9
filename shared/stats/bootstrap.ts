import { type BcaInterval, bcaInterval } from './bca-interval.ts';
import { assertArray, assertLevel } from './guards.ts';
import type { Interval } from './interval.ts';
import { percentileInterval } from './percentile-interval.ts';
import { resampleClusters } from './resample-clusters.ts';
import { createRng } from './rng.ts';

/** What `clusterBootstrap` resamples and computes. */
export interface ClusterBootstrapOptions<T> {
  /** The clusters (items); each is resampled whole. */
  clusters: readonly T[];
  /** The statistic on a list of clusters; `null` where it is undefined (e.g. κ with one category). */
  statistic: (sample: readonly T[]) => number | null;
  /** Seed of the random stream (`createRng`); the same seed gives the same result everywhere. */
  seed: number;
  /** Number of bootstrap resamples B (default 2000, docs/STATISTICS.md §5.2). */
  replicates?: number;
  /** Confidence level (default 0.95). */
  level?: number;
  /** Stratum of a cluster; when given, each stratum is resampled separately keeping its n_h. */
  strata?: (cluster: T) => string;
}

/** A cluster bootstrap's estimate, intervals and replicate distribution. */
export interface ClusterBootstrapResult {
  /** θ̂, the statistic on the original clusters; `null` if undefined there. */
  estimate: number | null;
  /** Percentile interval; `null` if the estimate or every replicate is undefined. */
  percentile: Interval | null;
  /** BCa interval with ẑ₀ and â; `null` when not computable (see `bcaInterval`). */
  bca: BcaInterval | null;
  /** B, the number of resamples drawn. */
  replicates: number;
  /** How many of the B resamples gave an undefined (`null`) statistic; they are dropped. */
  undefinedReplicates: number;
  /** The defined replicate statistics θ̂*_b, in the order drawn (B − undefinedReplicates values). */
  replicateStatistics: number[];
}

/**
 * A seeded cluster (item-level) bootstrap with percentile and BCa intervals (Efron & Tibshirani,
 * "An Introduction to the Bootstrap", 1993, ch. 6, 13 and 14; Davison & Hinkley, "Bootstrap
 * Methods and their Application", 1997, §3.7–3.8).
 *
 * 1. θ̂ = statistic(clusters).
 * 2. For b = 1 … B: draw a resample of whole clusters with replacement (`resampleClusters`; with
 *    `strata`, n_h draws within each stratum h) and compute θ̂*_b. A resample whose statistic is
 *    `null` is dropped and counted in `undefinedReplicates` — report that count, since dropping
 *    e.g. single-category resamples conditions the interval on the data being informative.
 * 3. Percentile interval: the α/2 and 1 − α/2 quantiles of the defined θ̂*_b (E&T eq. 13.5).
 * 4. BCa interval: ẑ₀ from the share of θ̂*_b below θ̂, â from the jackknife over clusters — the
 *    statistic with each cluster left out in turn (delete-one over all clusters, also under
 *    strata) — and the adjusted quantiles of E&T eq. 14.10 (see `bcaInterval`).
 *
 * Decisions within an item are correlated, so items, never single decisions, are the resampling
 * unit (docs/STATISTICS.md §5.2). The random stream is `createRng(seed)`, so the same seed,
 * clusters and statistic give identical replicates and intervals on every machine.
 *
 * Preconditions: `replicates` a positive integer, 0 < level < 1, `seed` a safe integer; the
 * statistic returns a finite number or `null` (NaN or ±Infinity throws: that is a bug in the
 * statistic, not an undefined figure). Otherwise throws.
 * Degenerate input (all shown as "n/a"): with no clusters nothing is resampled (`replicates` 0)
 * and both intervals are `null`; an undefined estimate gives both intervals `null` (the
 * replicates are still returned); no defined replicate gives `percentile: null`; a jackknife
 * sample with an undefined statistic gives `bca: null` (â cannot be estimated).
 *
 * @example
 * clusterBootstrap({ clusters: [[1, 1], [1, 0], [0, 0], [1, 1]], statistic: (s) => mean(s.flat()), seed: 7 })
 * // { estimate: 0.625, percentile: { lower: 0.25, upper: 1 }, bca: { lower: 0.125, upper: 1, … },
 * //   replicates: 2000, undefinedReplicates: 0, replicateStatistics: [ … 2000 values ] }
 */
export function clusterBootstrap<T>(options: ClusterBootstrapOptions<T>): ClusterBootstrapResult {
  const { clusters, statistic, seed, replicates = 2000, level = 0.95, strata } = options;
  assertArray(clusters, 'clusterBootstrap: clusters must be an array');
  if (!Number.isInteger(replicates) || replicates < 1) {
    throw new RangeError(
      `clusterBootstrap: replicates must be a positive integer (got ${String(replicates)})`,
    );
  }
  assertLevel(level, 'clusterBootstrap: level');
  const rng = createRng(seed);
  const evaluate = (sample: readonly T[], what: string): number | null => {
    const value = statistic(sample);
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw new RangeError(
        `clusterBootstrap: statistic returned ${String(value)} for ${what}; return null for an undefined figure`,
      );
    }
    return value;
  };

  const estimate = evaluate(clusters, 'the original clusters');
  if (clusters.length === 0) {
    return {
      estimate,
      percentile: null,
      bca: null,
      replicates: 0,
      undefinedReplicates: 0,
      replicateStatistics: [],
    };
  }

  const replicateStatistics: number[] = [];
  let undefinedReplicates = 0;
  for (let b = 0; b < replicates; b++) {
    const value = evaluate(resampleClusters(clusters, rng, strata), `replicate ${b + 1}`);
    if (value === null) undefinedReplicates++;
    else replicateStatistics.push(value);
  }

  const result = { estimate, replicates, undefinedReplicates, replicateStatistics };
  if (estimate === null) return { ...result, percentile: null, bca: null };
  return {
    ...result,
    percentile: percentileInterval(replicateStatistics, level),
    bca: bcaFromJackknife(clusters, estimate, replicateStatistics, level, evaluate),
  };
}

/** BCa with â from the delete-one-cluster jackknife; `null` if a left-out statistic is undefined. */
function bcaFromJackknife<T>(
  clusters: readonly T[],
  estimate: number,
  replicateStatistics: readonly number[],
  level: number,
  evaluate: (sample: readonly T[], what: string) => number | null,
): BcaInterval | null {
  if (replicateStatistics.length === 0) return null;
  const jackknife: number[] = [];
  for (let i = 0; i < clusters.length; i++) {
    const value = evaluate(
      [...clusters.slice(0, i), ...clusters.slice(i + 1)],
      `the jackknife sample without cluster ${i}`,
    );
    if (value === null) return null;
    jackknife.push(value);
  }
  return bcaInterval({ estimate, replicates: replicateStatistics, jackknife, level });
}
