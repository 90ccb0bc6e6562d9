import { quantileSorted } from 'simple-statistics';
import { assertAllFinite, assertAscending, assertLevel } from './guards.ts';
import type { Interval } from './interval.ts';

/**
 * The bootstrap percentile interval (Efron & Tibshirani, "An Introduction to the Bootstrap",
 * 1993, ch. 13, eq. 13.5): with α = 1 − level, the α/2 and 1 − α/2 quantiles of the bootstrap
 * replicates θ̂*_1 … θ̂*_B. Quantiles are simple-statistics' `quantileSorted`, linear interpolation
 * between order statistics (R/NumPy type 7); E&T take the (B·α)-th order statistic, which differs
 * by less than one gap between adjacent replicates.
 *
 * It is transformation-respecting and range-preserving but assumes the replicate distribution
 * is centred on θ̂; where it is biased or skewed, use the BCa interval (`bcaInterval`).
 *
 * Preconditions: `replicates` are finite numbers (in no particular order; a sorted copy is taken);
 * 0 < level < 1. Otherwise throws.
 * Degenerate input: no replicates returns `null` (shown as "n/a").
 *
 * @example percentileInterval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.5) // { lower: 3.5, upper: 8.5 }
 */
export function percentileInterval(replicates: readonly number[], level = 0.95): Interval | null {
  assertAllFinite(replicates, 'percentileInterval: replicates');
  return percentileIntervalOfSorted(
    [...replicates].sort((x, y) => x - y),
    level,
  );
}

/**
 * `percentileInterval` of replicates already sorted ascending — for a caller that sorts once and
 * reads several intervals off the same list (a report's thousand figures × 2,000 replicates).
 *
 * Preconditions: finite numbers in ascending order; 0 < level < 1. Otherwise throws.
 */
export function percentileIntervalOfSorted(sorted: readonly number[], level = 0.95): Interval | null {
  assertLevel(level, 'percentileInterval: level');
  assertAscending(sorted, 'percentileIntervalOfSorted: replicates');
  if (sorted.length === 0) return null;
  const alpha = 1 - level;
  return { lower: quantileSorted(sorted, alpha / 2), upper: quantileSorted(sorted, 1 - alpha / 2) };
}
