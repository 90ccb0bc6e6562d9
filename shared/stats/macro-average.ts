import { mean } from 'simple-statistics';
import { type ConfusionCounts, precisionRecallF1 } from './precision-recall-f1.ts';

/** Macro-averaged figures and how many classes each one averages over. */
export interface MacroAverage {
  /** Mean of the per-class precisions that are defined; `null` if none is. */
  precision: number | null;
  /** Mean of the per-class recalls that are defined; `null` if none is. */
  recall: number | null;
  /** Mean of the per-class F1 values (defined for every included class); `null` if none. */
  f1: number | null;
  /** Classes with at least one gold or predicted positive (tp + fp + fn > 0). */
  classesIncluded: number;
  /** Classes left out: no gold positives and no predicted positives (tp = fp = fn = 0). */
  classesLeftOut: number;
  /** Included classes with a defined precision (some predicted positive). */
  precisionClasses: number;
  /** Included classes with a defined recall (some gold positive). */
  recallClasses: number;
}

/**
 * Macro-averaged precision, recall and F1: compute the figures per class (factor), then take the
 * unweighted mean over classes (Sebastiani, "Machine learning in automated text categorization",
 * ACM Computing Surveys 34, 2002, §7.1.1), so a rare factor weighs as much as a common one.
 * Macro-F1 here is the mean of the per-class F1 values, not the F1 of macro-precision and
 * macro-recall (the two differ; Opitz & Burst, "Macro F1 and Macro F1", 2019).
 *
 * Which classes count (docs/STATISTICS.md §3.2):
 * - a class with no gold positives and no predicted positives (tp = fp = fn = 0) has no figure at
 *   all; it is left out of every mean and counted in `classesLeftOut`, so the report can say so;
 * - otherwise F1 is defined and enters the F1 mean; precision enters its mean only when the class
 *   has a predicted positive, recall only when it has a gold positive. `precisionClasses` and
 *   `recallClasses` say how many classes each mean covers. No undefined figure is replaced by 0.
 *
 * Preconditions: every entry has non-negative integer tp, fp, fn; otherwise throws a RangeError
 * naming the entry.
 * Degenerate input: a mean over no classes is `null` (shown as "n/a"), e.g. for an empty list or
 * when every class is left out.
 *
 * @example macroAverage([{ tp: 8, fp: 2, fn: 4 }, { tp: 0, fp: 0, fn: 2 }, { tp: 0, fp: 0, fn: 0 }])
 * // { precision: 0.8, recall: 0.3333, f1: 0.3636,
 * //   classesIncluded: 2, classesLeftOut: 1, precisionClasses: 1, recallClasses: 2 }
 */
export function macroAverage(counts: readonly ConfusionCounts[]): MacroAverage {
  const precisions: number[] = [];
  const recalls: number[] = [];
  const f1s: number[] = [];
  let classesLeftOut = 0;
  counts.forEach((entry, i) => {
    let figures: ReturnType<typeof precisionRecallF1>;
    try {
      figures = precisionRecallF1(entry);
    } catch (error) {
      throw new RangeError(`macroAverage: counts[${i}]: ${(error as Error).message}`);
    }
    if (figures.f1 === null) {
      classesLeftOut++;
      return;
    }
    f1s.push(figures.f1);
    if (figures.precision !== null) precisions.push(figures.precision);
    if (figures.recall !== null) recalls.push(figures.recall);
  });
  return {
    precision: precisions.length === 0 ? null : mean(precisions),
    recall: recalls.length === 0 ? null : mean(recalls),
    f1: f1s.length === 0 ? null : mean(f1s),
    classesIncluded: f1s.length,
    classesLeftOut,
    precisionClasses: precisions.length,
    recallClasses: recalls.length,
  };
}
