import { describe, expect, it } from 'vitest';
import { clusterEntriesBuilder } from './cluster-entries.ts';
import { deriveDraws } from './derive-draws.ts';
import { sumsBootstrap } from './weighted-bootstrap.ts';

describe('deriveDraws', () => {
  it('derives a figure from others on the estimate, every replicate and every jackknife sample', () => {
    // Slot 0 = Σw (every cluster adds 1), slot 1 = w₀; derived = slot 1 / slot 0 (cluster 0's share).
    const entries = clusterEntriesBuilder(4);
    entries.add(0, 1);
    entries.add(1, 1);
    entries.endCluster();
    for (let j = 1; j < 4; j++) {
      entries.add(0, 1);
      entries.endCluster();
    }
    const draws = sumsBootstrap({
      plan: { size: 4 },
      sums: 2,
      entries: entries.finish(),
      slots: 2,
      finish: (totals, out) => {
        out[0] = totals[0] ?? 0;
        out[1] = totals[1] ?? 0;
      },
      seed: 8,
      replicates: 100,
    });
    const derived = deriveDraws(draws, { reads: [[0, 1]], value: (_, get) => get(1) / get(0) });
    expect(derived.estimate[0]).toBe(1 / 4);
    for (let b = 0; b < 100; b++)
      expect(derived.draws[b]).toBe((draws.draws[100 + b] ?? 0) / (draws.draws[b] ?? 1));
    // Jackknife without cluster 0: 0/3; without cluster j > 0: 1/3 (every cluster moves slot 0).
    expect([...(derived.jackknife?.values ?? [])]).toEqual([0, 1 / 3, 1 / 3, 1 / 3]);
    expect([...(derived.jackknife?.offsets ?? [])]).toEqual([0, 1, 2, 3, 4]);
  });

  it('recomputes a derived slot only for the clusters that move what it reads', () => {
    // Slot k = the sum of cluster k's value; derived 0 reads slot 0, derived 1 reads slot 1.
    const entries = clusterEntriesBuilder(3);
    for (let j = 0; j < 3; j++) {
      entries.add(j, j + 1);
      entries.endCluster();
    }
    const draws = sumsBootstrap({
      plan: { size: 3 },
      sums: 3,
      entries: entries.finish(),
      slots: 3,
      finish: (totals, out) => out.set(totals),
      seed: 1,
      replicates: 10,
    });
    const calls: number[] = [];
    const derived = deriveDraws(draws, {
      reads: [[0], [1]],
      value: (slot, get) => {
        calls.push(slot);
        return 2 * get(slot);
      },
    });
    // 2 estimate + 2 × 10 replicates + one jackknife call each (cluster 0 for slot 0, cluster 1 for slot 1).
    expect(calls).toHaveLength(2 + 20 + 2);
    expect([...(derived.jackknife?.offsets ?? [])]).toEqual([0, 1, 2, 2]);
    expect([...(derived.jackknife?.values ?? [])]).toEqual([0, 0]);
    expect(() => deriveDraws(draws, { reads: [[5]], value: () => 0 })).toThrow(RangeError);
  });
});
