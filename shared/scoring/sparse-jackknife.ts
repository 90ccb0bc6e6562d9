import { float64At, int32At } from '../element-at.ts';
import { accelerationFromDeviations } from '../stats/bca-interval.ts';
import { type ClusterEntries, clusterEntriesBuilder } from './cluster-entries.ts';

/**
 * The delete-one-cluster jackknife of many figures, kept sparsely: per cluster j, the slots k whose
 * θ̂_(j) (the figure with cluster j left out) differs from the estimate θ̂_k, with that value
 * (`NaN` when leaving j out makes the figure undefined). Every slot not listed for j has
 * θ̂_(j) = θ̂_k exactly: cluster j adds nothing to the sums it is computed from. Entries are
 * (slot, θ̂_(j)) in the `ClusterEntries` layout.
 */
export type SparseJackknife = ClusterEntries;

/**
 * The jackknife of slot-wise weighted means from the full-sample sums: slot k is
 * Σ_i x_ik / c_k over the entries (k, x_ik) of every cluster (c_k their count), so without cluster
 * j, whose entry at k is x, it is (Σ x_k − x) / (c_k − 1) — `NaN` when j was the slot's only
 * entry. O(entries) in all, instead of one pass over every cluster per cluster left out.
 *
 * Precondition: at most one entry per slot and cluster (throws otherwise: the values would not
 * be θ̂_(j)).
 */
export function meanJackknife(
  entries: ClusterEntries,
  sums: Float64Array,
  counts: Float64Array,
  estimate: Float64Array,
): SparseJackknife {
  const { offsets, targets, values } = entries;
  const n = offsets.length - 1;
  const jackknife = clusterEntriesBuilder(n, targets.length);
  const seenIn = new Int32Array(estimate.length).fill(-1);
  for (let j = 0; j < n; j++) {
    const end = int32At(offsets, j + 1);
    for (let p = int32At(offsets, j); p < end; p++) {
      const slot = int32At(targets, p);
      if (seenIn[slot] === j)
        throw new RangeError(`meanJackknife: cluster ${j} has two entries for slot ${slot}`);
      seenIn[slot] = j;
      const rest = float64At(counts, slot) - 1;
      const value = rest === 0 ? Number.NaN : (float64At(sums, slot) - float64At(values, p)) / rest;
      if (value !== estimate[slot]) jackknife.add(slot, value);
    }
    jackknife.endCluster();
  }
  return jackknife.finish();
}

/**
 * The jackknife of figures computed from weighted sums by `finish`: per cluster j, the sums minus
 * j's own entries (`totals` − x_j, one copy of the sums per cluster, not a pass over all clusters),
 * `finish` on them, and the slots whose value moved recorded. O(n · (sums + slots + finish)).
 */
export function sumsJackknife(
  entries: ClusterEntries,
  totals: Float64Array,
  estimate: Float64Array,
  finish: (totals: Float64Array, out: Float64Array) => void,
): SparseJackknife {
  const { offsets, targets, values } = entries;
  const n = offsets.length - 1;
  const slots = estimate.length;
  const jackknife = clusterEntriesBuilder(n, n * 4);
  const without = new Float64Array(totals.length);
  const out = new Float64Array(slots);
  for (let j = 0; j < n; j++) {
    without.set(totals);
    const end = int32At(offsets, j + 1);
    for (let p = int32At(offsets, j); p < end; p++) {
      const target = int32At(targets, p);
      without[target] = float64At(without, target) - float64At(values, p);
    }
    out.fill(Number.NaN);
    finish(without, out);
    for (let k = 0; k < slots; k++) {
      const value = float64At(out, k);
      const at = float64At(estimate, k);
      // Slots undefined on the full sample have no figure, so their jackknife is never read.
      if (value !== at && !Number.isNaN(at)) jackknife.add(k, value);
    }
    jackknife.endCluster();
  }
  return jackknife.finish();
}

/**
 * BCa's acceleration â of every slot from a sparse jackknife over n clusters
 * (`accelerationFromDeviations`: the listed values' deviations from θ̂, the n − listed others
 * deviating by 0) — the number `jackknifeAcceleration` gives on the full list of n values, up to
 * rounding. `NaN` where â is undefined: one θ̂_(j) undefined suffices (as `clusterBootstrap`, no BCa then),
 * fewer than two clusters, or a jackknife without spread.
 */
export function jackknifeAccelerations(jackknife: SparseJackknife, estimate: Float64Array): Float64Array {
  const slots = estimate.length;
  const n = jackknife.offsets.length - 1;
  const sum = new Float64Array(slots);
  const squares = new Float64Array(slots);
  const cubes = new Float64Array(slots);
  const undefinedValue = new Uint8Array(slots);
  const { targets, values } = jackknife;
  for (let p = 0; p < targets.length; p++) {
    const slot = int32At(targets, p);
    const deviation = float64At(values, p) - float64At(estimate, slot);
    if (Number.isNaN(deviation)) {
      undefinedValue[slot] = 1;
      continue;
    }
    const square = deviation * deviation;
    sum[slot] = float64At(sum, slot) + deviation;
    squares[slot] = float64At(squares, slot) + square;
    cubes[slot] = float64At(cubes, slot) + square * deviation;
  }
  const acceleration = new Float64Array(slots).fill(Number.NaN);
  for (let k = 0; k < slots; k++) {
    if (undefinedValue[k] === 1 || Number.isNaN(float64At(estimate, k))) continue;
    const value = accelerationFromDeviations({
      count: n,
      sum: float64At(sum, k),
      squares: float64At(squares, k),
      cubes: float64At(cubes, k),
    });
    if (value !== null) acceleration[k] = value;
  }
  return acceleration;
}
