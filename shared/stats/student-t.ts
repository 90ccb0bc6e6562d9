import { regularizedIncompleteBeta } from './incomplete-beta.ts';

/**
 * Student's t distribution function P(T ≤ t) for T with ν degrees of freedom.
 *
 * With x = ν / (ν + t²), the two tails are P(T ≤ −|t|) = P(T ≥ |t|) = ½ · I_x(ν/2, ½)
 * (Abramowitz & Stegun 1964, 26.7.1 with 26.5.27; Press et al., "Numerical Recipes", 3rd ed. 2007,
 * §6.14.9), so P(T ≤ t) is that tail for t < 0 and one minus it otherwise. `I` is the regularized
 * incomplete beta function (`regularizedIncompleteBeta`), accurate to about 1e-12 here.
 *
 * Preconditions: t is a number (±Infinity give 0 and 1; NaN throws a RangeError); ν is finite and
 * > 0 (it need not be an integer).
 *
 * @example studentTCdf(1, 1) // 0.75 (the Cauchy distribution)
 * @example studentTCdf(2.228138851986, 10) // 0.975 (the two-sided 5% point of t₁₀)
 */
export function studentTCdf(t: number, degreesOfFreedom: number): number {
  if (typeof t !== 'number' || Number.isNaN(t))
    throw new RangeError(`studentTCdf: t must be a number (got ${String(t)})`);
  if (typeof degreesOfFreedom !== 'number' || !(degreesOfFreedom > 0) || !Number.isFinite(degreesOfFreedom))
    throw new RangeError(
      `studentTCdf: degrees of freedom must be a finite number > 0 (got ${String(degreesOfFreedom)})`,
    );
  if (t === Number.NEGATIVE_INFINITY) return 0;
  if (t === Number.POSITIVE_INFINITY) return 1;
  const tail =
    0.5 * regularizedIncompleteBeta(degreesOfFreedom / (degreesOfFreedom + t * t), degreesOfFreedom / 2, 0.5);
  return t < 0 ? tail : 1 - tail;
}
