import { sampleRankCorrelation } from 'simple-statistics';
import { assertAllFinite, assertSameLength } from './guards.ts';

/**
 * Spearman's ρ with ties: the Pearson correlation of the two samples' ranks, tied values taking
 * the average (mid-)rank of the positions they span (Spearman 1904; the tie handling of SciPy's
 * `spearmanr` and R's `cor(method = "spearman")`). Computed by simple-statistics'
 * `sampleRankCorrelation`, which ranks exactly this way. (The shortcut 1 − 6Σd²/(n(n² − 1)) is
 * only right without ties, so it is not used.)
 *
 * Preconditions: x and y have equal length and hold finite numbers. Otherwise throws.
 * Degenerate input returns `null` (shown as "n/a"): fewer than two observations, or x or y
 * constant (all ranks tied: zero rank variance makes the correlation 0/0).
 *
 * @example spearmanRho([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]) // 0.8207826816681233 (SciPy docs)
 */
export function spearmanRho(x: readonly number[], y: readonly number[]): number | null {
  assertSameLength(x, y, 'spearmanRho: x and y');
  assertAllFinite(x, 'spearmanRho: x');
  assertAllFinite(y, 'spearmanRho: y');
  if (x.length < 2) return null;
  if (isConstant(x) || isConstant(y)) return null;
  return sampleRankCorrelation([...x], [...y]);
}

function isConstant(values: readonly number[]): boolean {
  return values.every((value) => value === values[0]);
}
