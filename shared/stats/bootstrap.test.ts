import { mean } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from './bootstrap.ts';
import { SPATIAL_TEST_A } from './test-fixtures.ts';

/** The plug-in variance Σ(x − x̄)²/n, E&T's statistic for the spatial test data. */
function plugInVariance(values: readonly number[]): number {
  const centre = mean([...values]);
  return values.reduce((sum, value) => sum + (value - centre) ** 2, 0) / values.length;
}

/** Items as clusters of binary decisions, like an annotated argument's 78 decisions. */
interface Item {
  id: number;
  stratum: string;
  decisions: boolean[];
}

const ITEMS: Item[] = Array.from({ length: 24 }, (_, id) => ({
  id,
  stratum: ['test-1', 'test-2', 'test-3'][id % 3] ?? 'test-1',
  decisions: Array.from({ length: 1 + (id % 5) }, (_, k) => (id * 7 + k * 3) % 4 === 0),
}));

const positiveShare = (sample: readonly Item[]): number | null => {
  const decisions = sample.flatMap((item) => item.decisions);
  return decisions.length === 0 ? null : decisions.filter(Boolean).length / decisions.length;
};

describe('clusterBootstrap', () => {
  it('is reproducible: the same seed gives identical replicates and intervals', () => {
    const first = clusterBootstrap({ clusters: ITEMS, statistic: positiveShare, seed: 17, replicates: 500 });
    const second = clusterBootstrap({ clusters: ITEMS, statistic: positiveShare, seed: 17, replicates: 500 });
    expect(second).toEqual(first);
    expect(first.percentile).not.toBeNull();
    expect(first.bca).not.toBeNull();
  });

  it('gives different replicates and intervals for different seeds', () => {
    const first = clusterBootstrap({ clusters: ITEMS, statistic: positiveShare, seed: 1, replicates: 500 });
    const second = clusterBootstrap({ clusters: ITEMS, statistic: positiveShare, seed: 2, replicates: 500 });
    expect(second.replicateStatistics).not.toEqual(first.replicateStatistics);
    expect(second.percentile).not.toEqual(first.percentile);
    expect(second.estimate).toBe(first.estimate);
  });

  it('resamples whole clusters: the statistic only ever sees complete original items', () => {
    const sizes = new Map(ITEMS.map((item) => [item, item.decisions.length]));
    const sampleLengths: number[] = [];
    clusterBootstrap({
      clusters: ITEMS,
      seed: 3,
      replicates: 300,
      statistic: (sample) => {
        sampleLengths.push(sample.length);
        for (const item of sample) {
          expect(sizes.has(item)).toBe(true); // one of the original objects, not a rebuilt part
          expect(item.decisions).toHaveLength(sizes.get(item) ?? -1);
        }
        return positiveShare(sample);
      },
    });
    // The estimate and 300 resamples see all 24 items' worth of draws; the 24 jackknife samples 23.
    expect(sampleLengths.filter((length) => length === 24)).toHaveLength(301);
    expect(sampleLengths.filter((length) => length === 23)).toHaveLength(24);
  });

  it('resamples whole clusters: with cluster sizes 1 and 100, total cells can only be 2, 101 or 200', () => {
    // A decision-level bootstrap could produce whatever total; a cluster bootstrap only sums of whole clusters.
    const clusters = [['x'], Array.from({ length: 100 }, () => 'y')];
    const result = clusterBootstrap({
      clusters,
      statistic: (sample) => sample.flat().length,
      seed: 4,
      replicates: 400,
    });
    expect(new Set(result.replicateStatistics)).toEqual(new Set([2, 101, 200]));
  });

  it('keeps every stratum at its n_h in every replicate under stratified resampling', () => {
    const sizes = { 'test-1': 8, 'test-2': 8, 'test-3': 8 };
    clusterBootstrap({
      clusters: ITEMS,
      seed: 5,
      replicates: 300,
      strata: (item) => item.stratum,
      statistic: (sample) => {
        const counts = { 'test-1': 0, 'test-2': 0, 'test-3': 0 };
        for (const item of sample) counts[item.stratum as keyof typeof counts]++;
        if (sample.length === ITEMS.length) expect(counts).toEqual(sizes); // skip the jackknife samples
        return positiveShare(sample);
      },
    });
  });

  it('gives a BCa interval close to the percentile interval on a symmetric case (mean of symmetric data)', () => {
    const clusters = Array.from({ length: 41 }, (_, i) => i - 20);
    const result = clusterBootstrap({ clusters, statistic: (sample) => mean([...sample]), seed: 6 });
    const width = (result.percentile?.upper ?? 0) - (result.percentile?.lower ?? 0);
    expect(result.bca?.acceleration).toBeCloseTo(0, 12);
    expect(Math.abs((result.bca?.lower ?? 0) - (result.percentile?.lower ?? 0))).toBeLessThan(0.05 * width);
    expect(Math.abs((result.bca?.upper ?? 0) - (result.percentile?.upper ?? 0))).toBeLessThan(0.05 * width);
  });

  it('reproduces Efron & Tibshirani (1993) Table 14.2 for the spatial test data to within Monte Carlo error', () => {
    // Variance of the 26 A scores, 90% intervals, B = 2000: percentile [100.8, 233.9], BCa [115.8, 259.6].
    const result = clusterBootstrap({
      clusters: SPATIAL_TEST_A,
      statistic: plugInVariance,
      seed: 1,
      level: 0.9,
    });
    expect(result.estimate).toBeCloseTo(171.5, 1);
    expect(result.bca?.acceleration).toBeCloseTo(0.061, 3);
    const within = (actual: number | undefined, expected: number) =>
      expect(Math.abs((actual ?? 0) / expected - 1)).toBeLessThan(0.05);
    within(result.percentile?.lower, 100.8);
    within(result.percentile?.upper, 233.9);
    within(result.bca?.lower, 115.8);
    within(result.bca?.upper, 259.6);
  });

  it('drops replicates whose statistic is undefined and counts them', () => {
    // Two clusters; the statistic is undefined when the resample holds no positive (chance 1/4).
    const clusters = [0, 1];
    const result = clusterBootstrap({
      clusters,
      seed: 9,
      replicates: 4000,
      statistic: (sample) => (sample.includes(1) ? mean([...sample]) : null),
    });
    expect(result.replicates).toBe(4000);
    expect(result.undefinedReplicates + result.replicateStatistics.length).toBe(4000);
    expect(result.undefinedReplicates).toBeGreaterThan(900);
    expect(result.undefinedReplicates).toBeLessThan(1100);
    expect(result.replicateStatistics).not.toContain(null);
  });

  it('is n/a (null) for both intervals when the estimate is undefined', () => {
    const result = clusterBootstrap({ clusters: [1, 2, 3], statistic: () => null, seed: 1, replicates: 50 });
    expect(result).toMatchObject({ estimate: null, percentile: null, bca: null, undefinedReplicates: 50 });
  });

  it('is n/a (null) for both intervals with no clusters, drawing nothing', () => {
    const result = clusterBootstrap({ clusters: [], statistic: () => null, seed: 1 });
    expect(result).toEqual({
      estimate: null,
      percentile: null,
      bca: null,
      replicates: 0,
      undefinedReplicates: 0,
      replicateStatistics: [],
    });
  });

  it('is n/a (null) for BCa when the statistic never moves (acceleration 0/0), while percentile is a point', () => {
    const result = clusterBootstrap({
      clusters: [1, 2, 3, 4],
      statistic: () => 0.5,
      seed: 2,
      replicates: 100,
    });
    expect(result.percentile).toEqual({ lower: 0.5, upper: 0.5 });
    expect(result.bca).toBeNull();
  });

  it('is n/a (null) for BCa when a jackknife sample has an undefined statistic', () => {
    // Undefined only without cluster 0; a resample lacking it is dropped, the jackknife cannot be.
    const result = clusterBootstrap({
      clusters: [0, 1, 2, 3],
      seed: 4,
      replicates: 200,
      statistic: (sample) => (sample.includes(0) ? mean([...sample]) : null),
    });
    expect(result.percentile).not.toBeNull();
    expect(result.bca).toBeNull();
  });

  it('throws when the statistic returns NaN (a bug, not an undefined figure)', () => {
    expect(() => clusterBootstrap({ clusters: [1, 2], statistic: () => Number.NaN, seed: 1 })).toThrow(
      /return null/,
    );
  });

  it('throws for a non-positive or fractional number of replicates, or a level outside (0, 1)', () => {
    const base = { clusters: [1, 2], statistic: (s: readonly number[]) => s.length, seed: 1 };
    expect(() => clusterBootstrap({ ...base, replicates: 0 })).toThrow(RangeError);
    expect(() => clusterBootstrap({ ...base, replicates: 10.5 })).toThrow(RangeError);
    expect(() => clusterBootstrap({ ...base, level: 1.5 })).toThrow(RangeError);
    expect(() => clusterBootstrap({ ...base, seed: 0.5 })).toThrow(RangeError);
  });
});
