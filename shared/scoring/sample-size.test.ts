import { describe, expect, it } from 'vitest';
import { planCorrectedSampleSize, planSampleSize } from './sample-size.ts';

const Z2 = 1.959963984540054 ** 2; // 3.8414588…

describe('planSampleSize', () => {
  it('gives Cochran’s n₀ = z²pq/w² for independent decisions: 385 for ±0.05 at p = 0.5', () => {
    // 3.8414588 · 0.25 / 0.0025 = 384.146 → 385 decisions → ⌈385/78⌉ = 5 items.
    const plan = planSampleSize({ halfWidth: 0.05 });
    expect(plan.independent_decisions).toBeCloseTo((Z2 * 0.25) / 0.0025, 9);
    expect(plan).toMatchObject({ decisions: 385, items: 5, design_effect: 1 });
    expect(plan.assumptions.join(' ')).toContain('most conservative');
  });

  it('inflates by the design effect 1 + (m − 1)ρ', () => {
    // deff = 1 + 77·0.1 = 8.7; 384.146 · 8.7 = 3342.07 → 3343 decisions → ⌈3343/78⌉ = 43 items.
    const plan = planSampleSize({ halfWidth: 0.05, icc: 0.1 });
    expect(plan.design_effect).toBeCloseTo(8.7, 12);
    expect(plan).toMatchObject({ decisions: 3343, items: 43 });
  });

  it('treats a negative ρ as 0 and says so', () => {
    const plan = planSampleSize({ halfWidth: 0.1, p: 0.2, icc: -0.05 });
    // 3.8414588 · 0.16 / 0.01 = 61.46 → 62
    expect(plan).toMatchObject({ decisions: 62, design_effect: 1 });
    expect(plan.assumptions.join(' ')).toContain('taken as 0');
  });

  it('needs nothing at p = 0 and refuses a half-width outside (0, 1)', () => {
    expect(planSampleSize({ halfWidth: 0.05, p: 0 }).decisions).toBe(0);
    expect(() => planSampleSize({ halfWidth: 0 })).toThrow(RangeError);
  });
});

describe('planCorrectedSampleSize', () => {
  // Student's t two-sided 5 % points, NIST/SEMATECH e-Handbook 1.3.6.7.2 (and R's qt(0.975, ν)).
  const T = { 2: 4.302653, 16: 2.119905, 17: 2.109816, 20: 2.085963, 21: 2.079614 } as const;

  it('plans for the Student-t interval the report prints: s² = 0.01, ±0.05 needs 18, not z²s²/w² = 16', () => {
    // n = 18: 2.1098·√(0.01/18) = 0.04973 ≤ 0.05; n = 17: 2.1199·√(0.01/17) = 0.05142 > 0.05.
    expect(T[17] * Math.sqrt(0.01 / 18)).toBeLessThanOrEqual(0.05);
    expect(T[16] * Math.sqrt(0.01 / 17)).toBeGreaterThan(0.05);
    const plan = planCorrectedSampleSize({ halfWidth: 0.05, differenceVariance: 0.01, departureShare: 1 });
    expect(plan.items_per_stratum).toBe(18);
    expect(plan.t).toBeCloseTo(T[17], 5);
    expect(plan.expected_half_width).toBeCloseTo(0.049729, 5);
  });

  it('expects the zero-spread floor in the strata that will show no difference (paper-like: s² 0.001, 10 % differ, N 30)', () => {
    // E[s²(n)] = 0.001 + 0.9^n·floor(n); half-width t_{n−1}·√((1 − n/30)·E[s²(n)]/n).
    // n = 22: floor = 4·p_u(1 − p_u), p_u = 1 − 0.05^(1/22) = 0.12746 → 0.44487; E[s²] = 0.001 + 0.098477·0.44487 = 0.044810;
    //   2.0796·√((8/30)·0.044810/22) = 0.04844 ≤ 0.05.
    // n = 21: p_u = 0.13302 → 0.46130; E[s²] = 0.001 + 0.109419·0.46130 = 0.051475; 2.0860·√((9/30)·0.051475/21) = 0.05657.
    const halfAt = (n: number, t: number) => {
      const pu = 1 - 0.05 ** (1 / n);
      const s2 = 0.001 + 0.9 ** n * 4 * pu * (1 - pu);
      return t * Math.sqrt(((1 - n / 30) * s2) / n);
    };
    expect(halfAt(22, T[21])).toBeCloseTo(0.04844, 4);
    expect(halfAt(21, T[20])).toBeGreaterThan(0.05);
    const plan = planCorrectedSampleSize({
      halfWidth: 0.05,
      differenceVariance: 0.001,
      departureShare: 0.1,
      stratumSize: 30,
    });
    expect(plan.items_per_stratum).toBe(22);
    expect(plan.expected_half_width).toBeCloseTo(halfAt(22, T[21]), 4);
  });

  it('never plans fewer than 3 per stratum, nor more than the stratum', () => {
    // 3 items: 4.3027·√(0.00001/3) = 0.0079, far within ±0.05 — but 2 would be pooled by the report.
    expect(planCorrectedSampleSize({ halfWidth: 0.05, differenceVariance: 0.00001 }).items_per_stratum).toBe(
      3,
    );
    expect(T[2] * Math.sqrt(0.00001 / 3)).toBeLessThan(0.05);
    // No difference seen at all: every stratum floored; of 30, ±0.05 needs 29 (a census would be exact).
    const none = planCorrectedSampleSize({
      halfWidth: 0.05,
      differenceVariance: 0,
      departureShare: 0,
      stratumSize: 30,
    });
    expect(none.items_per_stratum).toBe(29);
    expect(
      planCorrectedSampleSize({ halfWidth: 0.05, differenceVariance: 0.5, stratumSize: 2 }).items_per_stratum,
    ).toBe(2);
  });

  it('refuses a share outside [0, 1] and a stratum size that is not a positive integer', () => {
    expect(() =>
      planCorrectedSampleSize({ halfWidth: 0.05, differenceVariance: 0.01, departureShare: 1.5 }),
    ).toThrow(RangeError);
    expect(() =>
      planCorrectedSampleSize({ halfWidth: 0.05, differenceVariance: 0.01, stratumSize: 0 }),
    ).toThrow(RangeError);
  });
});
