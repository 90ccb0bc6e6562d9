import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spearmanRho } from './spearman-rho.ts';

describe('spearmanRho', () => {
  it('matches the SciPy spearmanr docs example with a tie: 0.8207826816681233', () => {
    expect(spearmanRho([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(0.8207826816681233, 14);
  });

  it('computes a tied example by hand from mid-ranks: 3.75/√67.5 = 0.45643546458763845', () => {
    // x ranks [1.5, 3, 4.5, 1.5, 4.5], y ranks [1.5, 1.5, 4, 4, 4]; Σ dx·dy = 3.75, Σdx² = 9, Σdy² = 7.5.
    expect(spearmanRho([15, 18, 21, 15, 21], [25, 25, 27, 27, 27])).toBeCloseTo(3.75 / Math.sqrt(67.5), 14);
  });

  it('equals 1 − 6Σd²/(n(n² − 1)) when there are no ties', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -1000, max: 1000 }), { minLength: 4, maxLength: 30 }),
        (x) => {
          const y = x.map((value, i) => (value * 7919 + i * 104729) % 1009);
          fc.pre(new Set(y).size === y.length);
          const rank = (values: number[]) => {
            const sorted = [...values].sort((a, b) => a - b);
            return values.map((value) => sorted.indexOf(value) + 1);
          };
          const rx = rank(x);
          const ry = rank(y);
          const n = x.length;
          const sumD2 = rx.reduce((sum, r, i) => sum + (r - (ry[i] ?? 0)) ** 2, 0);
          expect(spearmanRho(x, y)).toBeCloseTo(1 - (6 * sumD2) / (n * (n * n - 1)), 12);
        },
      ),
    );
  });

  it('is n/a (null) with fewer than two observations', () => {
    expect(spearmanRho([], [])).toBeNull();
    expect(spearmanRho([1], [2])).toBeNull();
  });

  it('is n/a (null) when either sample is constant (no rank variance)', () => {
    expect(spearmanRho([2, 2, 2], [1, 2, 3])).toBeNull();
    expect(spearmanRho([1, 2, 3], [5, 5, 5])).toBeNull();
  });

  it('throws for arrays of different length or non-finite values', () => {
    expect(() => spearmanRho([1, 2], [1])).toThrow(RangeError);
    expect(() => spearmanRho([1, Number.POSITIVE_INFINITY], [1, 2])).toThrow(TypeError);
  });
});
