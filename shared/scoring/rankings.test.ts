import { describe, expect, it } from 'vitest';
import { cellMetrics } from './cell-metrics.ts';
import { rankings } from './rankings.ts';
import { indexStudy } from './study-index.ts';
import { reportedKey } from './study-metrics.ts';
import { smallStudy } from './test-fixtures.ts';

describe('rankings', () => {
  const index = indexStudy(smallStudy());
  const cells = cellMetrics(index, { seed: 6, replicates: 300 });
  // RecU, Test 1: gold m1 1, m2 11/12; x m1 11/12, m2 1; reported m1 0.7, m2 0.8.
  const reported = new Map([
    [reportedKey('m1', 1, 'recu'), 0.7],
    [reportedKey('m2', 1, 'recu'), 0.8],
  ]);
  const result = rankings(index, cells, reported, 0.95);

  it('ranks every source best first', () => {
    const recu = result.recu_test1;
    expect(recu?.gold).toEqual(['m1', 'm2']);
    expect(recu?.x).toEqual(['m2', 'm1']);
    expect(recu?.reported).toEqual(['m2', 'm1']);
    expect(recu?.values.x?.m1).toBeCloseTo(11 / 12, 12);
  });

  it('gives τ-b between every pair of sources over the models both rank', () => {
    const tau = result.recu_test1?.kendall_tau_b ?? {};
    expect(Object.keys(tau)).toEqual(['gold_vs_x', 'gold_vs_reported', 'x_vs_reported']);
    expect(tau.gold_vs_x).toMatchObject({ value: -1, models: 2 });
    expect(tau.x_vs_reported?.value).toBe(1);
  });

  it('gives τ-b n/a when one side ties every model (gold AccH, Test 1: both 1)', () => {
    expect(result.acch_test1?.gold).toEqual(['m1', 'm2']);
    expect(result.acch_test1?.kendall_tau_b.gold_vs_x?.value).toBeNull();
  });

  it('keeps an empty reported list, and no pair with it, when nothing was reported', () => {
    const without = rankings(index, cells, new Map(), 0.95);
    expect(without.recu_test1?.reported).toEqual([]);
    expect(Object.keys(without.recu_test1?.kendall_tau_b ?? {})).toEqual(['gold_vs_x']);
  });

  it('reports how often adjacent models swap across replicates', () => {
    // Gold RecU: m1 is always 1; m2 is 1 only when both draws are a4 (probability 1/4) → tie, never above.
    const [flip] = result.recu_test1?.flips.gold ?? [];
    expect(flip).toMatchObject({ higher: 'm1', lower: 'm2', share: 0 });
    expect(flip?.ties).toBeGreaterThan(0.15);
    expect(flip?.ties).toBeLessThan(0.35);
    expect(result.recu_test1?.flips.reported).toBeUndefined();
  });
});
