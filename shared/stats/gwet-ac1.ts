import { assertRatingTable, type Label } from './guards.ts';

/**
 * Gwet's AC1 for two or more raters, nominal categories and missing ratings (Gwet, "Computing
 * inter-rater reliability and its variance in the presence of high agreement", British Journal
 * of Mathematical and Statistical Psychology 61, 2008; multi-rater form with missing data as in
 * Gwet, "Handbook of Inter-Rater Reliability", 4th ed. 2014, and the R package irrCAC's
 * `gwet.ac1.raw`):
 *
 *   p_a = mean over units with r_i ≥ 2 ratings of Σ_k r_ik(r_ik − 1) / (r_i(r_i − 1))
 *   π_k = mean over units with r_i ≥ 1 rating of r_ik / r_i
 *   p_e = Σ_k π_k(1 − π_k) / (q − 1)
 *   AC1 = (p_a − p_e) / (1 − p_e)
 *
 * r_ik is how many raters put unit i in category k, r_i = Σ_k r_ik, and q the number of
 * categories observed anywhere in the data. For two raters without missing values p_a is the
 * raw agreement and π_k the mean of the two raters' shares of k. Chance agreement is largest
 * when categories are equally used and shrinks as one dominates, so AC1 stays near raw
 * agreement where κ collapses (the kappa paradox) — the reason the project reports it.
 *
 * Preconditions: `data` is coders × units (`data[coder][unit]`), every row the same length, `null`
 * for a missing rating; labels are strings, booleans or numbers (not NaN), compared with `===`;
 * two raters are `[a, b]`. Otherwise throws.
 * Degenerate input returns `null` (shown as "n/a"): no unit rated by two or more raters, or a
 * single category observed (q = 1, chance agreement 0/0).
 *
 * @example gwetAC1([['yes', 'yes', 'no', 'no'], ['yes', 'no', 'no', 'no']])
 * // 0.5294… (= 9/17: p_a = 3/4, p_e = 15/32)
 */
export function gwetAC1(data: ReadonlyArray<ReadonlyArray<Label | null>>): number | null {
  assertRatingTable(data, 'gwetAC1: data');
  const units = data[0]?.length ?? 0;

  const categoryShares = new Map<Label, number>();
  let ratedUnits = 0;
  let pairableUnits = 0;
  let agreementSum = 0;
  const unitCounts = new Map<Label, number>();
  for (let unit = 0; unit < units; unit++) {
    unitCounts.clear();
    let ratings = 0;
    for (const row of data) {
      const value = row[unit];
      if (value === null || value === undefined) continue;
      unitCounts.set(value, (unitCounts.get(value) ?? 0) + 1);
      ratings++;
    }
    if (ratings === 0) continue;
    ratedUnits++;
    let agreeingPairs = 0;
    for (const [category, count] of unitCounts) {
      categoryShares.set(category, (categoryShares.get(category) ?? 0) + count / ratings);
      agreeingPairs += count * (count - 1);
    }
    if (ratings >= 2) {
      pairableUnits++;
      agreementSum += agreeingPairs / (ratings * (ratings - 1));
    }
  }

  const q = categoryShares.size;
  if (pairableUnits === 0 || q < 2) return null;
  const observed = agreementSum / pairableUnits;
  let chance = 0;
  for (const share of categoryShares.values()) {
    const pi = share / ratedUnits;
    chance += pi * (1 - pi);
  }
  chance /= q - 1;
  // p_e ≤ 1/q ≤ 1/2 here, so the denominator is positive.
  return (observed - chance) / (1 - chance);
}
