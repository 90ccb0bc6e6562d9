import { assertCount } from './guards.ts';

/** Confusion counts for one class (or pooled): true positives, false positives, false negatives. */
export interface ConfusionCounts {
  tp: number;
  fp: number;
  fn: number;
}

/** Precision, recall and F1, each `null` when undefined. */
export interface PrecisionRecallF1 {
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/**
 * Precision, recall and F1 from confusion counts (van Rijsbergen, "Information Retrieval", 2nd
 * ed. 1979, ch. 7):
 *
 *   precision = tp / (tp + fp)     recall = tp / (tp + fn)     F1 = 2tp / (2tp + fp + fn)
 *
 * F1 is written in counts (the Dice coefficient), which equals the harmonic mean 2PR/(P + R)
 * whenever both are defined and positive, and stays defined when only one of them is: a class
 * with gold positives and no predictions has precision n/a, recall 0 and F1 0 — a computed 0, not
 * a convention. In this project tp/fp/fn count (item, case, factor) decisions of the extractor
 * against the gold standard (docs/STATISTICS.md §3.1).
 *
 * Preconditions: tp, fp, fn are non-negative integers. Otherwise throws a RangeError.
 * Degenerate input gives `null` (shown as "n/a") for each figure whose denominator is 0:
 * precision with no predicted positives (tp + fp = 0), recall with no gold positives
 * (tp + fn = 0), F1 when all three counts are 0.
 *
 * @example precisionRecallF1({ tp: 8, fp: 2, fn: 4 })
 * // { precision: 0.8, recall: 0.6667, f1: 0.7273 (16/22) }
 */
export function precisionRecallF1(counts: ConfusionCounts): PrecisionRecallF1 {
  const { tp, fp, fn } = counts;
  assertCount(tp, 'precisionRecallF1: tp');
  assertCount(fp, 'precisionRecallF1: fp');
  assertCount(fn, 'precisionRecallF1: fn');
  return {
    precision: tp + fp === 0 ? null : tp / (tp + fp),
    recall: tp + fn === 0 ? null : tp / (tp + fn),
    f1: 2 * tp + fp + fn === 0 ? null : (2 * tp) / (2 * tp + fp + fn),
  };
}
