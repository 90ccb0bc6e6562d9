import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kendallTauB } from './kendall-tau-b.ts';

describe('kendallTauB', () => {
  it('matches the SciPy kendalltau docs example with ties: −0.47140452079103173', () => {
    expect(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])).toBeCloseTo(-0.47140452079103173, 15);
  });

  it('computes a tied example by hand: n_c = 4, n_d = 1, one joint tie → 3/√(5·5) = 0.6', () => {
    expect(kendallTauB([1, 1, 2, 3], [1, 1, 3, 2])).toBeCloseTo(0.6, 15);
  });

  it('equals τ-a, (n_c − n_d)/(n(n − 1)/2), without ties', () => {
    // [1,2,3,4,5] vs [3,4,1,2,5]: of 10 pairs, discordant are (1,3),(1,4),(2,3),(2,4) → (6 − 4)/10.
    expect(kendallTauB([1, 2, 3, 4, 5], [3, 4, 1, 2, 5])).toBeCloseTo(0.2, 15);
  });

  it('is ±1 for identical and reversed rankings, ties or not', () => {
    expect(kendallTauB([1, 1, 2], [1, 1, 2])).toBe(1);
    expect(kendallTauB([1, 1, 2], [2, 2, 1])).toBe(-1);
  });

  it('is symmetric and within [−1, 1]', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), {
          minLength: 2,
          maxLength: 30,
        }),
        (pairs) => {
          const x = pairs.map(([a]) => a);
          const y = pairs.map(([, b]) => b);
          const tau = kendallTauB(x, y);
          if (tau === null) return;
          expect(Math.abs(tau)).toBeLessThanOrEqual(1 + 1e-15);
          expect(kendallTauB(y, x)).toBeCloseTo(tau, 15);
        },
      ),
    );
  });

  it('is n/a (null) with fewer than two observations', () => {
    expect(kendallTauB([], [])).toBeNull();
    expect(kendallTauB([3], [3])).toBeNull();
  });

  it('is n/a (null) when x is constant', () => {
    expect(kendallTauB([1, 1, 1, 1], [1, 2, 3, 4])).toBeNull();
  });

  it('is n/a (null) when y is constant', () => {
    expect(kendallTauB([1, 2, 3], [0, 0, 0])).toBeNull();
  });

  it('throws for arrays of different length or non-finite values', () => {
    expect(() => kendallTauB([1, 2], [1])).toThrow(RangeError);
    expect(() => kendallTauB([1, Number.NaN], [1, 2])).toThrow(TypeError);
  });
});
