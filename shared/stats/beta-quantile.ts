import { assertBetaParameters, logBeta, regularizedIncompleteBeta } from './incomplete-beta.ts';

/**
 * The Beta(a, b) quantile: the x in [0, 1] with I_x(a, b) = p, the inverse of
 * `regularizedIncompleteBeta`. The Clopper–Pearson bounds are Beta quantiles.
 *
 * Algorithm: the starting point of Numerical Recipes (3rd ed. 2007, §6.14.11, `invbetai`) — for
 * a, b ≥ 1 a normal approximation (Abramowitz & Stegun 26.5.22), otherwise the two power-law
 * ends of the density — then Newton's method on I_x(a, b) − p with the Beta density as
 * derivative, safeguarded by bisection: the root stays bracketed, and a Newton step that
 * leaves the bracket is replaced by its midpoint, so the iteration cannot diverge. It stops
 * when a step changes x by less than 1e-15·min(x, 1 − x) or the bracket is one rounding error
 * wide; the result is then as accurate as I_x itself and the spacing of doubles near x allow
 * (a quantile closer to 1 than 1e-16, as for p near 1 with a small b, comes back as 1 − ε or 1).
 *
 * Preconditions: 0 ≤ p ≤ 1, a > 0, b > 0, finite (otherwise a RangeError). The ends are exact:
 * p = 0 gives 0 and p = 1 gives 1.
 *
 * @example betaQuantile(0.6875, 2, 3) // 0.5 (because I_0.5(2, 3) = 0.6875)
 * @example betaQuantile(0.975, 1, 20) // 0.16843347… = 1 − 0.025^(1/20)
 */
export function betaQuantile(p: number, a: number, b: number): number {
  assertBetaParameters(a, b, 'betaQuantile');
  if (typeof p !== 'number' || !(p >= 0 && p <= 1)) {
    throw new RangeError(`betaQuantile: p must be between 0 and 1 (got ${String(p)})`);
  }
  if (p === 0) return 0;
  if (p === 1) return 1;

  const lnB = logBeta(a, b);
  let lower = 0;
  let upper = 1;
  let x = startingPoint(p, a, b);
  if (!(x > 0 && x < 1)) x = 0.5;

  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const excess = regularizedIncompleteBeta(x, a, b) - p;
    if (excess === 0) return x;
    // I_x is increasing in x, so the sign of the excess says which side the root is on.
    if (excess < 0) lower = x;
    else upper = x;
    const density = Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - lnB);
    let next = x - excess / density;
    if (!(next > lower && next < upper)) next = (lower + upper) / 2;
    // Converged when the step is below 1e-15 of the distance to the nearer end (x near 1 needs
    // 1 − x, not x, to be accurate), or when the bracket is down to adjacent doubles.
    if (Math.abs(next - x) <= 1e-15 * Math.min(x, 1 - x) || upper - lower <= Number.EPSILON * upper)
      return next;
    x = next;
  }
  throw new Error(`betaQuantile: no convergence for p=${p}, a=${a}, b=${b}`);
}

// Bisection alone halves the bracket per step; 2,000 steps reach every double in (0, 1).
const MAX_ITERATIONS = 2000;

/** NR3 `invbetai`'s first guess. */
function startingPoint(p: number, a: number, b: number): number {
  if (a >= 1 && b >= 1) {
    const pp = p < 0.5 ? p : 1 - p;
    const t = Math.sqrt(-2 * Math.log(pp));
    let z = (2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t;
    if (p < 0.5) z = -z;
    const al = (z * z - 3) / 6;
    const h = 2 / (1 / (2 * a - 1) + 1 / (2 * b - 1));
    const w = (z * Math.sqrt(al + h)) / h - (1 / (2 * b - 1) - 1 / (2 * a - 1)) * (al + 5 / 6 - 2 / (3 * h));
    return a / (a + b * Math.exp(2 * w));
  }
  const t = Math.exp(a * Math.log(a / (a + b))) / a;
  const u = Math.exp(b * Math.log(b / (a + b))) / b;
  const w = t + u;
  return p < t / w ? (a * w * p) ** (1 / a) : 1 - (b * w * (1 - p)) ** (1 / b);
}
