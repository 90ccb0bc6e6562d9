import { describe, expect, it } from 'vitest';
import { normalQuantile } from './normal-quantile.ts';
import { wilsonInterval } from './wilson-interval.ts';

const Z = normalQuantile(0.975);

describe('wilsonInterval', () => {
  it('matches R binom::binom.confint(5, 20, method = "wilson"): 0.1118617 – 0.4687009', () => {
    const interval = wilsonInterval(5, 20);
    expect(interval?.lower).toBeCloseTo(0.1118617, 7);
    expect(interval?.upper).toBeCloseTo(0.4687009, 7);
  });

  it('matches R prop.test(5, 10, correct = FALSE) / binom.confint: 0.2365931 – 0.7634069', () => {
    const interval = wilsonInterval(5, 10);
    expect(interval?.lower).toBeCloseTo(0.2365931, 7);
    expect(interval?.upper).toBeCloseTo(0.7634069, 7);
  });

  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in
  // Medicine 17: 857–872, Table I, method 3 (score interval without continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('matches Newcombe (1998) Table I for %i/%i: %f – %f', (x, n, lower, upper) => {
    const interval = wilsonInterval(x, n);
    expect(interval?.lower).toBeCloseTo(lower, 4);
    expect(interval?.upper).toBeCloseTo(upper, 4);
  });

  it('matches R Hmisc::binconf (Wilson, its default): 12/50 → 0.142974 – 0.374127, 520/1000 → 0.4890177 – 0.5508292', () => {
    expect(wilsonInterval(12, 50)?.lower).toBeCloseTo(0.142974, 6);
    expect(wilsonInterval(12, 50)?.upper).toBeCloseTo(0.374127, 6);
    expect(wilsonInterval(520, 1000)?.lower).toBeCloseTo(0.4890177, 7);
    expect(wilsonInterval(520, 1000)?.upper).toBeCloseTo(0.5508292, 7);
  });

  it('gives the closed form at x = 0: [0, z²/(n + z²)] (computed by hand)', () => {
    expect(wilsonInterval(0, 20)).toEqual({ lower: 0, upper: expect.closeTo((Z * Z) / (20 + Z * Z), 15) });
  });

  it('gives the closed form at x = n: [n/(n + z²), 1] (computed by hand)', () => {
    expect(wilsonInterval(20, 20)).toEqual({ lower: expect.closeTo(20 / (20 + Z * Z), 15), upper: 1 });
  });

  it('narrows at a lower confidence level and is symmetric under x ↔ n − x', () => {
    const wide = wilsonInterval(7, 30, 0.99);
    const narrow = wilsonInterval(7, 30, 0.8);
    expect(narrow?.lower ?? 0).toBeGreaterThan(wide?.lower ?? 1);
    expect(narrow?.upper ?? 1).toBeLessThan(wide?.upper ?? 0);
    const mirrored = wilsonInterval(23, 30);
    expect(mirrored?.lower).toBeCloseTo(1 - (wilsonInterval(7, 30)?.upper ?? 0), 14);
  });

  it('is n/a (null) with no trials, n = 0', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  it.each([
    [3, 2, 0.95],
    [-1, 5, 0.95],
    [1.5, 5, 0.95],
    [1, 5, 1],
    [1, 5, 0],
  ])('throws for x=%f, n=%f, level=%f', (x, n, level) => {
    expect(() => wilsonInterval(x, n, level)).toThrow(RangeError);
  });
});
