import { type ConfusionCounts, type PrecisionRecallF1, precisionRecallF1 } from './precision-recall-f1.ts';

/** Micro-averaged figures together with the pooled counts they come from. */
export interface MicroAverage extends PrecisionRecallF1, ConfusionCounts {}

/**
 * Micro-averaged precision, recall and F1: pool the confusion counts of every class (factor),
 * then compute the three figures once from the sums (Sebastiani, "Machine learning in automated
 * text categorization", ACM Computing Surveys 34, 2002, §7.1.1). Every decision weighs the same,
 * so frequent factors dominate; the macro average (`macroAverage`) weighs factors equally.
 *
 * Preconditions: every entry has non-negative integer tp, fp, fn (checked by
 * `precisionRecallF1`; the pooled sums are checked the same way).
 * Degenerate input: as `precisionRecallF1` on the sums — each figure `null` (shown as "n/a")
 * when its pooled denominator is 0; an empty list pools to all-zero counts, so all three are null.
 *
 * @example microAverage([{ tp: 8, fp: 2, fn: 4 }, { tp: 0, fp: 0, fn: 2 }])
 * // { tp: 8, fp: 2, fn: 6, precision: 0.8, recall: 0.5714 (8/14), f1: 0.6667 (16/24) }
 */
export function microAverage(counts: readonly ConfusionCounts[]): MicroAverage {
  const pooled = { tp: 0, fp: 0, fn: 0 };
  counts.forEach((entry, i) => {
    // Validate each class so an error names the offending entry, not the sum.
    try {
      precisionRecallF1(entry);
    } catch (error) {
      throw new RangeError(`microAverage: counts[${i}]: ${(error as Error).message}`);
    }
    pooled.tp += entry.tp;
    pooled.fp += entry.fp;
    pooled.fn += entry.fn;
  });
  return { ...pooled, ...precisionRecallF1(pooled) };
}
