import { describe, expect, it } from 'vitest';
import { cellMetrics, MEAN_METRICS, metricValues } from './cell-metrics.ts';
import { assertedSets, groundTruthMasks } from './factor-sets.ts';
import { indexStudy } from './study-index.ts';
import { smallStudy, TRIPLE_U } from './test-fixtures.ts';

describe('metricValues', () => {
  it('lists every mean metric of one argument, NaN where undefined', () => {
    // Triple U, abstention: AccH 1, RecU 0, abstain 1, precision-form n/a, non-abstained n/a,
    // invented 0, misattributed 0, shared n/a, distinguishing 0.
    const values = metricValues(
      groundTruthMasks(TRIPLE_U),
      assertedSets({ current: [], tsc1: [], tsc2: [], unlisted: [] }),
      3,
    );
    expect(values).toHaveLength(MEAN_METRICS.length);
    expect(values).toEqual([1, 0, 1, Number.NaN, Number.NaN, 0, 0, Number.NaN, 0]);
  });
});

describe('cellMetrics', () => {
  it('averages per cell and source: m1 RecU gold 1, x 11/12; m2 AccH x 11/12', () => {
    const index = indexStudy(smallStudy());
    const cells = cellMetrics(index, { seed: 1, replicates: 100 });
    const recu = MEAN_METRICS.indexOf('recu');
    const acch = MEAN_METRICS.indexOf('acch');
    expect(cells.sources).toEqual(['gold', 'x']);
    expect(cells.draws.estimate[cells.slot(0, 0, recu)]).toBe(1);
    // a2: x misses TSC2 F4 → RecU 5/6; mean with a1 (1) = 11/12
    expect(cells.draws.estimate[cells.slot(0, 1, recu)]).toBeCloseTo(11 / 12, 12);
    // a4: x adds current F5 → AccH 5/6; mean with a3 (1) = 11/12
    expect(cells.draws.estimate[cells.slot(1, 1, acch)]).toBeCloseTo(11 / 12, 12);
  });

  it('resamples within cells, so a cell mean stays a mean of its own arguments', () => {
    const index = indexStudy(smallStudy());
    const cells = cellMetrics(index, { seed: 2, replicates: 200 });
    const acch = MEAN_METRICS.indexOf('acch');
    const slot = cells.slot(1, 1, acch);
    // m2 under x: arguments worth 1 and 5/6, two draws → 1, 11/12 or 5/6 only.
    for (let b = 0; b < 200; b++) {
      const value = cells.draws.draws[slot * 200 + b] ?? Number.NaN;
      expect([1, 11 / 12, 5 / 6].some((allowed) => Math.abs(allowed - value) < 1e-12)).toBe(true);
    }
  });
});
