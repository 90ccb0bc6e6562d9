import { describe, expect, it } from 'vitest';
import { type BinaryLabel, specificAgreement } from './specific-agreement.ts';
import { tableToLabels } from './test-fixtures.ts';

/** A 2×2 table [[a, b], [c, d]] (rows rater 1 positive/negative) as two label arrays. */
function fromTable(a: number, b: number, c: number, d: number): [BinaryLabel[], BinaryLabel[]] {
  return tableToLabels<BinaryLabel>(
    [
      [a, b],
      [c, d],
    ],
    [true, false],
  );
}

describe('specificAgreement', () => {
  it('computes the Wikipedia Cohen κ table by hand (20/5/10/15): positive 40/55, negative 30/45', () => {
    const result = specificAgreement(...fromTable(20, 5, 10, 15));
    expect(result.positive).toBeCloseTo(40 / 55, 15);
    expect(result.negative).toBeCloseTo(30 / 45, 15);
  });

  it('shows where skewed raters disagree — Feinstein & Cicchetti (1990) 80/10/5/5: positive 160/175, negative 10/25', () => {
    // By hand, on the skewed table of their part I (κ = 0.32); p_pos and p_neg are the remedy
    // Cicchetti & Feinstein propose in part II.
    const result = specificAgreement(...fromTable(80, 10, 5, 5));
    expect(result.positive).toBeCloseTo(160 / 175, 15);
    expect(result.negative).toBeCloseTo(0.4, 15);
  });

  it('accepts 1/0 and true/false, mixed, as the same labels', () => {
    expect(specificAgreement([1, true, 0, false], [true, 1, false, 0])).toEqual({ positive: 1, negative: 1 });
    expect(specificAgreement([1, 1, 0, 0], [1, 0, 0, 0])).toEqual({ positive: 2 / 3, negative: 0.8 });
  });

  it('gives positive agreement 0 (defined) when the raters never agree on a positive', () => {
    expect(specificAgreement([true, false], [false, false])).toEqual({ positive: 0, negative: 2 / 3 });
  });

  it('is n/a (null) for positive agreement when neither rater ever says positive', () => {
    expect(specificAgreement([false, false, 0], [0, false, false])).toEqual({ positive: null, negative: 1 });
  });

  it('is n/a (null) for negative agreement when neither rater ever says negative', () => {
    expect(specificAgreement([true, 1], [1, true])).toEqual({ positive: 1, negative: null });
  });

  it('is n/a (null) for both with no items', () => {
    expect(specificAgreement([], [])).toEqual({ positive: null, negative: null });
  });

  it('throws for labels other than true/false/1/0, and for arrays of different length', () => {
    expect(() => specificAgreement([2 as BinaryLabel], [1])).toThrow(TypeError);
    expect(() => specificAgreement([1], [])).toThrow(RangeError);
  });
});
