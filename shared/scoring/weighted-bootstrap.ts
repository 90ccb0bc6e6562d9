import { bcaInterval } from '../stats/bca-interval.ts';
import { assertLevel } from '../stats/guards.ts';
import { percentileInterval } from '../stats/percentile-interval.ts';
import { createRng, type Rng } from '../stats/rng.ts';
import type { Figure } from './figure.ts';

/** Which clusters (items) a bootstrap resamples, and within which strata. */
export interface ResamplingPlan {
  /** n, the number of clusters; cluster i is item i of the caller's arrays. */
  size: number;
  /** The stratum of each cluster (length n): each stratum is resampled on its own, keeping n_h. */
  strata?: readonly string[];
}

/** What `weightedBootstrap` resamples and evaluates. */
export interface WeightedBootstrapOptions {
  plan: ResamplingPlan;
  /** How many numbers (figures) one evaluation writes. */
  slots: number;
  /**
   * Writes every figure for one resample into `out` (length `slots`; `NaN` marks an undefined
   * figure). `weights[i]` is how many times cluster i is in the resample: all 1 for the original
   * sample, a multiplicity for a bootstrap replicate, 0 for the cluster a jackknife sample leaves out.
   */
  evaluate: (weights: Float64Array, out: Float64Array) => void;
  seed: number;
  /** B ≥ 0; 0 computes the estimate only (no interval). */
  replicates: number;
  /** Also evaluate the delete-one jackknife, for BCa intervals (default true). */
  jackknife?: boolean;
}

/** The estimate, replicate and jackknife values of every slot. */
export interface BootstrapDraws {
  slots: number;
  /** B. */
  replicates: number;
  /** n, the number of clusters. */
  size: number;
  /** θ̂ per slot (`NaN` = undefined). */
  estimate: Float64Array;
  /** θ̂*_b of slot k at index k·B + b. */
  draws: Float64Array;
  /** θ̂_(j), the statistic without cluster j, of slot k at index k·n + j; length 0 when not computed. */
  jackknife: Float64Array;
}

/**
 * A seeded cluster bootstrap of many figures at once, on multiplicity weights: the resampling of
 * `clusterBootstrap` (shared/stats/bootstrap.ts) — the same `createRng(seed)` stream and the same
 * draws as `resampleClusters` (`drawWeights`), within strata when the plan has them (STATISTICS.md, "Intervals";
 * Davison & Hinkley 1997, §3.7–3.8) — but each resample is handed to the statistic as a vector of
 * multiplicities w_i (how often cluster i was drawn) instead of a list of cluster objects.
 *
 * Why: a report computes hundreds of figures from the same items. With per-item counts precomputed,
 * every figure is a weighted sum Σ w_i x_i over the items, so one resample costs O(n + work) with no
 * per-item allocation, and all figures of a replicate share the same resample (so differences and
 * rankings between figures are resampled coherently). Replicate b of every figure uses the b-th
 * draw of the stream; for a single figure the replicates equal `clusterBootstrap`'s with the same
 * seed, clusters in the same order and the same strata (a test checks this).
 *
 * The jackknife (for BCa's acceleration) is the delete-one-cluster jackknife over all clusters, as
 * `clusterBootstrap` does, here w = 1 except w_j = 0.
 *
 * Preconditions: `replicates` an integer ≥ 0; `slots` ≥ 0; `plan.strata` absent or of length n;
 * `seed` a safe integer. Otherwise throws a RangeError.
 * Degenerate input: n = 0 draws nothing (B is then 0 and no interval follows).
 *
 * @example
 * const draws = weightedBootstrap({ plan: { size: 4 }, slots: 1, seed: 7, replicates: 2000,
 *   evaluate: (w, out) => { out[0] = weightedMean(w, values); } });
 * bootstrapFigure(draws, 0, 0.95) // { value, ci: percentile interval, method: 'cluster-bootstrap', bca }
 */
export function weightedBootstrap(options: WeightedBootstrapOptions): BootstrapDraws {
  const { plan, slots, evaluate, seed, jackknife = true } = options;
  const n = plan.size;
  if (!Number.isInteger(options.replicates) || options.replicates < 0)
    throw new RangeError(`weightedBootstrap: replicates must be an integer ≥ 0 (got ${options.replicates})`);
  if (!Number.isInteger(slots) || slots < 0)
    throw new RangeError(`weightedBootstrap: slots must be an integer ≥ 0 (got ${slots})`);
  if (plan.strata !== undefined && plan.strata.length !== n)
    throw new RangeError(
      `weightedBootstrap: plan.strata has ${plan.strata.length} entries for ${n} clusters`,
    );
  const replicates = n === 0 ? 0 : options.replicates;
  const rng = createRng(seed);
  const weights = new Float64Array(n);
  const out = new Float64Array(slots);
  const estimate = new Float64Array(slots);
  const run = (target: (slot: number, value: number) => void): void => {
    out.fill(Number.NaN);
    evaluate(weights, out);
    for (let k = 0; k < slots; k++) target(k, out[k] ?? Number.NaN);
  };

  weights.fill(1);
  run((k, value) => {
    estimate[k] = value;
  });

  const draws = new Float64Array(slots * replicates);
  const groups = stratumMembers(plan);
  for (let b = 0; b < replicates; b++) {
    drawWeights(groups, rng, weights);
    run((k, value) => {
      draws[k * replicates + b] = value;
    });
  }

  const jack = new Float64Array(jackknife && replicates > 0 ? slots * n : 0);
  if (jack.length > 0) {
    weights.fill(1);
    for (let j = 0; j < n; j++) {
      weights[j] = 0;
      run((k, value) => {
        jack[k * n + j] = value;
      });
      weights[j] = 1;
    }
  }
  return { slots, replicates, size: n, estimate, draws, jackknife: jack };
}

/**
 * The clusters of each stratum, strata in order of first appearance (one stratum holding every
 * cluster when the plan has none) — the order `resampleClusters` visits them in.
 */
export function stratumMembers(plan: ResamplingPlan): Int32Array[] {
  if (plan.strata === undefined)
    return plan.size === 0 ? [] : [Int32Array.from({ length: plan.size }, (_, i) => i)];
  const byStratum = new Map<string, number[]>();
  plan.strata.forEach((stratum, i) => {
    const members = byStratum.get(stratum);
    if (members) members.push(i);
    else byStratum.set(stratum, [i]);
  });
  return [...byStratum.values()].map((members) => Int32Array.from(members));
}

/**
 * One resample as multiplicities: within each stratum h, n_h draws with replacement by
 * `rng.nextInt(n_h)`, in stratum order — draw for draw the resample `resampleClusters(clusters,
 * rng, strata)` makes from the same stream (a test checks it), without building the resampled
 * list: `weights[i]` counts how often cluster i was drawn.
 */
export function drawWeights(groups: readonly Int32Array[], rng: Rng, weights: Float64Array): void {
  weights.fill(0);
  for (const members of groups) {
    const size = members.length;
    for (let draw = 0; draw < size; draw++) {
      const i = members[rng.nextInt(size)] ?? 0;
      weights[i] = (weights[i] ?? 0) + 1;
    }
  }
}

/**
 * Figures computed from other figures (a τ-b from two rankings' cell means, a difference of two
 * rates): `derive` reads the source slots of one evaluation through `get` and writes `slots` new
 * values into `out`; it runs on the estimate, on every replicate and on every jackknife sample,
 * so the derived figures get the same kind of intervals.
 */
export function deriveDraws(
  source: BootstrapDraws,
  slots: number,
  derive: (get: (slot: number) => number, out: Float64Array) => void,
): BootstrapDraws {
  const { replicates: B, size: n } = source;
  const out = new Float64Array(slots);
  const estimate = new Float64Array(slots);
  const draws = new Float64Array(slots * B);
  const jack = new Float64Array(source.jackknife.length > 0 ? slots * n : 0);
  const evaluate = (get: (slot: number) => number, store: (slot: number, value: number) => void): void => {
    out.fill(Number.NaN);
    derive(get, out);
    for (let k = 0; k < slots; k++) store(k, out[k] ?? Number.NaN);
  };
  evaluate(
    (slot) => source.estimate[slot] ?? Number.NaN,
    (k, value) => {
      estimate[k] = value;
    },
  );
  for (let b = 0; b < B; b++)
    evaluate(
      (slot) => source.draws[slot * B + b] ?? Number.NaN,
      (k, value) => {
        draws[k * B + b] = value;
      },
    );
  if (jack.length > 0)
    for (let j = 0; j < n; j++)
      evaluate(
        (slot) => source.jackknife[slot * n + j] ?? Number.NaN,
        (k, value) => {
          jack[k * n + j] = value;
        },
      );
  return { slots, replicates: B, size: n, estimate, draws, jackknife: jack };
}

/**
 * The defined replicate values of one slot (undefined ones dropped), sorted ascending. Sorted here
 * by the typed array's numeric sort, so that `percentileInterval` and `bcaInterval`, which sort
 * their own copy, meet an already sorted list (linear for their merge sort) — the difference
 * between a fast and a slow report when it has a thousand figures.
 */
export function slotReplicates(draws: BootstrapDraws, slot: number): number[] {
  const offset = slot * draws.replicates;
  const defined = new Float64Array(draws.replicates);
  let count = 0;
  for (let b = 0; b < draws.replicates; b++) {
    const value = draws.draws[offset + b] ?? Number.NaN;
    if (!Number.isNaN(value)) defined[count++] = value; // NaN marks an undefined replicate
  }
  const sorted = defined.subarray(0, count).sort();
  const values = new Array<number>(count);
  for (let b = 0; b < count; b++) values[b] = sorted[b] ?? 0;
  return values;
}

/**
 * One slot as a report figure: the estimate, the bootstrap percentile interval as `ci` (Efron &
 * Tibshirani 1993, eq. 13.5, via `percentileInterval`) and the BCa interval as `bca` (via
 * `bcaInterval`, with â from the delete-one jackknife; `null` when any jackknife value is
 * undefined, as in `clusterBootstrap`). Undefined replicates are dropped and counted in
 * `undefined_replicates` (only present when > 0).
 *
 * Degenerate: an undefined estimate gives `{ value: null, ci: null }`; B = 0 or no defined
 * replicate gives `ci: null`.
 */
export function bootstrapFigure(draws: BootstrapDraws, slot: number, level: number): Figure {
  assertLevel(level, 'bootstrapFigure: level');
  const estimate = draws.estimate[slot] ?? Number.NaN;
  if (Number.isNaN(estimate)) return { value: null, ci: null, method: 'cluster-bootstrap' };
  const replicates = slotReplicates(draws, slot);
  const figure: Figure = {
    value: estimate,
    ci: percentileInterval(replicates, level),
    method: 'cluster-bootstrap',
    bca: bcaOf(draws, slot, estimate, replicates, level),
  };
  const dropped = draws.replicates - replicates.length;
  if (dropped > 0) figure.undefined_replicates = dropped;
  return figure;
}

function bcaOf(
  draws: BootstrapDraws,
  slot: number,
  estimate: number,
  replicates: readonly number[],
  level: number,
): Figure['bca'] {
  if (draws.jackknife.length === 0 || replicates.length === 0) return null;
  const jackknife: number[] = [];
  for (let j = 0; j < draws.size; j++) {
    const value = draws.jackknife[slot * draws.size + j] ?? Number.NaN;
    if (Number.isNaN(value)) return null;
    jackknife.push(value);
  }
  const interval = bcaInterval({ estimate, replicates, jackknife, level });
  return interval === null ? null : { lower: interval.lower, upper: interval.upper };
}

/** Σ w_i over the clusters with weight. */
export function totalWeight(weights: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += weights[i] ?? 0;
  return sum;
}
