import { assertLabel, assertSameLength, isLabel, type Label } from './guards.ts';

/**
 * Raw (percent) agreement between two raters: p_o = the share of items both labelled alike,
 * with no correction for chance. The p_o inside κ, AC1 and PABAK, reported beside them so the
 * reader sees how much of a low κ is the chance correction (Feinstein & Cicchetti 1990).
 *
 * Preconditions: `a[i]` and `b[i]` are the two raters' labels for item i; equal lengths; labels
 * are strings, booleans or numbers (not NaN), compared with `===`. Otherwise throws.
 * Degenerate input: no items returns `null` (shown as "n/a").
 *
 * @example percentAgreement(['yes', 'no', 'no', 'no'], ['yes', 'yes', 'no', 'no']) // 0.75
 */
export function percentAgreement(a: readonly Label[], b: readonly Label[]): number | null {
  assertSameLength(a, b, 'percentAgreement: a and b');
  if (a.length === 0) return null;
  let agreements = 0;
  a.forEach((labelA, i) => {
    const labelB = b[i];
    // Names built only for a label that fails (these lists run to hundreds of thousands).
    if (!isLabel(labelA)) assertLabel(labelA, `percentAgreement: a[${i}]`);
    if (!isLabel(labelB)) assertLabel(labelB, `percentAgreement: b[${i}]`);
    if (labelA === labelB) agreements++;
  });
  return agreements / a.length;
}
