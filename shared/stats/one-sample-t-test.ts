import { assertAllFinite, assertFinite } from './guards.ts';
import { studentTCdf } from './student-t.ts';

/** A one-sided one-sample t-test of H0: mean ≥ μ₀ against H1: mean < μ₀. */
export interface LowerTailTTest {
  n: number;
  /** The sample mean (null without values). */
  mean: number | null;
  /** t = (mean − μ₀) / (s / √n), s the sample standard deviation (n − 1); null when n < 2 or s = 0. */
  t: number | null;
  /** P(T ≤ t) under Student's t with n − 1 degrees of freedom; null when n < 2. */
  p: number | null;
}

/**
 * The one-sided one-sample t-test with H1: mean < μ₀ (SciPy's `ttest_1samp(values, mu0,
 * alternative='less')`): t = (x̄ − μ₀) / (s / √n), p = P(T_{n−1} ≤ t).
 *
 * Zero variance (every value equal), where t is ±∞ or 0/0: p = 0 when x̄ < μ₀ (SciPy gives t = −∞,
 * p = 0), p = 1 when x̄ ≥ μ₀ (SciPy gives p = 1 above μ₀ and NaN at it; the data never speak
 * against H0 there). `t` is then null (JSON has no infinity). With fewer than two values there is
 * no variance to estimate: t and p are null.
 *
 * Preconditions: finite values and μ₀; otherwise a TypeError.
 *
 * @example lowerTailTTest([-1.2, -2.4, -1.3, -1.3, 0, -1, -1.8, -0.8, -4.6, -1.4], 0).p // 0.0014164 (R's sleep data)
 */
export function lowerTailTTest(values: readonly number[], mu0: number): LowerTailTTest {
  assertAllFinite(values, 'values');
  assertFinite(mu0, 'mu0');
  const n = values.length;
  if (n === 0) return { n, mean: null, t: null, p: null };
  let sum = 0;
  for (const value of values) sum += value;
  const mean = sum / n;
  if (n < 2) return { n, mean, t: null, p: null };
  let squares = 0;
  for (const value of values) squares += (value - mean) ** 2;
  const sd = Math.sqrt(squares / (n - 1));
  // A spread this small against the mean is rounding of equal values, not variance.
  if (sd <= Number.EPSILON * Math.max(1, Math.abs(mean))) return { n, mean, t: null, p: mean < mu0 ? 0 : 1 };
  const t = (mean - mu0) / (sd / Math.sqrt(n));
  return { n, mean, t, p: studentTCdf(t, n - 1) };
}
