import { describe, expect, it } from 'vitest';
import { percentAgreement } from './percent-agreement.ts';
import { CONT_3X3_ABSTRACTORS, tableToLabels } from './test-fixtures.ts';

describe('percentAgreement', () => {
  it("matches irrCAC's pa2.table(cont3x3abstractors) = 0.89", () => {
    const [a, b] = tableToLabels(CONT_3X3_ABSTRACTORS);
    expect(percentAgreement(a, b)).toBeCloseTo(0.89, 15);
  });

  it('gives p_o = 0.7 on the Wikipedia Cohen κ example (35 of 50 alike)', () => {
    const [a, b] = tableToLabels(
      [
        [20, 5],
        [10, 15],
      ],
      ['yes', 'no'],
    );
    expect(percentAgreement(a, b)).toBe(0.7);
  });

  it('is 1 when both raters give the same single label (defined, unlike κ)', () => {
    expect(percentAgreement([false, false], [false, false])).toBe(1);
  });

  it('is n/a (null) with no items', () => {
    expect(percentAgreement([], [])).toBeNull();
  });

  it('throws for arrays of different length', () => {
    expect(() => percentAgreement(['a'], [])).toThrow(RangeError);
  });
});
