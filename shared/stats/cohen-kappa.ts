import { assertLabel, assertSameLength, isLabel, type Label } from './guards.ts';

/**
 * Cohen's κ for two raters and nominal labels, unweighted (Cohen, "A coefficient of agreement
 * for nominal scales", Educational and Psychological Measurement 20, 1960):
 *
 *   κ = (p_o − p_e) / (1 − p_e),   p_o = share of items both raters labelled alike,
 *   p_e = Σ_k p_A(k)·p_B(k),        p_A(k), p_B(k) = each rater's own share of category k.
 *
 * Chance agreement uses each rater's own marginal distribution. κ falls sharply when one
 * category dominates both marginals even at high raw agreement (the "kappa paradox", Feinstein
 * & Cicchetti 1990), so the project reports it beside AC1, PABAK and specific agreement.
 * Computed from integer counts, κ = (n·agree − Σ n_A(k) n_B(k)) / (n² − Σ n_A(k) n_B(k)), so the
 * degenerate case is detected exactly.
 *
 * Preconditions: `a[i]` and `b[i]` are the two raters' labels for item i; equal lengths;
 * labels are strings, booleans or numbers (not NaN) and compare with `===`. Otherwise throws.
 * Degenerate input returns `null` (shown as "n/a"): no items, or p_e = 1 — both raters used one
 * and the same single category, so agreement beyond chance is 0/0.
 *
 * @example cohenKappa(['yes', 'yes', 'no', 'no'], ['yes', 'no', 'no', 'no']) // 0.5
 */
export function cohenKappa(a: readonly Label[], b: readonly Label[]): number | null {
  assertSameLength(a, b, 'cohenKappa: a and b');
  const n = a.length;
  if (n === 0) return null;

  const countsA = new Map<Label, number>();
  const countsB = new Map<Label, number>();
  let agreements = 0;
  for (let i = 0; i < n; i++) {
    const labelA = a[i];
    const labelB = b[i];
    // Names built only for a label that fails (these lists run to hundreds of thousands).
    if (!isLabel(labelA)) assertLabel(labelA, `cohenKappa: a[${i}]`);
    if (!isLabel(labelB)) assertLabel(labelB, `cohenKappa: b[${i}]`);
    countsA.set(labelA, (countsA.get(labelA) ?? 0) + 1);
    countsB.set(labelB, (countsB.get(labelB) ?? 0) + 1);
    if (labelA === labelB) agreements++;
  }
  // n² · p_e, an integer.
  let chanceProducts = 0;
  for (const [label, countA] of countsA) chanceProducts += countA * (countsB.get(label) ?? 0);
  const denominator = n * n - chanceProducts;
  if (denominator === 0) return null;
  return (n * agreements - chanceProducts) / denominator;
}
