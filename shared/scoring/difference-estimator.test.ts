import { describe, expect, it } from 'vitest';
import { differenceEstimate, zeroSpreadVarianceFloor } from './difference-estimator.ts';

// Student's t two-sided 5 % points (NIST/SEMATECH e-Handbook 1.3.6.7.2): ν = 2 and ν = 3.
const T2 = 4.302652729911275;
const T3 = 3.182446305284263;

describe('differenceEstimate', () => {
  it('corrects the extractor mean by the mean difference, with the finite-population variance', () => {
    // N = 10, extractor mean 0.9; differences −0.1, 0, −0.2: mean −0.1, s² = ((0)² + 0.1² + 0.1²)/2 = 0.01.
    // m̂ = 0.9 − 0.1 = 0.8; Var = (1 − 3/10)·0.01/3 = 0.0023333; ν = 3 − 1 = 2: half-width t_{0.975, 2}·0.048305 = 4.3027·0.048305 = 0.20784.
    const result = differenceEstimate(
      [
        {
          key: 'h',
          populationSize: 10,
          extractorValues: [0.9, 0.8, 1, 0.9, 0.9, 0.8, 1, 0.9, 0.9, 0.9],
          differences: [-0.1, 0, -0.2],
        },
      ],
      { level: 0.95 },
    );
    expect(result.value).toBeCloseTo(0.8, 12);
    expect(result.variance).toBeCloseTo((0.7 * 0.01) / 3, 12);
    expect(result.degrees_of_freedom).toBe(2);
    expect(result.ci?.lower).toBeCloseTo(0.8 - T2 * Math.sqrt((0.7 * 0.01) / 3), 9);
    expect(result.ci?.upper).toBeCloseTo(0.8 + 0.20784, 4);
    expect(result.extractor_only).toBeCloseTo(0.9, 12);
    expect(result.variance_pooled).toBe(false);
  });

  it('combines strata with weights N_h/N and variances with (N_h/N)²', () => {
    // h1: N 30, ext mean 0.9, diffs [0, −0.1, −0.2] → m̂ 0.8, s² 0.01, Var (1 − 3/30)·0.01/3 = 0.003
    // h2: N 10, ext mean 0.5, diffs [0.1, 0.1, 0.1] → m̂ 0.6, s² 0,    Var 0
    // m̂ = 0.75·0.8 + 0.25·0.6 = 0.75; Var = 0.75²·0.003 = 0.0016875
    const result = differenceEstimate(
      [
        { key: 'h1', populationSize: 30, extractorValues: [0.9], differences: [0, -0.1, -0.2] },
        { key: 'h2', populationSize: 10, extractorValues: [0.5], differences: [0.1, 0.1, 0.1] },
      ],
      { level: 0.95 },
    );
    expect(result.value).toBeCloseTo(0.75, 12);
    expect(result.variance).toBeCloseTo(0.0016875, 12);
    // ν = min(3 − 1, 3 − 1) = 2 (h2's s² was floored, but from the same three differences).
    expect(result.degrees_of_freedom).toBe(2);
  });

  it('takes ν from the pool where the variance was pooled, and the smallest ν over strata', () => {
    // h1 pooled over 4 differences (ν 3), h2 from its own 6 (ν 5): ν = 3.
    const result = differenceEstimate(
      [
        {
          key: 'h1',
          populationSize: 10,
          extractorValues: [0.9],
          differences: [0, 0.2],
          pool: [0, 0.2, 0.4, 0.1],
        },
        { key: 'h2', populationSize: 20, extractorValues: [0.8], differences: [0, 0.1, 0, 0.2, 0, 0.1] },
      ],
      { level: 0.95 },
    );
    expect(result.strata.map((row) => row.degrees_of_freedom)).toEqual([3, 5]);
    expect(result.degrees_of_freedom).toBe(3);
    const half = ((result.ci?.upper ?? 0) - (result.ci?.lower ?? 0)) / 2;
    expect(half).toBeCloseTo(T3 * Math.sqrt(result.variance ?? 0), 9);
  });

  it('pools s² when n_h < 3 and says so', () => {
    // n_h = 2 of N_h = 10: s² from the pool [0, 0.2, 0.4] = 0.04 → Var = (1 − 2/10)·0.04/2 = 0.016.
    const result = differenceEstimate(
      [{ key: 'h', populationSize: 10, extractorValues: [0.9], differences: [0, 0.2], pool: [0, 0.2, 0.4] }],
      { level: 0.95 },
    );
    expect(result.variance).toBeCloseTo(0.016, 12);
    expect(result.variance_pooled).toBe(true);
    expect(result.strata[0]?.variance_pooled).toBe(true);
  });

  it('has no variance from one difference without a pool, and zero variance for a census', () => {
    const single = differenceEstimate(
      [{ key: 'h', populationSize: 5, extractorValues: [1], differences: [-0.5] }],
      {
        level: 0.95,
      },
    );
    expect(single.value).toBe(0.5);
    expect(single.ci).toBeNull();
    const census = differenceEstimate(
      [{ key: 'h', populationSize: 2, extractorValues: [1, 0.5], differences: [0, -0.5] }],
      {
        level: 0.95,
      },
    );
    expect(census.variance).toBe(0);
    expect(census.ci).toEqual({ lower: 0.5, upper: 0.5 });
    expect(census.degrees_of_freedom).toBeNull();
  });

  it('is n/a when a stratum has no sampled difference', () => {
    const result = differenceEstimate(
      [
        { key: 'h1', populationSize: 5, extractorValues: [1], differences: [0] },
        { key: 'h2', populationSize: 5, extractorValues: [1], differences: [] },
      ],
      { level: 0.95 },
    );
    expect(result.value).toBeNull();
    expect(result.ci).toBeNull();
    expect(result.strata[1]?.estimate).toBeNull();
  });

  it('refuses more sampled than population', () => {
    expect(() =>
      differenceEstimate([{ key: 'h', populationSize: 1, extractorValues: [], differences: [0, 0] }], {
        level: 0.95,
      }),
    ).toThrow(RangeError);
  });
});

describe('zeroSpreadVarianceFloor (rule of three; Hanley & Lippman-Hand, JAMA 1983)', () => {
  it('bounds the disagreement rate by the exact one-sided bound for 0 of n: 50 items at 95 %', () => {
    // p_u = 1 − 0.05^(1/50) = 0.058155 (≈ 3/50 = 0.06, the rule of three); 4·p_u·(1 − p_u) = 0.219091
    expect(zeroSpreadVarianceFloor(50, 0.95)).toBeCloseTo(0.219091, 5);
  });

  it('is the largest variance on [−1, 1] while the bound exceeds one half (n ≤ 4 at 95 %)', () => {
    expect(zeroSpreadVarianceFloor(2, 0.95)).toBe(1);
    expect(zeroSpreadVarianceFloor(4, 0.95)).toBe(1);
    expect(zeroSpreadVarianceFloor(5, 0.95)).toBeLessThan(1);
  });

  it('shrinks as the sample grows', () => {
    expect(zeroSpreadVarianceFloor(500, 0.95)).toBeLessThan(zeroSpreadVarianceFloor(50, 0.95));
  });
});

describe('differenceEstimate on a small sample that saw no difference', () => {
  // The demo's case: 3 gold arguments of a 30-argument cell, gold and extractor agreeing on each,
  // the extractor at 0.995 over the cell. Before the floor: 0.995 [0.995, 0.995].
  const result = differenceEstimate(
    [{ key: 'cell', populationSize: 30, extractorValues: Array(30).fill(0.995), differences: [0, 0, 0] }],
    { level: 0.95 },
  );

  it('still reports the estimate', () => {
    expect(result.value).toBeCloseTo(0.995, 10);
  });

  it('gives an interval as wide as three items warrant, not one of zero width', () => {
    // s² floored to 1: Var = (1 − 3/30)·1/3 = 0.3; ν = 2: half-width 4.3027·√0.3 = 2.3567
    expect(result.variance_floored).toBe(true);
    expect(result.variance).toBeCloseTo(0.3, 10);
    expect((result.ci?.upper ?? 0) - (result.ci?.lower ?? 0)).toBeCloseTo(2 * T2 * Math.sqrt(0.3), 4);
  });

  it('leaves a sample with spread alone', () => {
    const spread = differenceEstimate(
      [{ key: 'h', populationSize: 10, extractorValues: [0.9], differences: [-0.1, 0, -0.2] }],
      { level: 0.95 },
    );
    expect(spread.variance_floored).toBe(false);
    expect(spread.variance).toBeCloseTo(((1 - 3 / 10) * 0.01) / 3, 12);
  });
});
