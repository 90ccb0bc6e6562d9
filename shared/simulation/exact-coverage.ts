import type { Interval } from '../stats/interval.ts';

/** ln C(n, x), summed term by term (exact enough for the n of a coverage check, n ≤ a few thousand). */
function logChoose(n: number, x: number): number {
  let sum = 0;
  for (let i = 1; i <= x; i++) sum += Math.log(n - x + i) - Math.log(i);
  return sum;
}

/**
 * The exact coverage of an interval method for a binomial proportion (Brown, Cai & DasGupta,
 * "Interval Estimation for a Binomial Proportion", Statistical Science 16(2), 2001, eq. 1):
 *
 *   C(p, n) = Σ_{x=0}^{n} 1[p ∈ CI(x, n)] · C(n, x) pˣ (1 − p)ⁿ⁻ˣ
 *
 * — the yardstick a simulated coverage of the same method must agree with (`simulate coverage`'s
 * machinery is checked against it). An x without an interval counts as not covering.
 *
 * Preconditions: 0 < p < 1, n a positive integer. Otherwise throws a RangeError.
 *
 * @example exactCoverage(0.005, 592, wald) // 0.792 (BCD 2001, Example 1: 0.945 at n = 591)
 */
export function exactCoverage(
  p: number,
  n: number,
  interval: (x: number, n: number) => Interval | null,
): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`exactCoverage: p must lie in (0, 1) (got ${p})`);
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(`exactCoverage: n must be a positive integer (got ${n})`);
  let coverage = 0;
  for (let x = 0; x <= n; x++) {
    const ci = interval(x, n);
    if (ci === null || p < ci.lower || p > ci.upper) continue;
    coverage += Math.exp(logChoose(n, x) + x * Math.log(p) + (n - x) * Math.log1p(-p));
  }
  return coverage;
}
