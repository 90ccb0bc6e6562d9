import { assertFinite } from './guards.ts';

/**
 * The Benjamini–Yekutieli step-up procedure (Benjamini & Yekutieli 2001, "The control of the false
 * discovery rate in multiple testing under dependency", Annals of Statistics 29(4), Theorem 1.3):
 * with the m p-values sorted p₍₁₎ ≤ … ≤ p₍ₘ₎ and c(m) = Σᵢ₌₁ᵐ 1/i, find the largest k with
 * p₍ₖ₎ ≤ k·q / (m·c(m)) and reject the hypotheses of p₍₁₎ … p₍ₖ₎. It controls the false discovery
 * rate at q under arbitrary dependence between the tests (the leave-one-out tests of the alternative
 * annotator test share annotators, so they are dependent). The reference implementation of that
 * test (github.com/nitaytech/AltTest, `by_procedure`) computes the same.
 *
 * Returns, in input order, whether each hypothesis is rejected. Preconditions: every p in [0, 1],
 * 0 < q < 1; otherwise a RangeError.
 *
 * @example benjaminiYekutieli([0.001, 0.04], 0.05) // [true, false] (thresholds 0.0167, 0.0333)
 */
export function benjaminiYekutieli(pValues: readonly number[], q: number): boolean[] {
  assertFinite(q, 'q');
  if (!(q > 0 && q < 1)) throw new RangeError(`benjaminiYekutieli: q must lie in (0, 1) (got ${q})`);
  pValues.forEach((p, i) => {
    if (typeof p !== 'number' || !(p >= 0 && p <= 1))
      throw new RangeError(`benjaminiYekutieli: pValues[${i}] must lie in [0, 1] (got ${String(p)})`);
  });
  const m = pValues.length;
  let harmonic = 0;
  for (let i = 1; i <= m; i++) harmonic += 1 / i;
  const order = pValues.map((_, i) => i).sort((a, b) => (pValues[a] ?? 0) - (pValues[b] ?? 0));
  let largest = 0;
  order.forEach((position, rank) => {
    if ((pValues[position] ?? 1) <= ((rank + 1) / m) * (q / harmonic)) largest = rank + 1;
  });
  const rejected = new Array<boolean>(m).fill(false);
  for (const position of order.slice(0, largest)) rejected[position] = true;
  return rejected;
}
