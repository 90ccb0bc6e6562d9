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
  it('gives n_h = z²·s²/w²', () => {
    // 3.8414588 · 0.01 / 0.0025 = 15.37 → 16
    expect(planCorrectedSampleSize({ halfWidth: 0.05, differenceVariance: 0.01 }).items_per_stratum).toBe(16);
    expect(planCorrectedSampleSize({ halfWidth: 0.05, differenceVariance: 0 }).items_per_stratum).toBe(0);
  });
});
