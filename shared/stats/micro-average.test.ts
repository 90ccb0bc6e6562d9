import { describe, expect, it } from 'vitest';
import { microAverage } from './micro-average.ts';

// scikit-learn's precision_score / recall_score / f1_score docstrings: y_true = [0, 1, 2, 0, 1, 2],
// y_pred = [0, 2, 1, 0, 0, 1]. Per class: 0 → tp 2, fp 1, fn 0; 1 → tp 0, fp 2, fn 2; 2 → tp 0, fp 1, fn 2.
const SKLEARN_EXAMPLE = [
  { tp: 2, fp: 1, fn: 0 },
  { tp: 0, fp: 2, fn: 2 },
  { tp: 0, fp: 1, fn: 2 },
];

describe('microAverage', () => {
  it('matches scikit-learn average="micro": precision, recall and F1 all 0.33…', () => {
    const result = microAverage(SKLEARN_EXAMPLE);
    expect(result).toMatchObject({ tp: 2, fp: 4, fn: 4 });
    expect(result.precision).toBeCloseTo(1 / 3, 15);
    expect(result.recall).toBeCloseTo(1 / 3, 15);
    expect(result.f1).toBeCloseTo(1 / 3, 15);
  });

  it('computes the doc example by hand: pooled tp 8, fp 2, fn 6', () => {
    const result = microAverage([
      { tp: 8, fp: 2, fn: 4 },
      { tp: 0, fp: 0, fn: 2 },
    ]);
    expect(result.precision).toBeCloseTo(0.8, 15);
    expect(result.recall).toBeCloseTo(8 / 14, 15);
    expect(result.f1).toBeCloseTo(16 / 24, 15);
  });

  it('is n/a (null) throughout for an empty list (nothing pooled)', () => {
    expect(microAverage([])).toEqual({ tp: 0, fp: 0, fn: 0, precision: null, recall: null, f1: null });
  });

  it('is n/a (null) for precision when no class has a predicted positive', () => {
    expect(microAverage([{ tp: 0, fp: 0, fn: 3 }]).precision).toBeNull();
  });

  it('throws naming the entry with invalid counts', () => {
    expect(() =>
      microAverage([
        { tp: 1, fp: 0, fn: 0 },
        { tp: 1, fp: -2, fn: 0 },
      ]),
    ).toThrow(/counts\[1\]/);
  });
});
