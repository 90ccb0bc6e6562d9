/**
 * Frozen inputs of published worked examples, shared by the tests in this folder (not part of
 * the public API). Each names its source; the expected values are asserted in the tests.
 */

/**
 * Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers A–D ×
 * 12 units, `null` = missing. The same data as the R package irrCAC's `cac.raw4raters` (units as
 * rows there, and its lone rating of unit 12 is filed under another rater — unit 12 is not
 * pairable, so no coefficient changes) and the "C" data of irr's `kripp.alpha` example.
 */
export const KRIPPENDORFF_2011_C: ReadonlyArray<ReadonlyArray<number | null>> = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];

/** Krippendorff (2011), section B: two observers, binary data, 10 units. */
export const KRIPPENDORFF_2011_B: ReadonlyArray<readonly number[]> = [
  [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
  [1, 1, 1, 0, 0, 1, 0, 0, 0, 0],
];

/**
 * Wikipedia, "Krippendorff's alpha", "A computational example": 3 coders × 15 units (the test data
 * of the Python `krippendorff` package, tests/test_krippendorff.py).
 */
export const WIKIPEDIA_KRIPPENDORFF: ReadonlyArray<ReadonlyArray<number | null>> = [
  [null, null, null, null, null, 3, 4, 1, 2, 1, 1, 3, 3, null, 3],
  [1, null, 2, 1, 3, 3, 4, 3, null, null, null, null, null, null, null],
  [null, null, 2, 1, 3, 4, 4, null, 2, 1, 1, 3, 3, null, 4],
];

/**
 * irrCAC's `cont3x3abstractors` (README of the R package irrCAC, K. Gwet): rows rater 1,
 * columns rater 2, categories Ectopic, AIU, NIU; 100 subjects.
 */
export const CONT_3X3_ABSTRACTORS: ReadonlyArray<readonly number[]> = [
  [13, 0, 0],
  [0, 20, 7],
  [0, 4, 56],
];

/**
 * irrCAC's `distrib.6raters`: 15 psychiatric patients × 5 diagnoses (Depression, Personality
 * Disorder, Schizophrenia, Neurosis, Other), each cell the number of the 6 raters choosing it.
 */
export const DISTRIB_6_RATERS: ReadonlyArray<readonly number[]> = [
  [0, 0, 0, 6, 0],
  [0, 3, 0, 0, 3],
  [0, 1, 4, 0, 1],
  [0, 0, 0, 0, 6],
  [0, 3, 0, 3, 0],
  [2, 0, 4, 0, 0],
  [0, 0, 4, 0, 2],
  [2, 0, 3, 1, 0],
  [2, 0, 0, 4, 0],
  [0, 0, 0, 0, 6],
  [1, 0, 0, 5, 0],
  [1, 1, 0, 4, 0],
  [0, 3, 3, 0, 0],
  [1, 0, 0, 5, 0],
  [0, 2, 0, 3, 1],
];

/**
 * Wikipedia, "Fleiss' kappa", worked example (after Fleiss 1971): 10 subjects × 5 categories,
 * 14 raters each.
 */
export const WIKIPEDIA_FLEISS: ReadonlyArray<readonly number[]> = [
  [0, 0, 0, 0, 14],
  [0, 2, 6, 4, 2],
  [0, 0, 3, 5, 6],
  [0, 3, 9, 2, 0],
  [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0],
  [3, 2, 6, 3, 0],
  [2, 5, 3, 2, 2],
  [6, 5, 2, 1, 0],
  [0, 2, 2, 3, 7],
];

/**
 * Efron & Tibshirani (1993), "An Introduction to the Bootstrap", Table 14.1: spatial test scores
 * A of 26 neurologically impaired children.
 */
export const SPATIAL_TEST_A: readonly number[] = [
  48, 36, 20, 29, 42, 42, 20, 42, 22, 41, 45, 14, 6, 0, 33, 28, 34, 4, 32, 24, 47, 41, 24, 26, 30, 41,
];

/**
 * Expands a two-rater contingency table (rows rater 1, columns rater 2) into the two label
 * arrays, category j labelled `labels[j]` (default: its index).
 */
export function tableToLabels<L = number>(
  table: ReadonlyArray<readonly number[]>,
  labels?: readonly L[],
): [L[], L[]] {
  const a: L[] = [];
  const b: L[] = [];
  table.forEach((row, i) => {
    row.forEach((count, j) => {
      for (let k = 0; k < count; k++) {
        a.push((labels ? labels[i] : i) as L);
        b.push((labels ? labels[j] : j) as L);
      }
    });
  });
  return [a, b];
}

/**
 * Turns a subjects × categories distribution of m raters into m coder rows (coders × units),
 * the raters of each subject filled in category order. Agreement coefficients that depend only
 * on each unit's category counts (Fleiss' κ, AC1, α) are unchanged by which rater gave which.
 */
export function distributionToRatings(counts: ReadonlyArray<readonly number[]>): number[][] {
  const raters = (counts[0] ?? []).reduce((sum, count) => sum + count, 0);
  const rows: number[][] = Array.from({ length: raters }, () => []);
  for (const subject of counts) {
    let rater = 0;
    subject.forEach((count, category) => {
      for (let k = 0; k < count; k++) rows[rater++]?.push(category);
    });
  }
  return rows;
}
