import { describe, expect, it } from 'vitest';
import { cellMetrics } from './cell-metrics.ts';
import { planStudy } from './planning.ts';
import { indexStudy } from './study-index.ts';
import { smallStudy } from './test-fixtures.ts';

describe('planStudy', () => {
  it('estimates ρ from the gold and plans with it; the corrected plan from the differences', () => {
    const index = indexStudy(smallStudy());
    const planning = planStudy(index, [], cellMetrics(index, { seed: 1, replicates: 0 }), 'x', 0.95);
    // Gold positives per item: 6, 6, 5, 6 of 78. Y = 23, M = 312, Σy²/m = 133/78, Y²/M = 529/312.
    // MSB = (133/78 − 529/312)/3 = (3/312)/3 = 1/312; MSW = (23 − 133/78)/308 = (1661/78)/308;
    // ρ = (MSB − MSW)/(MSB + 77·MSW).
    const msb = 1 / 312;
    const msw = (23 - 133 / 78) / 308;
    expect(planning.icc).toMatchObject({ items: 4, source: 'gold' });
    expect(planning.icc.value).toBeCloseTo((msb - msw) / (msb + 77 * msw), 12);
    expect(planning.decision_proportion.map((plan) => plan.half_width)).toEqual([0.05, 0.1]);
    // AccH differences gold − x: a1 0, a2 0, a3 0, a4 1 − 5/6 = 1/6 → s² = (3·(1/24)² + (1/8)²)/3 = 1/144.
    expect(planning.corrected_acch.difference_variance).toBeCloseTo(1 / 144, 12);
    // 3 of the 4 differences are 0: departure share 1/4. Every model × test cell has 2 arguments, so
    // the plan is a census of each (n_h = N_h = 2: variance 0) — fewer than 3, but no more exist.
    expect(planning.corrected_acch).toMatchObject({ departure_share: 0.25, stratum_size: 2 });
    expect(planning.corrected_acch.plans[0]?.items_per_stratum).toBe(2);
  });
});
