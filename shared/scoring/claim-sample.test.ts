import { describe, expect, it } from 'vitest';
import { goldNeededForClaim, MAX_PLANNED_GOLD, MIN_GOLD_FOR_CLAIM } from './claim-sample.ts';
import { zeroSpreadVarianceFloor } from './difference-estimator.ts';

const Z2 = 1.959963984540054 ** 2;

describe('goldNeededForClaim', () => {
  it('is the planner’s n for a half-width reaching the threshold when spread was seen (Cochran n₀ = z²s²/d²)', () => {
    // 3.8415·0.01/0.05² = 15.37 → 16
    expect(
      goldNeededForClaim({ estimate: 0.95, threshold: 0.9, differenceVariance: 0.01, level: 0.95 }),
    ).toBe(16);
  });

  it('never asks for fewer than the minimum', () => {
    expect(
      goldNeededForClaim({ estimate: 0.99, threshold: 0.5, differenceVariance: 0.001, level: 0.95 }),
    ).toBe(MIN_GOLD_FOR_CLAIM);
  });

  it('plans with the zero-disagreement floor at the planned size when no spread was seen', () => {
    const needed = goldNeededForClaim({
      estimate: 0.995,
      threshold: 0.9,
      differenceVariance: null,
      level: 0.95,
    });
    expect(needed).toBe(70);
    // 70 is the first size whose floored interval clears the threshold, 69 is not.
    expect((Z2 * zeroSpreadVarianceFloor(70, 0.95)) / 70).toBeLessThanOrEqual(0.095 ** 2);
    expect((Z2 * zeroSpreadVarianceFloor(69, 0.95)) / 69).toBeGreaterThan(0.095 ** 2);
  });

  it('treats a zero variance as no spread seen', () => {
    expect(goldNeededForClaim({ estimate: 0.995, threshold: 0.9, differenceVariance: 0, level: 0.95 })).toBe(
      70,
    );
  });

  it('gives up at the cap for an estimate on the threshold', () => {
    expect(goldNeededForClaim({ estimate: 0.9, threshold: 0.9, differenceVariance: 0.01, level: 0.95 })).toBe(
      MAX_PLANNED_GOLD,
    );
  });
});

describe('goldNeededForClaim with the cell’s size (finite-population correction, Cochran 1977 §4.4)', () => {
  it('needs n₀/(1 + n₀/N)', () => {
    // n₀ = 3.8415·0.01/0.05² = 15.37; N = 40: 15.37/(1 + 15.37/40) = 11.1 → 12
    expect(
      goldNeededForClaim({
        estimate: 0.95,
        threshold: 0.9,
        differenceVariance: 0.01,
        level: 0.95,
        population: 40,
      }),
    ).toBe(12);
  });
});
