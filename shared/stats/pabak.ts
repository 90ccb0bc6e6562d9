import { assertLabel, assertSameLength, type Label } from './guards.ts';
import { percentAgreement } from './percent-agreement.ts';

/**
 * The Brennan–Prediger coefficient (Brennan & Prediger, "Coefficient kappa: some uses, misuses,
 * and alternatives", Educational and Psychological Measurement 41, 1981), which for binary
 * labels is PABAK, the prevalence- and bias-adjusted κ of Byrt, Bishop & Carlin (Journal of
 * Clinical Epidemiology 46, 1993):
 *
 *   BP = (p_o − 1/q) / (1 − 1/q),   which is 2·p_o − 1 when q = 2,
 *
 * with p_o the raw agreement and q the number of categories observed in either rater's labels.
 * Chance agreement is that of raters picking uniformly among the q categories, so, unlike κ,
 * it does not move with prevalence. Same value as irrCAC's `bp2.table` and `bp.coeff.raw`.
 *
 * Preconditions: `a[i]` and `b[i]` are the two raters' labels for item i; equal lengths; labels
 * are strings, booleans or numbers (not NaN), compared with `===`. Otherwise throws.
 * Degenerate input returns `null` (shown as "n/a"): no items, or only one category observed
 * (q = 1, where 1 − 1/q = 0) — e.g. a factor both annotators marked absent on every item
 * reads n/a, not 1.
 *
 * @example pabak([true, true, false, false], [true, false, false, false]) // 0.5 (2 · 0.75 − 1)
 */
export function pabak(a: readonly Label[], b: readonly Label[]): number | null {
  assertSameLength(a, b, 'pabak: a and b');
  const observed = percentAgreement(a, b);
  if (observed === null) return null;
  const categories = new Set<Label>();
  for (const label of [...a, ...b]) {
    assertLabel(label, 'pabak: label');
    categories.add(label);
  }
  const q = categories.size;
  if (q < 2) return null;
  return (observed - 1 / q) / (1 - 1 / q);
}
