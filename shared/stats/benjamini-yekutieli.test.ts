import { describe, expect, it } from 'vitest';
import { benjaminiYekutieli } from './benjamini-yekutieli.ts';

// Benjamini & Hochberg (1995), "Controlling the false discovery rate", JRSS B 57(1), §4: the 15
// p-values of the myocardial infarction study. Their step-up procedure at q = 0.05 rejects 4.
const BH_1995 = [
  0.0201, 0.759, 0.0001, 0.0278, 0.0004, 0.4262, 0.0019, 0.0298, 0.6528, 0.0095, 0.0344, 0.5719, 0.0459,
  0.324, 1,
];

describe('benjaminiYekutieli', () => {
  it('rejects 3 of the Benjamini–Hochberg (1995) example at q = 0.05 (worked by hand)', () => {
    // c(15) = 1 + 1/2 + … + 1/15 = 3.318229; threshold of rank k: k · 0.05 / (15 · 3.318229) = k · 0.0010045.
    // Sorted: 0.0001 ≤ 0.0010 ✓, 0.0004 ≤ 0.0020 ✓, 0.0019 ≤ 0.0030 ✓, 0.0095 > 0.0040, 0.0201 > 0.0050,
    // …, 0.0459 > 0.0090 (rank 9), and every later p is above its threshold (≤ 0.0151): k = 3.
    // (BH's own thresholds k · 0.05/15 reject 4: the 1/c(m) factor is the price of arbitrary dependence.)
    const rejected = benjaminiYekutieli(BH_1995, 0.05);
    expect(rejected.filter(Boolean)).toHaveLength(3);
    expect(BH_1995.filter((_, i) => rejected[i])).toEqual([0.0001, 0.0004, 0.0019]);
  });

  it('steps up: a p above its own threshold is rejected when a larger rank passes', () => {
    // m = 3, c(3) = 11/6, thresholds k · 0.05 / (3 · 11/6) = k · 0.0090909: 0.0095 > 0.0091 at rank 1,
    // but 0.0096 ≤ 0.0182 at rank 2, so both are rejected; 0.5 > 0.0273 is not.
    expect(benjaminiYekutieli([0.5, 0.0096, 0.0095], 0.05)).toEqual([false, true, true]);
  });

  it('rejects nothing when no p reaches its threshold, and handles none and one', () => {
    expect(benjaminiYekutieli([0.2, 0.03], 0.05)).toEqual([false, false]);
    expect(benjaminiYekutieli([], 0.05)).toEqual([]);
    expect(benjaminiYekutieli([0.05], 0.05)).toEqual([true]);
    expect(benjaminiYekutieli([0], 0.05)).toEqual([true]);
  });

  it('rejects p-values outside [0, 1] and q outside (0, 1)', () => {
    expect(() => benjaminiYekutieli([1.2], 0.05)).toThrow(RangeError);
    expect(() => benjaminiYekutieli([Number.NaN], 0.05)).toThrow(RangeError);
    expect(() => benjaminiYekutieli([0.1], 0)).toThrow(RangeError);
  });
});
