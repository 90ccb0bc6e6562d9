import { studentTCdf } from './student-t.ts';

/**
 * The p-quantile of Student's t with ν degrees of freedom: the t with P(T ≤ t) = p, found by
 * bisection on `studentTCdf` (monotone) to about 1e-10. The corrected estimates' interval
 * (`differenceEstimate`) uses its 1 − α/2 point.
 *
 * Preconditions: 0 < p < 1, ν > 0 finite. Otherwise throws a RangeError.
 *
 * @example studentTQuantile(0.975, 9) // 2.2622 (NIST/SEMATECH e-Handbook, table of t critical values)
 */
export function studentTQuantile(p: number, degreesOfFreedom: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`studentTQuantile: p must lie in (0, 1) (got ${p})`);
  if (!(degreesOfFreedom > 0) || !Number.isFinite(degreesOfFreedom))
    throw new RangeError(
      `studentTQuantile: degrees of freedom must be finite and > 0 (got ${degreesOfFreedom})`,
    );
  let low = -1;
  let high = 1;
  while (studentTCdf(low, degreesOfFreedom) > p) low *= 2;
  while (studentTCdf(high, degreesOfFreedom) < p) high *= 2;
  for (let step = 0; step < 200 && high - low > 1e-10; step++) {
    const middle = (low + high) / 2;
    if (studentTCdf(middle, degreesOfFreedom) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
