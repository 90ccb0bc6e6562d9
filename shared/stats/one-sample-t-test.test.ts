import { describe, expect, it } from 'vitest';
import { lowerTailTTest } from './one-sample-t-test.ts';

// Student (1908) / Cushny & Peebles (1905): extra hours of sleep under drug 2 minus drug 1, the
// `sleep` data of R's datasets. R's example t.test(extra ~ group, data = sleep, paired = TRUE)
// prints t = -4.0621, df = 9, p-value = 0.002833 (two-sided): group 1 minus group 2 below.
const SLEEP_DIFFERENCES = [-1.2, -2.4, -1.3, -1.3, 0, -1, -1.8, -0.8, -4.6, -1.4];

describe('lowerTailTTest', () => {
  it("reproduces R's paired t-test on the sleep data: t = −4.0621, one-sided p = 0.002833 / 2", () => {
    const test = lowerTailTTest(SLEEP_DIFFERENCES, 0);
    expect(test.n).toBe(10);
    expect(test.mean).toBeCloseTo(-1.58, 12);
    expect(test.t).toBeCloseTo(-4.062127683382037, 10);
    // SciPy 1.17 ttest_1samp(..., alternative='less').pvalue = 0.0014164450986921364
    expect(test.p).toBeCloseTo(0.0014164450986921364, 12);
    expect((test.p ?? 0) * 2).toBeCloseTo(0.002833, 6);
  });

  it('tests against μ₀: shifting the data and μ₀ together changes nothing', () => {
    const shifted = lowerTailTTest(
      SLEEP_DIFFERENCES.map((value) => value + 0.2),
      0.2,
    );
    expect(shifted.t).toBeCloseTo(-4.062127683382037, 10);
  });

  it('gives the upper side when the mean lies above μ₀ (p > ½)', () => {
    // SciPy: ttest_1samp(-sleep, 0, alternative='less').pvalue = 0.9985835549013079
    expect(
      lowerTailTTest(
        SLEEP_DIFFERENCES.map((value) => -value),
        0,
      ).p,
    ).toBeCloseTo(0.9985835549013079, 12);
  });

  it('without variance: p = 0 below μ₀ (SciPy: t = −∞, p = 0), p = 1 at or above it, t null', () => {
    expect(lowerTailTTest([0, 0, 0], 0.2)).toEqual({ n: 3, mean: 0, t: null, p: 0 });
    expect(lowerTailTTest([1, 1], 0.2)).toEqual({ n: 2, mean: 1, t: null, p: 1 });
    expect(lowerTailTTest([0.2, 0.2], 0.2)).toEqual({ n: 2, mean: 0.2, t: null, p: 1 });
  });

  it('has no test with fewer than two values', () => {
    expect(lowerTailTTest([], 0)).toEqual({ n: 0, mean: null, t: null, p: null });
    expect(lowerTailTTest([-1], 0)).toEqual({ n: 1, mean: -1, t: null, p: null });
  });

  it('rejects values that are not finite', () => {
    expect(() => lowerTailTTest([1, Number.NaN], 0)).toThrow(TypeError);
    expect(() => lowerTailTTest([1, 2], Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });
});
