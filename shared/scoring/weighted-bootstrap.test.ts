import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from '../stats/bootstrap.ts';
import { resampleClusters } from '../stats/resample-clusters.ts';
import { createRng } from '../stats/rng.ts';
import { type ClusterEntries, clusterEntriesBuilder } from './cluster-entries.ts';
import {
  bootstrapFigure,
  drawWeights,
  meanBootstrap,
  slotReplicates,
  stratumMembers,
  sumsBootstrap,
} from './weighted-bootstrap.ts';

/** Items with a few binary decisions each, in three strata (as the stats library's bootstrap test). */
const ITEMS = Array.from({ length: 24 }, (_, id) => ({
  stratum: ['test-1', 'test-2', 'test-3'][id % 3] ?? 'test-1',
  decisions: Array.from({ length: 1 + (id % 5) }, (_, k) => (id * 7 + k * 3) % 4 === 0),
}));
const POSITIVES = ITEMS.map((item) => item.decisions.filter(Boolean).length);
const SIZES = ITEMS.map((item) => item.decisions.length);

/** Entries from per-cluster lists of (target, value). */
function entriesOf(clusters: readonly (readonly [number, number])[][]): ClusterEntries {
  const builder = clusterEntriesBuilder(clusters.length);
  for (const cluster of clusters) {
    for (const [target, value] of cluster) builder.add(target, value);
    builder.endCluster();
  }
  return builder.finish();
}

/** Each item adds its positives to sum 0 and its decisions to sum 1. */
const SHARE_ENTRIES = entriesOf(
  ITEMS.map((_, i) => [
    [0, POSITIVES[i] ?? 0],
    [1, SIZES[i] ?? 0],
  ]),
);
/** Share of positive decisions from the two sums. */
const share = (totals: Float64Array, out: Float64Array): void => {
  out[0] = totals[1] === 0 ? Number.NaN : (totals[0] ?? 0) / (totals[1] ?? 1);
};

const listShare = (sample: readonly (typeof ITEMS)[number][]): number | null => {
  const decisions = sample.flatMap((item) => item.decisions);
  return decisions.length === 0 ? null : decisions.filter(Boolean).length / decisions.length;
};

describe('drawWeights', () => {
  it('draws, resample for resample, what resampleClusters draws from the same stream', () => {
    const strata = ITEMS.map((item) => item.stratum);
    for (const withStrata of [false, true]) {
      const groups = stratumMembers({ size: ITEMS.length, ...(withStrata ? { strata } : {}) });
      const ours = createRng(99);
      const theirs = createRng(99);
      const weights = new Float64Array(ITEMS.length);
      for (let b = 0; b < 50; b++) {
        drawWeights(groups, ours, weights);
        const expected = new Float64Array(ITEMS.length);
        const indices = ITEMS.map((_, i) => i);
        for (const i of resampleClusters(indices, theirs, withStrata ? (i) => strata[i] ?? '' : undefined))
          expected[i] = (expected[i] ?? 0) + 1;
        expect(weights).toEqual(expected);
      }
    }
  });

  it('keeps every stratum its size', () => {
    const strata = ['a', 'a', 'b', 'b', 'b'];
    const weights = new Float64Array(5);
    drawWeights(stratumMembers({ size: 5, strata }), createRng(3), weights);
    expect((weights[0] ?? 0) + (weights[1] ?? 0)).toBe(2);
    expect((weights[2] ?? 0) + (weights[3] ?? 0) + (weights[4] ?? 0)).toBe(3);
  });
});

describe('sumsBootstrap', () => {
  it('gives the same estimate, percentile and BCa intervals as clusterBootstrap, with and without strata', () => {
    for (const withStrata of [false, true]) {
      const draws = sumsBootstrap({
        plan: { size: ITEMS.length, ...(withStrata ? { strata: ITEMS.map((item) => item.stratum) } : {}) },
        sums: 2,
        entries: SHARE_ENTRIES,
        slots: 1,
        finish: share,
        seed: 17,
        replicates: 500,
      });
      const reference = clusterBootstrap({
        clusters: ITEMS,
        statistic: listShare,
        seed: 17,
        replicates: 500,
        ...(withStrata ? { strata: (item: (typeof ITEMS)[number]) => item.stratum } : {}),
      });
      const figure = bootstrapFigure(draws, 0, 0.95);
      expect(figure.value).toBeCloseTo(reference.estimate ?? Number.NaN, 12);
      expect(figure.ci?.lower).toBeCloseTo(reference.percentile?.lower ?? Number.NaN, 12);
      expect(figure.ci?.upper).toBeCloseTo(reference.percentile?.upper ?? Number.NaN, 12);
      expect(figure.bca).not.toBeNull();
      expect(figure.bca?.lower).toBeCloseTo(reference.bca?.lower ?? Number.NaN, 12);
      expect(figure.bca?.upper).toBeCloseTo(reference.bca?.upper ?? Number.NaN, 12);
    }
  });

  it('is reproducible from its seed', () => {
    const run = () =>
      sumsBootstrap({
        plan: { size: ITEMS.length },
        sums: 2,
        entries: SHARE_ENTRIES,
        slots: 1,
        finish: share,
        seed: 5,
        replicates: 200,
      });
    expect(run().draws).toEqual(run().draws);
  });

  it('drops undefined replicates and counts them', () => {
    // Statistic: how often cluster 0 was drawn, undefined when never. With 2 clusters a resample
    // misses cluster 0 with probability 1/4, so some replicates are undefined.
    const draws = sumsBootstrap({
      plan: { size: 2 },
      sums: 1,
      entries: entriesOf([[[0, 1]], []]),
      slots: 1,
      finish: (totals, out) => {
        out[0] = (totals[0] ?? 0) > 0 ? (totals[0] ?? 0) : Number.NaN;
      },
      seed: 1,
      replicates: 400,
    });
    const figure = bootstrapFigure(draws, 0, 0.9);
    expect(figure.value).toBe(1);
    expect(figure.undefined_replicates).toBeGreaterThan(50);
    expect(figure.undefined_replicates).toBe(400 - slotReplicates(draws, 0).length);
    // Without cluster 0 the statistic is undefined, so there is no BCa.
    expect(figure.bca).toBeNull();
  });

  it('computes only the estimate with 0 replicates, and nothing with no clusters', () => {
    const none = sumsBootstrap({
      plan: { size: ITEMS.length },
      sums: 2,
      entries: SHARE_ENTRIES,
      slots: 1,
      finish: share,
      seed: 1,
      replicates: 0,
    });
    expect(none.jackknife).toBeNull();
    expect(bootstrapFigure(none, 0, 0.95)).toMatchObject({ ci: null, bca: null });
    const empty = sumsBootstrap({
      plan: { size: 0 },
      sums: 2,
      entries: entriesOf([]),
      slots: 1,
      finish: share,
      seed: 1,
      replicates: 10,
    });
    expect(empty.replicates).toBe(0);
    expect(bootstrapFigure(empty, 0, 0.95)).toEqual({ value: null, ci: null, method: 'cluster-bootstrap' });
  });

  it('refuses a strata list of the wrong length, negative replicates and entries that do not fit', () => {
    const base = { sums: 2, entries: entriesOf([[], []]), slots: 1, finish: share, seed: 1 };
    expect(() => sumsBootstrap({ ...base, plan: { size: 2, strata: ['a'] }, replicates: 1 })).toThrow(
      RangeError,
    );
    expect(() => sumsBootstrap({ ...base, plan: { size: 2 }, replicates: -1 })).toThrow(RangeError);
    expect(() => sumsBootstrap({ ...base, plan: { size: 3 }, replicates: 1 })).toThrow(RangeError);
    expect(() =>
      sumsBootstrap({ ...base, entries: entriesOf([[[2, 1]], []]), plan: { size: 2 }, replicates: 1 }),
    ).toThrow(RangeError);
  });
});

describe('meanBootstrap', () => {
  it('resamples slot-wise means as sumsBootstrap does with a sum and a count per slot', () => {
    // Two slots: cluster i has a value in slot 0 always, in slot 1 only when i is even.
    const values = ITEMS.map((_, i) => ((i * 37) % 11) / 10);
    const meanEntries = entriesOf(
      values.map((x, i) =>
        i % 2 === 0
          ? [
              [0, x],
              [1, x * x],
            ]
          : [[0, x]],
      ),
    );
    const sumEntries = entriesOf(
      values.map((x, i) =>
        i % 2 === 0
          ? [
              [0, x],
              [1, 1],
              [2, x * x],
              [3, 1],
            ]
          : [
              [0, x],
              [1, 1],
            ],
      ),
    );
    const plan = { size: ITEMS.length, strata: ITEMS.map((item) => item.stratum) };
    const means = meanBootstrap({ plan, slots: 2, entries: meanEntries, seed: 3, replicates: 300 });
    const sums = sumsBootstrap({
      plan,
      sums: 4,
      entries: sumEntries,
      slots: 2,
      finish: (totals, out) => {
        for (let k = 0; k < 2; k++) out[k] = (totals[2 * k] ?? 0) / (totals[2 * k + 1] ?? 0);
      },
      seed: 3,
      replicates: 300,
    });
    for (let k = 0; k < 2; k++) {
      const a = bootstrapFigure(means, k, 0.95);
      const b = bootstrapFigure(sums, k, 0.95);
      expect(a.value).toBeCloseTo(b.value ?? Number.NaN, 12);
      expect(a.ci?.lower).toBeCloseTo(b.ci?.lower ?? Number.NaN, 12);
      expect(a.ci?.upper).toBeCloseTo(b.ci?.upper ?? Number.NaN, 12);
      expect(a.bca?.lower).toBeCloseTo(b.bca?.lower ?? Number.NaN, 12);
      expect(a.bca?.upper).toBeCloseTo(b.bca?.upper ?? Number.NaN, 12);
    }
  });
});
