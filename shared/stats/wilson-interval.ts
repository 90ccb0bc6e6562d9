import { assertCount, assertLevel } from './guards.ts';
import type { Interval } from './interval.ts';
import { normalQuantile } from './normal-quantile.ts';

/**
 * The Wilson score interval for a binomial proportion x/n (Wilson 1927; method 3 of Newcombe,
 * "Two-sided confidence intervals for the single proportion", Statistics in Medicine 17, 1998,
 * without continuity correction — the same as R's `prop.test(correct = FALSE)` and
 * `binom::binom.confint(method = "wilson")`):
 *
 *   (x + z²/2 ± z·√(x(n − x)/n + z²/4)) / (n + z²),   z = Φ⁻¹(1 − (1 − level)/2).
 *
 * It inverts the score test, so unlike the Wald interval it stays inside [0, 1] and keeps its
 * coverage near 0 and 1 — where abstention rates and rare factors sit. The project's default
 * interval for proportions (docs/STATISTICS.md §5.1).
 *
 * Preconditions: x and n are integer counts with 0 ≤ x ≤ n; 0 < level < 1 (default 0.95).
 * Anything else throws a RangeError.
 * Degenerate input: n = 0 returns `null` (no trials, no proportion; shown as "n/a"). At x = 0 the
 * lower bound is exactly 0 and at x = n the upper bound is exactly 1 (the formula's limits,
 * set exactly rather than left to rounding).
 *
 * @example wilsonInterval(5, 20) // { lower: 0.1118617…, upper: 0.4687009… } (binom.confint)
 */
export function wilsonInterval(x: number, n: number, level = 0.95): Interval | null {
  assertCount(x, 'wilsonInterval: x');
  assertCount(n, 'wilsonInterval: n');
  assertLevel(level, 'wilsonInterval: level');
  if (x > n) throw new RangeError(`wilsonInterval: x must not exceed n (got x=${x}, n=${n})`);
  if (n === 0) return null;

  const z = normalQuantile(1 - (1 - level) / 2);
  const z2 = z * z;
  const centre = (x + z2 / 2) / (n + z2);
  const halfWidth = (z / (n + z2)) * Math.sqrt((x * (n - x)) / n + z2 / 4);
  return {
    lower: x === 0 ? 0 : centre - halfWidth,
    upper: x === n ? 1 : centre + halfWidth,
  };
}
