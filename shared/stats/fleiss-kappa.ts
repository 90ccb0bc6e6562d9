import { assertArray, assertCount } from './guards.ts';

/**
 * Fleiss' κ for m raters per subject and nominal categories (Fleiss, "Measuring nominal scale
 * agreement among many raters", Psychological Bulletin 76, 1971), from the subjects ×
 * categories matrix of counts n_ij (how many raters put subject i in category j):
 *
 *   P_i = (Σ_j n_ij² − m) / (m(m − 1))   share of subject i's m(m − 1) ordered rater pairs that agree
 *   P̄  = mean of P_i,   p_j = Σ_i n_ij / (N·m),   P̄_e = Σ_j p_j²
 *   κ  = (P̄ − P̄_e) / (1 − P̄_e)
 *
 * Chance agreement uses the pooled category distribution (as Scott's π does for two raters).
 * The raters need not be the same people across subjects, but every subject must have the same
 * number m of ratings; with missing ratings use `krippendorffAlpha` or `gwetAC1` instead.
 *
 * Preconditions: a rectangular matrix of non-negative integer counts, every row summing to the
 * same m. Otherwise throws a RangeError.
 * Degenerate input returns `null` (shown as "n/a"): no subjects; m < 2 (no rater pairs to agree);
 * or P̄_e = 1 — every rating in a single category, so κ is 0/0.
 *
 * @example fleissKappa([[2, 0], [0, 2], [1, 1]]) // 0.3333… (= 1/3: P̄ = 2/3, P̄_e = 1/2)
 */
export function fleissKappa(counts: ReadonlyArray<readonly number[]>): number | null {
  assertArray(counts, 'fleissKappa: counts must be a subjects × categories matrix');
  const subjects = counts.length;
  const first = counts[0];
  if (subjects === 0 || first === undefined) return null;
  const categories = first.length;
  const raters = first.reduce((sum, count) => sum + count, 0);

  const categoryTotals = new Array<number>(categories).fill(0);
  let sumOfAgreement = 0;
  counts.forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== categories) {
      throw new RangeError(
        `fleissKappa: every row must have ${categories} categories (row ${i} has ${String(row?.length)})`,
      );
    }
    let rowTotal = 0;
    let sumOfSquares = 0;
    row.forEach((count, j) => {
      assertCount(count, `fleissKappa: counts[${i}][${j}]`);
      rowTotal += count;
      sumOfSquares += count * count;
      categoryTotals[j] = (categoryTotals[j] ?? 0) + count;
    });
    if (rowTotal !== raters) {
      throw new RangeError(
        `fleissKappa: every subject needs the same number of ratings (row 0 has ${raters}, row ${i} has ${rowTotal}); use krippendorffAlpha or gwetAC1 for missing ratings`,
      );
    }
    sumOfAgreement += sumOfSquares - raters;
  });
  if (raters < 2) return null;

  const observed = sumOfAgreement / (subjects * raters * (raters - 1));
  const totalRatings = subjects * raters;
  const expected = categoryTotals.reduce((sum, total) => sum + (total / totalRatings) ** 2, 0);
  // P̄_e = 1 exactly when one category holds every rating; test the integers, not the float sum.
  if (categoryTotals.some((total) => total === totalRatings)) return null;
  return (observed - expected) / (1 - expected);
}
