import { describe, expect, it } from 'vitest';
import { studentTCdf } from './student-t.ts';

describe('studentTCdf', () => {
  it('gives the Cauchy distribution at ν = 1: F(t) = ½ + atan(t)/π (closed form)', () => {
    for (const t of [-3, -1, -0.2, 0, 0.7, 1, 5])
      expect(studentTCdf(t, 1)).toBeCloseTo(0.5 + Math.atan(t) / Math.PI, 12);
  });

  it('gives the closed form at ν = 2: F(t) = ½ + t / (2√(2 + t²))', () => {
    for (const t of [-4, -1.5, 0, 0.3, 1.5, 10])
      expect(studentTCdf(t, 2)).toBeCloseTo(0.5 + t / (2 * Math.sqrt(2 + t * t)), 12);
  });

  // The 5% points every t table prints (two-sided for ν = 10: 2.228; one-sided for ν = 29: 1.699),
  // and further points; all digits from SciPy 1.17 `stats.t.cdf`.
  it.each([
    [2.228138851986, 10, 0.975],
    [-1.6991270265334977, 29, 0.05],
    [-2.5, 5, 0.02724504967118813],
    [3, 30, 0.9973050179671741],
    [40, 3, 0.9999828096596054],
    [-0.5, 0.5, 0.37865903646471827],
  ])('P(T ≤ %f) with ν = %f is %f (SciPy stats.t.cdf)', (t, df, expected) => {
    expect(studentTCdf(t, df)).toBeCloseTo(expected, 11);
  });

  it('is ½ at 0, 0 and 1 at the infinities, and symmetric', () => {
    expect(studentTCdf(0, 7)).toBe(0.5);
    expect(studentTCdf(Number.NEGATIVE_INFINITY, 4)).toBe(0);
    expect(studentTCdf(Number.POSITIVE_INFINITY, 4)).toBe(1);
    expect(studentTCdf(-1.3, 12) + studentTCdf(1.3, 12)).toBeCloseTo(1, 14);
  });

  it('rejects NaN and degrees of freedom that are not positive and finite', () => {
    expect(() => studentTCdf(Number.NaN, 3)).toThrow(RangeError);
    expect(() => studentTCdf(1, 0)).toThrow(RangeError);
    expect(() => studentTCdf(1, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
