import { describe, expect, it } from 'vitest';
import { clusterEntriesBuilder } from './cluster-entries.ts';

describe('clusterEntriesBuilder', () => {
  it('lays entries out cluster by cluster, growing past its reservation', () => {
    const builder = clusterEntriesBuilder(3, 1);
    builder.add(4, 0.5);
    builder.endCluster();
    builder.endCluster(); // a cluster without entries
    for (let k = 0; k < 20; k++) builder.add(k, k / 2);
    builder.endCluster();
    const entries = builder.finish();
    expect([...entries.offsets]).toEqual([0, 1, 1, 21]);
    expect(entries.targets[0]).toBe(4);
    expect(entries.values[20]).toBe(9.5);
    expect(entries.targets).toHaveLength(21);
  });

  it('refuses to finish before every cluster is closed, or to close more than it was told', () => {
    const builder = clusterEntriesBuilder(1);
    expect(() => builder.finish()).toThrow(RangeError);
    builder.endCluster();
    expect(() => builder.endCluster()).toThrow(RangeError);
  });
});
