import { describe, expect, it } from 'vitest';
import { macroAverage } from './macro-average.ts';

// scikit-learn's precision_score / recall_score / f1_score docstrings: y_true = [0, 1, 2, 0, 1, 2],
// y_pred = [0, 2, 1, 0, 0, 1]; per-class F1 printed there as [0.8, 0, 0].
const SKLEARN_EXAMPLE = [
  { tp: 2, fp: 1, fn: 0 },
  { tp: 0, fp: 2, fn: 2 },
  { tp: 0, fp: 1, fn: 2 },
];

describe('macroAverage', () => {
  it('matches scikit-learn average="macro": precision 0.22…, recall 0.33…, F1 0.26…', () => {
    const result = macroAverage(SKLEARN_EXAMPLE);
    expect(result.precision).toBeCloseTo(2 / 9, 15);
    expect(result.recall).toBeCloseTo(1 / 3, 15);
    expect(result.f1).toBeCloseTo(0.8 / 3, 15);
    expect(result).toMatchObject({
      classesIncluded: 3,
      classesLeftOut: 0,
      precisionClasses: 3,
      recallClasses: 3,
    });
  });

  it('leaves out a class with no gold and no predicted positives, and says how many', () => {
    const result = macroAverage([...SKLEARN_EXAMPLE, { tp: 0, fp: 0, fn: 0 }]);
    expect(result.f1).toBeCloseTo(0.8 / 3, 15);
    expect(result.classesIncluded).toBe(3);
    expect(result.classesLeftOut).toBe(1);
  });

  it('averages precision only over classes with a prediction and recall only over classes with gold', () => {
    const result = macroAverage([
      { tp: 8, fp: 2, fn: 4 },
      { tp: 0, fp: 0, fn: 2 }, // gold but never predicted: precision n/a, recall 0, F1 0
      { tp: 0, fp: 1, fn: 0 }, // predicted but no gold: precision 0, recall n/a, F1 0
    ]);
    expect(result.precision).toBeCloseTo((0.8 + 0) / 2, 15);
    expect(result.recall).toBeCloseTo((8 / 12 + 0) / 2, 15);
    expect(result.f1).toBeCloseTo(16 / 22 / 3, 15);
    expect(result).toMatchObject({
      classesIncluded: 3,
      classesLeftOut: 0,
      precisionClasses: 2,
      recallClasses: 2,
    });
  });

  it('is n/a (null) throughout when every class is left out', () => {
    expect(macroAverage([{ tp: 0, fp: 0, fn: 0 }])).toEqual({
      precision: null,
      recall: null,
      f1: null,
      classesIncluded: 0,
      classesLeftOut: 1,
      precisionClasses: 0,
      recallClasses: 0,
    });
  });

  it('is n/a (null) throughout for an empty list', () => {
    expect(macroAverage([])).toMatchObject({ precision: null, recall: null, f1: null, classesIncluded: 0 });
  });

  it('is n/a (null) for macro precision when no included class has a predicted positive', () => {
    expect(macroAverage([{ tp: 0, fp: 0, fn: 4 }])).toMatchObject({ precision: null, recall: 0, f1: 0 });
  });

  it('throws naming the entry with invalid counts', () => {
    expect(() => macroAverage([{ tp: 1.5, fp: 0, fn: 0 }])).toThrow(/counts\[0\]/);
  });
});
