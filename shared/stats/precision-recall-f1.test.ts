import { describe, expect, it } from 'vitest';
import { precisionRecallF1 } from './precision-recall-f1.ts';

describe('precisionRecallF1', () => {
  it('computes tp 8, fp 2, fn 4 by hand: P = 0.8, R = 2/3, F1 = 16/22', () => {
    const result = precisionRecallF1({ tp: 8, fp: 2, fn: 4 });
    expect(result.precision).toBeCloseTo(0.8, 15);
    expect(result.recall).toBeCloseTo(2 / 3, 15);
    expect(result.f1).toBeCloseTo(16 / 22, 15);
  });

  it('gives F1 as the harmonic mean of P and R whenever both are positive', () => {
    const { precision, recall, f1 } = precisionRecallF1({ tp: 3, fp: 7, fn: 1 });
    expect(f1).toBeCloseTo((2 * (precision ?? 0) * (recall ?? 0)) / ((precision ?? 0) + (recall ?? 0)), 15);
  });

  it('matches the binary scikit-learn f1_score docstring example: y_true [0,1,0,1], y_pred [0,1,0,0] → 0.666…', () => {
    expect(precisionRecallF1({ tp: 1, fp: 0, fn: 1 }).f1).toBeCloseTo(2 / 3, 15);
  });

  it('is n/a (null) for precision with no predicted positives; recall and F1 are then computed 0s', () => {
    expect(precisionRecallF1({ tp: 0, fp: 0, fn: 5 })).toEqual({ precision: null, recall: 0, f1: 0 });
  });

  it('is n/a (null) for recall with no gold positives; precision and F1 are then computed 0s', () => {
    expect(precisionRecallF1({ tp: 0, fp: 3, fn: 0 })).toEqual({ precision: 0, recall: null, f1: 0 });
  });

  it('is n/a (null) for all three with no gold and no predicted positives', () => {
    expect(precisionRecallF1({ tp: 0, fp: 0, fn: 0 })).toEqual({ precision: null, recall: null, f1: null });
  });

  it('throws for negative or fractional counts', () => {
    expect(() => precisionRecallF1({ tp: -1, fp: 0, fn: 0 })).toThrow(RangeError);
    expect(() => precisionRecallF1({ tp: 1, fp: 0.5, fn: 0 })).toThrow(RangeError);
  });
});
