import { describe, expect, it } from 'vitest';
import {
  accelerationFromDeviations,
  bcaInterval,
  bcaIntervalWithAcceleration,
  jackknifeAcceleration,
} from './bca-interval.ts';
import { percentileInterval } from './percentile-interval.ts';
import { SPATIAL_TEST_A } from './test-fixtures.ts';

/** The plug-in variance Σ(x − x̄)²/n, E&T's statistic for the spatial test data. */
function plugInVariance(values: readonly number[]): number {
  const centre = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - centre) ** 2, 0) / values.length;
}

describe('jackknifeAcceleration', () => {
  it('matches Efron & Tibshirani (1993, §14.3): â = 0.061 for the variance of the spatial test scores', () => {
    const jackknife = SPATIAL_TEST_A.map((_, i) => plugInVariance(SPATIAL_TEST_A.filter((__, j) => j !== i)));
    expect(plugInVariance(SPATIAL_TEST_A)).toBeCloseTo(171.5, 1); // θ̂ = 171.5 in E&T
    expect(jackknifeAcceleration(jackknife)).toBeCloseTo(0.061, 3);
  });

  it('computes the doc example by hand: deviations 2, 1, −3 → −18/(6·14^{3/2})', () => {
    expect(jackknifeAcceleration([1, 2, 6])).toBeCloseTo(-18 / (6 * 14 ** 1.5), 15);
  });

  it('is 0 for symmetric jackknife values', () => {
    expect(jackknifeAcceleration([1, 2, 3, 4, 5])).toBe(0);
  });

  it('is n/a (null) with fewer than two jackknife values', () => {
    expect(jackknifeAcceleration([4])).toBeNull();
  });

  it('is n/a (null) when every jackknife value is the same', () => {
    expect(jackknifeAcceleration([2, 2, 2])).toBeNull();
  });
});

describe('bcaInterval', () => {
  const replicates = Array.from({ length: 999 }, (_, i) => i / 10);

  it('reduces to the percentile interval when ẑ₀ = 0 and â = 0', () => {
    // The estimate is the replicates' median (ẑ₀ = 0); symmetric jackknife values give â = 0.
    const bca = bcaInterval({ estimate: 49.9, replicates, jackknife: [1, 2, 3] });
    const percentile = percentileInterval(replicates);
    expect(bca?.biasCorrection).toBe(0);
    expect(bca?.acceleration).toBe(0);
    expect(bca?.lower).toBeCloseTo(percentile?.lower ?? 0, 9);
    expect(bca?.upper).toBeCloseTo(percentile?.upper ?? 0, 9);
  });

  it('computes ẑ₀ = Φ⁻¹(share below θ̂) and shifts both ends towards the side with more replicates', () => {
    // 700 of 999 replicates below 69.95: ẑ₀ = Φ⁻¹(700/999) ≈ 0.5264.
    const bca = bcaInterval({ estimate: 69.95, replicates, jackknife: [1, 2, 3] });
    expect(bca?.biasCorrection).toBeCloseTo(0.52638, 4);
    const percentile = percentileInterval(replicates);
    expect(bca?.lower ?? 0).toBeGreaterThan(percentile?.lower ?? 0);
    expect(bca?.upper ?? 0).toBeGreaterThan(percentile?.upper ?? 0);
  });

  it('counts replicates tied with θ̂ as half below (a discrete statistic at its own value gives ẑ₀ = 0)', () => {
    const discrete = [0.5, 0.5, 0.5, 0.5, 0.25, 0.75];
    expect(bcaInterval({ estimate: 0.5, replicates: discrete, jackknife: [1, 2, 3] })?.biasCorrection).toBe(
      0,
    );
  });

  it('is n/a (null) with no replicates', () => {
    expect(bcaInterval({ estimate: 1, replicates: [], jackknife: [1, 2] })).toBeNull();
  });

  it('is n/a (null) when θ̂ lies outside every replicate (ẑ₀ = ±∞)', () => {
    expect(bcaInterval({ estimate: -1, replicates, jackknife: [1, 2, 3] })).toBeNull();
    expect(bcaInterval({ estimate: 1000, replicates, jackknife: [1, 2, 3] })).toBeNull();
  });

  it('is n/a (null) when the acceleration is undefined (constant jackknife)', () => {
    expect(bcaInterval({ estimate: 49.9, replicates, jackknife: [5, 5, 5] })).toBeNull();
  });

  it('is n/a (null) when 1 − â(ẑ₀ + z) ≤ 0 (strong skew at an extreme level)', () => {
    // One outlying cluster gives â = −(n − 2)/(6√(n(n − 1))) ≈ −0.164; |â| < 1/6 always, so the
    // formula only breaks down for |ẑ₀ + z| > 6, e.g. at level 1 − 1e-12 (z ≈ 7.13).
    const jackknife = [...new Array<number>(99).fill(0), 1];
    expect(jackknifeAcceleration(jackknife)).toBeCloseTo(-98 / (6 * Math.sqrt(100 * 99)), 12);
    expect(bcaInterval({ estimate: 49.9, replicates, jackknife, level: 0.95 })).not.toBeNull();
    expect(bcaInterval({ estimate: 49.9, replicates, jackknife, level: 1 - 1e-12 })).toBeNull();
  });

  it('throws for a non-finite estimate or replicate, or a level outside (0, 1)', () => {
    expect(() => bcaInterval({ estimate: Number.NaN, replicates, jackknife: [1, 2] })).toThrow(TypeError);
    expect(() =>
      bcaInterval({ estimate: 1, replicates: [Number.POSITIVE_INFINITY], jackknife: [1, 2] }),
    ).toThrow(TypeError);
    expect(() => bcaInterval({ estimate: 1, replicates, jackknife: [1, 2], level: 95 })).toThrow(RangeError);
  });
});

describe('accelerationFromDeviations', () => {
  const deviationsOf = (jackknife: readonly number[], estimate: number) => ({
    count: jackknife.length,
    sum: jackknife.reduce((total, value) => total + (value - estimate), 0),
    squares: jackknife.reduce((total, value) => total + (value - estimate) ** 2, 0),
    cubes: jackknife.reduce((total, value) => total + (value - estimate) ** 3, 0),
  });

  it('computes the doc example: [1, 2, 6] about θ̂ = 4 gives −18/(6·14^{3/2}), as jackknifeAcceleration', () => {
    expect(accelerationFromDeviations({ count: 3, sum: -3, squares: 17, cubes: -27 })).toBeCloseTo(
      -18 / (6 * 14 ** 1.5),
      15,
    );
  });

  it("matches jackknifeAcceleration on Efron & Tibshirani's spatial test scores (â = 0.061), about every centre", () => {
    const jackknife = SPATIAL_TEST_A.map((_, i) => plugInVariance(SPATIAL_TEST_A.filter((__, j) => j !== i)));
    const expected = jackknifeAcceleration(jackknife) ?? Number.NaN;
    for (const centre of [plugInVariance(SPATIAL_TEST_A), 0, 200])
      expect(accelerationFromDeviations(deviationsOf(jackknife, centre))).toBeCloseTo(expected, 12);
  });

  it('counts values equal to the estimate without listing them (zeros add only to the count)', () => {
    const jackknife = [0.5, 0.5, 0.5, 0.52, 0.47, 0.5, 0.51];
    const moved = deviationsOf(
      jackknife.filter((value) => value !== 0.5),
      0.5,
    );
    expect(accelerationFromDeviations({ ...moved, count: jackknife.length })).toBeCloseTo(
      jackknifeAcceleration(jackknife) ?? Number.NaN,
      12,
    );
  });

  it('is n/a (null) with fewer than two values or no spread, and refuses a bad count', () => {
    expect(accelerationFromDeviations({ count: 1, sum: 1, squares: 1, cubes: 1 })).toBeNull();
    expect(accelerationFromDeviations({ count: 5, sum: 0, squares: 0, cubes: 0 })).toBeNull();
    expect(() => accelerationFromDeviations({ count: -1, sum: 0, squares: 0, cubes: 0 })).toThrow(RangeError);
  });
});

describe('bcaIntervalWithAcceleration', () => {
  it("gives bcaInterval's interval when handed the acceleration of the same jackknife", () => {
    const replicates = Array.from({ length: 99 }, (_, b) => ((b * 37) % 99) / 10 + (b % 7) / 5);
    const jackknife = [4.1, 4.3, 3.7, 4.0, 5.2, 3.9];
    const direct = bcaInterval({ estimate: 5, replicates, jackknife, level: 0.9 });
    const given = bcaIntervalWithAcceleration({
      estimate: 5,
      sortedReplicates: [...replicates].sort((x, y) => x - y),
      acceleration: jackknifeAcceleration(jackknife),
      level: 0.9,
    });
    expect(given).toEqual(direct);
    expect(given).not.toBeNull();
    expect(
      bcaIntervalWithAcceleration({
        estimate: 5,
        sortedReplicates: [1, 5, 9],
        acceleration: null,
        level: 0.9,
      }),
    ).toBeNull();
    expect(() =>
      bcaIntervalWithAcceleration({ estimate: 5, sortedReplicates: replicates, acceleration: 0, level: 0.9 }),
    ).toThrow(RangeError);
  });
});
