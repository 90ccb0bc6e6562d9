import { describe, expect, it } from 'vitest';
import { resampleClusters } from './resample-clusters.ts';
import { createRng } from './rng.ts';

describe('resampleClusters', () => {
  it('draws n whole clusters, the original objects, with replacement', () => {
    const clusters = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
    const rng = createRng(11);
    let sawRepeat = false;
    for (let b = 0; b < 200; b++) {
      const sample = resampleClusters(clusters, rng);
      expect(sample).toHaveLength(4);
      for (const cluster of sample) expect(clusters).toContain(cluster);
      if (new Set(sample).size < 4) sawRepeat = true;
    }
    expect(sawRepeat).toBe(true);
  });

  it('keeps each stratum at its size n_h, listing strata in order of first appearance', () => {
    const clusters = ['h1', 'h2', 'h1', 'h3', 'h2', 'h2'].map((stratum, i) => ({ stratum, i }));
    const rng = createRng(5);
    for (let b = 0; b < 200; b++) {
      const sample = resampleClusters(clusters, rng, (cluster) => cluster.stratum);
      expect(sample.map((cluster) => cluster.stratum)).toEqual(['h1', 'h1', 'h2', 'h2', 'h2', 'h3']);
    }
  });

  it("gives the documented example: ['a', 'b', 'c'] with seed 1 → ['a', 'c', 'a']", () => {
    expect(resampleClusters(['a', 'b', 'c'], createRng(1))).toEqual(['a', 'c', 'a']);
  });

  it('is reproducible from the seed', () => {
    const clusters = Array.from({ length: 30 }, (_, i) => i);
    expect(resampleClusters(clusters, createRng(8))).toEqual(resampleClusters(clusters, createRng(8)));
  });

  it('gives an empty resample for no clusters', () => {
    expect(resampleClusters([], createRng(1))).toEqual([]);
  });

  it('throws when strata does not return a string', () => {
    expect(() => resampleClusters([1, 2], createRng(1), () => 3 as unknown as string)).toThrow(TypeError);
  });
});
