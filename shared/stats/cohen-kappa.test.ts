import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohenKappa } from './cohen-kappa.ts';
import { CONT_3X3_ABSTRACTORS, tableToLabels } from './test-fixtures.ts';

describe('cohenKappa', () => {
  it('gives κ = 0.4 on the Wikipedia example (50 items: yes/yes 20, yes/no 5, no/yes 10, no/no 15)', () => {
    const [a, b] = tableToLabels(
      [
        [20, 5],
        [10, 15],
      ],
      ['yes', 'no'],
    );
    expect(cohenKappa(a, b)).toBeCloseTo(0.4, 15);
  });

  it('matches the scikit-learn cohen_kappa_score docstring example: 0.6875', () => {
    const y1 = ['negative', 'positive', 'negative', 'neutral', 'positive'];
    const y2 = ['negative', 'positive', 'negative', 'neutral', 'negative'];
    expect(cohenKappa(y1, y2)).toBeCloseTo(0.6875, 15);
  });

  it("matches irrCAC's kappa2.table(cont3x3abstractors) = 0.7964094 (three categories)", () => {
    const [a, b] = tableToLabels(CONT_3X3_ABSTRACTORS);
    expect(cohenKappa(a, b)).toBeCloseTo(0.7964094, 7);
  });

  it('reproduces the kappa paradox of Feinstein & Cicchetti (1990): p_o = 0.85 in both tables, κ = 0.70 and 0.32', () => {
    // J Clin Epidemiol 43(6): 543–549. Balanced marginals (40/9/6/45) versus skewed (80/10/5/5).
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
    expect(cohenKappa(...balanced)).toBeCloseTo(0.7, 2);
    expect(cohenKappa(...skewed)).toBeCloseTo(0.32, 2);
  });

  it('is 1 for perfect agreement and symmetric in the two raters', () => {
    expect(cohenKappa([1, 2, 3, 1], [1, 2, 3, 1])).toBe(1);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('a', 'b', 'c')), {
          minLength: 1,
          maxLength: 40,
        }),
        (pairs) => {
          const a = pairs.map(([x]) => x);
          const b = pairs.map(([, y]) => y);
          const forward = cohenKappa(a, b);
          const backward = cohenKappa(b, a);
          if (forward === null) expect(backward).toBeNull();
          else expect(backward).toBeCloseTo(forward, 14);
        },
      ),
    );
  });

  it('treats 1 and "1" as different categories (labels compare with ===): no agreement, κ = 0', () => {
    expect(cohenKappa([1, 0], [1, 0])).toBe(1);
    expect(cohenKappa([1, 0], ['1', '0'])).toBe(0);
  });

  it('is n/a (null) with no items', () => {
    expect(cohenKappa([], [])).toBeNull();
  });

  it('is n/a (null) when both raters used one and the same category only (p_e = 1)', () => {
    expect(cohenKappa([false, false, false], [false, false, false])).toBeNull();
  });

  it('throws for label arrays of different length', () => {
    expect(() => cohenKappa([1, 2], [1])).toThrow(RangeError);
  });

  it('throws for NaN labels', () => {
    expect(() => cohenKappa([Number.NaN], [1])).toThrow(TypeError);
  });
});
