import { describe, expect, it } from 'vitest';
import { pabak } from './pabak.ts';
import { CONT_3X3_ABSTRACTORS, tableToLabels } from './test-fixtures.ts';

describe('pabak (Brennan–Prediger)', () => {
  it("matches irrCAC's bp2.table(cont3x3abstractors) = 0.835 (q = 3: (0.89 − 1/3)/(2/3))", () => {
    const [a, b] = tableToLabels(CONT_3X3_ABSTRACTORS);
    expect(pabak(a, b)).toBeCloseTo(0.835, 14);
  });

  it('is 2·p_o − 1 for binary labels: Feinstein & Cicchetti (1990) tables with p_o = 0.85 both give 0.7', () => {
    // PABAK (Byrt, Bishop & Carlin 1993) does not move with prevalence, unlike κ (0.70 vs 0.32).
    const balanced = tableToLabels(
      [
        [40, 9],
        [6, 45],
      ],
      [true, false],
    );
    const skewed = tableToLabels(
      [
        [80, 10],
        [5, 5],
      ],
      [true, false],
    );
    expect(pabak(...balanced)).toBeCloseTo(0.7, 14);
    expect(pabak(...skewed)).toBeCloseTo(0.7, 14);
  });

  it('counts the categories observed in either rater: q = 2 here although rater a used one', () => {
    expect(pabak([true, true, true, true], [true, true, true, false])).toBeCloseTo(0.5, 15);
  });

  it('is n/a (null) with no items', () => {
    expect(pabak([], [])).toBeNull();
  });

  it('is n/a (null) when only one category is observed (q = 1)', () => {
    expect(pabak([false, false], [false, false])).toBeNull();
  });

  it('throws for arrays of different length', () => {
    expect(() => pabak([true], [true, false])).toThrow(RangeError);
  });
});
