import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from '../stats/bootstrap.ts';
import { resampleClusters } from '../stats/resample-clusters.ts';
import { createRng } from '../stats/rng.ts';
import {
  bootstrapFigure,
  deriveDraws,
  drawWeights,
  slotReplicates,
  stratumMembers,
  weightedBootstrap,
} from './weighted-bootstrap.ts';

/** Items with a few binary decisions each, in three strata (as the stats library's bootstrap test). */
const ITEMS = Array.from({ length: 24 }, (_, id) => ({
  stratum: ['test-1', 'test-2', 'test-3'][id % 3] ?? 'test-1',
  decisions: Array.from({ length: 1 + (id % 5) }, (_, k) => (id * 7 + k * 3) % 4 === 0),
}));
const POSITIVES = ITEMS.map((item) => item.decisions.filter(Boolean).length);
const SIZES = ITEMS.map((item) => item.decisions.length);

/** Share of positive decisions, from multiplicity weights. */
function weightedShare(weights: Float64Array, out: Float64Array): void {
  let positives = 0;
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    positives += (weights[i] ?? 0) * (POSITIVES[i] ?? 0);
    total += (weights[i] ?? 0) * (SIZES[i] ?? 0);
  }
  out[0] = total === 0 ? Number.NaN : positives / total;
}

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

describe('weightedBootstrap', () => {
  it('gives the same estimate, percentile and BCa intervals as clusterBootstrap, with and without strata', () => {
    for (const withStrata of [false, true]) {
      const draws = weightedBootstrap({
        plan: { size: ITEMS.length, ...(withStrata ? { strata: ITEMS.map((item) => item.stratum) } : {}) },
        slots: 1,
        evaluate: weightedShare,
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
      expect(figure.bca?.lower).toBeCloseTo(reference.bca?.lower ?? Number.NaN, 12);
      expect(figure.bca?.upper).toBeCloseTo(reference.bca?.upper ?? Number.NaN, 12);
    }
  });

  it('is reproducible from its seed', () => {
    const run = () =>
      weightedBootstrap({
        plan: { size: ITEMS.length },
        slots: 1,
        evaluate: weightedShare,
        seed: 5,
        replicates: 200,
      });
    expect(run().draws).toEqual(run().draws);
  });

  it('drops undefined replicates and counts them', () => {
    // Statistic: the weight of cluster 0 if positive, else undefined. With 2 clusters a resample
    // misses cluster 0 with probability 1/4, so some replicates are undefined.
    const draws = weightedBootstrap({
      plan: { size: 2 },
      slots: 1,
      evaluate: (weights, out) => {
        out[0] = (weights[0] ?? 0) > 0 ? (weights[0] ?? 0) : Number.NaN;
      },
      seed: 1,
      replicates: 400,
    });
    const figure = bootstrapFigure(draws, 0, 0.9);
    expect(figure.value).toBe(1);
    expect(figure.undefined_replicates).toBeGreaterThan(50);
    expect(figure.undefined_replicates).toBe(400 - slotReplicates(draws, 0).length);
  });

  it('computes only the estimate with 0 replicates, and nothing with no clusters', () => {
    const none = weightedBootstrap({
      plan: { size: 3 },
      slots: 1,
      evaluate: weightedShare,
      seed: 1,
      replicates: 0,
    });
    expect(bootstrapFigure(none, 0, 0.95)).toMatchObject({ ci: null, bca: null });
    const empty = weightedBootstrap({
      plan: { size: 0 },
      slots: 1,
      evaluate: (_, out) => {
        out[0] = Number.NaN;
      },
      seed: 1,
      replicates: 10,
    });
    expect(empty.replicates).toBe(0);
    expect(bootstrapFigure(empty, 0, 0.95)).toEqual({ value: null, ci: null, method: 'cluster-bootstrap' });
  });

  it('refuses a strata list of the wrong length and negative replicates', () => {
    expect(() =>
      weightedBootstrap({
        plan: { size: 2, strata: ['a'] },
        slots: 1,
        evaluate: () => {},
        seed: 1,
        replicates: 1,
      }),
    ).toThrow(RangeError);
    expect(() =>
      weightedBootstrap({ plan: { size: 2 }, slots: 1, evaluate: () => {}, seed: 1, replicates: -1 }),
    ).toThrow(RangeError);
  });
});

describe('deriveDraws', () => {
  it('derives a figure from others on the estimate, every replicate and every jackknife sample', () => {
    // Slot 0 = Σw, slot 1 = w₀; derived = slot 1 / slot 0 (cluster 0's share of the resample).
    const draws = weightedBootstrap({
      plan: { size: 4 },
      slots: 2,
      evaluate: (weights, out) => {
        out[0] = weights.reduce((sum, w) => sum + w, 0);
        out[1] = weights[0] ?? 0;
      },
      seed: 8,
      replicates: 100,
    });
    const derived = deriveDraws(draws, 1, (get, out) => {
      out[0] = get(1) / get(0);
    });
    expect(derived.estimate[0]).toBe(1 / 4);
    for (let b = 0; b < 100; b++)
      expect(derived.draws[b]).toBe((draws.draws[100 + b] ?? 0) / (draws.draws[b] ?? 1));
    // Jackknife without cluster 0: 0/3; without cluster j > 0: 1/3.
    expect([...derived.jackknife]).toEqual([0, 1 / 3, 1 / 3, 1 / 3]);
  });
});
