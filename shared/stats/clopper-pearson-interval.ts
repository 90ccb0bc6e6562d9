import { betaQuantile } from './beta-quantile.ts';
import { assertCount, assertLevel } from './guards.ts';
import type { Interval } from './interval.ts';

/**
 * The Clopper–Pearson ("exact") interval for a binomial proportion x/n (Clopper & Pearson,
 * Biometrika 26, 1934): the set of p not rejected by either one-sided binomial test at
 * α/2, α = 1 − level. Through the binomial–beta identity P(X ≥ x | p) = I_p(x, n − x + 1):
 *
 *   lower = B⁻¹(α/2; x, n − x + 1)      (0 when x = 0)
 *   upper = B⁻¹(1 − α/2; x + 1, n − x)  (1 when x = n)
 *
 * with B⁻¹ the Beta quantile (`betaQuantile`). Same definition as R's `binom.test` and
 * `binom::binom.confint(method = "exact")`. Its coverage is at least the nominal level, so it is
 * wider than Wilson's; the report gives it beside Wilson's (docs/STATISTICS.md §5.1).
 *
 * Preconditions: x and n are integer counts with 0 ≤ x ≤ n; 0 < level < 1 (default 0.95).
 * Anything else throws a RangeError.
 * Degenerate input: n = 0 returns `null` (shown as "n/a"). x = 0 and x = n give the one-sided
 * closed forms, e.g. upper = 1 − (α/2)^(1/n) at x = 0.
 *
 * @example clopperPearsonInterval(5, 20) // { lower: 0.0865715…, upper: 0.4910459… } (binom.confint)
 */
export function clopperPearsonInterval(x: number, n: number, level = 0.95): Interval | null {
  assertCount(x, 'clopperPearsonInterval: x');
  assertCount(n, 'clopperPearsonInterval: n');
  assertLevel(level, 'clopperPearsonInterval: level');
  if (x > n) throw new RangeError(`clopperPearsonInterval: x must not exceed n (got x=${x}, n=${n})`);
  if (n === 0) return null;

  const alpha = 1 - level;
  return {
    lower: x === 0 ? 0 : betaQuantile(alpha / 2, x, n - x + 1),
    upper: x === n ? 1 : betaQuantile(1 - alpha / 2, x + 1, n - x),
  };
}
