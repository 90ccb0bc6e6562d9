import { float64At, int32At } from '../element-at.ts';
import { bcaIntervalWithAcceleration } from '../stats/bca-interval.ts';
import { assertLevel } from '../stats/guards.ts';
import { percentileIntervalOfSorted } from '../stats/percentile-interval.ts';
import { createRng, type Rng } from '../stats/rng.ts';
import type { ClusterEntries } from './cluster-entries.ts';
import type { Figure } from './figure.ts';
import {
  jackknifeAccelerations,
  meanJackknife,
  type SparseJackknife,
  sumsJackknife,
} from './sparse-jackknife.ts';

/** Which clusters (items) a bootstrap resamples, and within which strata. */
export interface ResamplingPlan {
  /** n, the number of clusters; cluster i is item i of the caller's arrays. */
  size: number;
  /** The stratum of each cluster (length n): each stratum is resampled on its own, keeping n_h. */
  strata?: readonly string[];
}

/** How many bootstrap replicates, from which seed, and whether to keep the jackknife for BCa. */
export interface BootstrapSettings {
  plan: ResamplingPlan;
  seed: number;
  /** B ≥ 0; 0 computes the estimate only (no interval). */
  replicates: number;
  /** Also compute the delete-one-cluster jackknife, for BCa intervals (default true). */
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
  /** θ̂_(j) where it differs from θ̂, per cluster j (`sparse-jackknife.ts`); `null` when not computed. */
  jackknife: SparseJackknife | null;
  /** BCa's acceleration â per slot from the jackknife (`NaN`: undefined, or no jackknife). */
  acceleration: Float64Array;
}

/**
 * A seeded cluster bootstrap of slot-wise weighted means: cluster i has entries (k, x_ik) in
 * `entries` (`ClusterEntries`; at most one per slot), and slot k is the mean of the x_ik of the
 * clusters in the resample, each counted as often as it was drawn:
 *
 *   θ̂*_k = Σ_i w_i x_ik / Σ_i w_i [i has an entry at k]      (`NaN` when no drawn cluster has one)
 *
 * — every per-cell mean of a report (a cell's arguments, undefined values left out). The resampling
 * is `clusterBootstrap`'s (shared/stats/bootstrap.ts): the same `createRng(seed)` stream and the
 * same draws as `resampleClusters` (`drawWeights`), within strata when the plan has them
 * (docs/STATISTICS.md §5.2; Davison & Hinkley 1997, §3.7–3.8), every slot updated from the same
 * draw. The delete-one-cluster jackknife for BCa is computed from the full-sample sums
 * (`meanJackknife`, O(entries)): the same values as re-evaluating with w_j = 0, up to rounding.
 *
 * Preconditions: `replicates` an integer ≥ 0; `slots` ≥ 0 and every target below it;
 * `entries` with n + 1 offsets; `plan.strata` absent or of length n; `seed` a safe integer.
 * Otherwise throws a RangeError. Degenerate input: n = 0 draws nothing (B is then 0).
 *
 * @example
 * const draws = meanBootstrap({ plan: { size: 4 }, slots: 1, entries, seed: 7, replicates: 2000 });
 * bootstrapFigure(draws, 0, 0.95) // { value, ci: percentile interval, method: 'cluster-bootstrap', bca }
 */
export function meanBootstrap(
  options: BootstrapSettings & { slots: number; entries: ClusterEntries },
): BootstrapDraws {
  const { slots, entries } = options;
  checkSettings(options, slots, entries);
  const sums = new Float64Array(slots);
  const counts = new Float64Array(slots);
  const finishMeans = (out: Float64Array): void => {
    for (let k = 0; k < slots; k++) {
      const count = float64At(counts, k);
      out[k] = count === 0 ? Number.NaN : float64At(sums, k) / count;
    }
  };
  return runBootstrap(
    options,
    slots,
    (weights, out) => {
      weightedSums(entries, weights, sums, counts);
      finishMeans(out);
    },
    (estimate) => {
      weightedSums(entries, null, sums, counts);
      return meanJackknife(entries, sums, counts, estimate);
    },
  );
}

/**
 * A seeded cluster bootstrap of figures computed from weighted sums: cluster i adds x_it to sum t
 * for each of its entries (t, x_it), each resample's sums are T_t = Σ_i w_i x_it, and
 * `finish(T, out)` writes every figure (`NaN` = undefined) — precision from tp and fp counts, κ from
 * a 2 × 2 table. Resampling as `meanBootstrap`; the jackknife from the full sums minus each
 * cluster's own entries (`sumsJackknife`).
 *
 * Preconditions: as `meanBootstrap`, with every target below `sums`.
 */
export function sumsBootstrap(
  options: BootstrapSettings & {
    /** How many sums the entries add to. */
    sums: number;
    entries: ClusterEntries;
    /** How many figures `finish` writes. */
    slots: number;
    finish: (totals: Float64Array, out: Float64Array) => void;
  },
): BootstrapDraws {
  const { sums, entries, slots, finish } = options;
  checkSettings(options, sums, entries);
  const totals = new Float64Array(sums);
  return runBootstrap(
    options,
    slots,
    (weights, out) => {
      weightedSums(entries, weights, totals);
      finish(totals, out);
    },
    (estimate) => {
      weightedSums(entries, null, totals);
      return sumsJackknife(entries, totals, estimate, finish);
    },
  );
}

function checkSettings(settings: BootstrapSettings, targets: number, entries: ClusterEntries): void {
  const n = settings.plan.size;
  if (!Number.isInteger(settings.replicates) || settings.replicates < 0)
    throw new RangeError(`bootstrap: replicates must be an integer ≥ 0 (got ${settings.replicates})`);
  if (!Number.isInteger(targets) || targets < 0)
    throw new RangeError(`bootstrap: slots must be an integer ≥ 0 (got ${targets})`);
  if (settings.plan.strata !== undefined && settings.plan.strata.length !== n)
    throw new RangeError(
      `bootstrap: plan.strata has ${settings.plan.strata.length} entries for ${n} clusters`,
    );
  if (entries.offsets.length !== n + 1)
    throw new RangeError(`bootstrap: entries for ${entries.offsets.length - 1} clusters, plan has ${n}`);
  for (const target of entries.targets)
    if (target < 0 || target >= targets)
      throw new RangeError(`bootstrap: entry target ${target} out of range`);
}

/**
 * The estimate (weights all 1), B replicates (weights drawn by `drawWeights`, replicate b of every
 * slot from the b-th draw of the stream) and, when B > 0 and asked for, the jackknife.
 */
function runBootstrap(
  settings: BootstrapSettings,
  slots: number,
  evaluate: (weights: Float64Array | null, out: Float64Array) => void,
  jackknifeOf: (estimate: Float64Array) => SparseJackknife,
): BootstrapDraws {
  const n = settings.plan.size;
  const replicates = n === 0 ? 0 : settings.replicates;
  const estimate = new Float64Array(slots).fill(Number.NaN);
  evaluate(null, estimate);
  const draws = new Float64Array(slots * replicates);
  const out = new Float64Array(slots);
  const weights = new Float64Array(n);
  const groups = stratumMembers(settings.plan);
  const rng = createRng(settings.seed);
  for (let b = 0; b < replicates; b++) {
    drawWeights(groups, rng, weights);
    out.fill(Number.NaN);
    evaluate(weights, out);
    for (let k = 0; k < slots; k++) draws[k * replicates + b] = float64At(out, k);
  }
  const jackknife = (settings.jackknife ?? true) && replicates > 0 ? jackknifeOf(estimate) : null;
  const acceleration =
    jackknife === null
      ? new Float64Array(slots).fill(Number.NaN)
      : jackknifeAccelerations(jackknife, estimate);
  return { slots, replicates, size: n, estimate, draws, jackknife, acceleration };
}

/**
 * T_t = Σ_i w_i x_it over the entries (`weights` null: every w_i = 1), and with `counts` also
 * C_t = Σ_i w_i over the entries of t (a mean's denominator). The bootstrap's inner loop.
 */
export function weightedSums(
  entries: ClusterEntries,
  weights: Float64Array | null,
  totals: Float64Array,
  counts: Float64Array | null = null,
): void {
  totals.fill(0);
  counts?.fill(0);
  const { offsets, targets, values } = entries;
  const n = offsets.length - 1;
  for (let i = 0; i < n; i++) {
    const w = weights === null ? 1 : float64At(weights, i);
    if (w === 0) continue;
    const end = int32At(offsets, i + 1);
    for (let p = int32At(offsets, i); p < end; p++) {
      const target = int32At(targets, p);
      totals[target] = float64At(totals, target) + w * float64At(values, p);
      if (counts !== null) counts[target] = float64At(counts, target) + w;
    }
  }
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
    // `rng.nextInt(size)` unrolled, raw value for raw value (the same rejection of the top
    // 2³² mod size values, so the same stream): its checks would run 144 million times in a report
    // at 72,000 arguments.
    const limit = 4294967296 - (4294967296 % size);
    for (let draw = 0; draw < size; draw++) {
      let raw = rng.nextUint32();
      while (raw >= limit) raw = rng.nextUint32();
      const i = int32At(members, raw % size);
      weights[i] = float64At(weights, i) + 1;
    }
  }
}

/**
 * The defined replicate values of one slot (undefined ones dropped), sorted ascending by the typed
 * array's numeric sort, once for both intervals (`percentileIntervalOfSorted`,
 * `bcaIntervalWithAcceleration`) — the difference between a fast and a slow report when it has a
 * thousand figures.
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
 * `bcaInterval`, with â from the delete-one jackknife; `null` when a jackknife value is
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
    ci: percentileIntervalOfSorted(replicates, level),
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
  if (draws.jackknife === null || replicates.length === 0) return null;
  const acceleration = float64At(draws.acceleration, slot);
  const interval = bcaIntervalWithAcceleration({
    estimate,
    sortedReplicates: replicates,
    acceleration: Number.isNaN(acceleration) ? null : acceleration,
    level,
  });
  return interval === null ? null : { lower: interval.lower, upper: interval.upper };
}
