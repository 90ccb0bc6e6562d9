import { describe, expect, it } from 'vitest';
import { jackknifeAcceleration } from '../stats/bca-interval.ts';
import { createRng } from '../stats/rng.ts';
import { type ClusterEntries, clusterEntriesBuilder } from './cluster-entries.ts';
import {
  jackknifeAccelerations,
  meanJackknife,
  type SparseJackknife,
  sumsJackknife,
} from './sparse-jackknife.ts';
import { weightedSums } from './weighted-bootstrap.ts';

/**
 * A small random study: 40 clusters, 12 slots (or sums); each cluster has a value in a random
 * subset of them (undefined elsewhere, so absent); slot 11 has one cluster only, so leaving it out
 * makes that mean undefined.
 */
function randomEntries(seed: number): ClusterEntries {
  const rng = createRng(seed);
  const builder = clusterEntriesBuilder(40);
  for (let j = 0; j < 40; j++) {
    for (let k = 0; k < 11; k++) if (rng.next() < 0.6) builder.add(k, Math.round(rng.next() * 1000) / 997);
    if (j === 7) builder.add(11, 0.25);
    builder.endCluster();
  }
  return builder.finish();
}

/** The weighted means of every slot with cluster `left` weighted 0 (none: the estimate), from scratch. */
function bruteMeans(entries: ClusterEntries, slots: number, left: number): Float64Array {
  const weights = new Float64Array(entries.offsets.length - 1).fill(1);
  if (left >= 0) weights[left] = 0;
  const sums = new Float64Array(slots);
  const counts = new Float64Array(slots);
  for (let j = 0; j < weights.length; j++)
    for (let p = entries.offsets[j] ?? 0; p < (entries.offsets[j + 1] ?? 0); p++) {
      const k = entries.targets[p] ?? 0;
      sums[k] = (sums[k] ?? 0) + (weights[j] ?? 0) * (entries.values[p] ?? 0);
      counts[k] = (counts[k] ?? 0) + (weights[j] ?? 0);
    }
  return sums.map((sum, k) => ((counts[k] ?? 0) === 0 ? Number.NaN : sum / (counts[k] ?? 1)));
}

/** Slot k's n jackknife values, read back from the sparse form (θ̂ where a cluster has no entry). */
function expand(jackknife: SparseJackknife, estimate: Float64Array, k: number): number[] {
  const n = jackknife.offsets.length - 1;
  return Array.from({ length: n }, (_, j) => {
    for (let p = jackknife.offsets[j] ?? 0; p < (jackknife.offsets[j + 1] ?? 0); p++)
      if (jackknife.targets[p] === k) return jackknife.values[p] ?? Number.NaN;
    return estimate[k] ?? Number.NaN;
  });
}

/** The old way: â from the full list of n values, null (here NaN) when one is undefined. */
function bruteAcceleration(values: readonly number[]): number {
  if (values.some(Number.isNaN)) return Number.NaN;
  return jackknifeAcceleration(values) ?? Number.NaN;
}

describe('meanJackknife', () => {
  it('gives the delete-one values and accelerations of re-evaluating without each cluster', () => {
    for (const seed of [1, 2, 3]) {
      const entries = randomEntries(seed);
      const estimate = bruteMeans(entries, 12, -1);
      const sums = new Float64Array(12);
      const counts = new Float64Array(12);
      weightedSums(entries, null, sums);
      weightedSums({ ...entries, values: new Float64Array(entries.values.length).fill(1) }, null, counts);
      const jackknife = meanJackknife(entries, sums, counts, estimate);
      const accelerations = jackknifeAccelerations(jackknife, estimate);
      const brute = Array.from({ length: 40 }, (_, j) => bruteMeans(entries, 12, j));
      for (let k = 0; k < 12; k++) {
        const expected = brute.map((values) => values[k] ?? Number.NaN);
        const actual = expand(jackknife, estimate, k);
        actual.forEach((value, j) => {
          if (Number.isNaN(expected[j] ?? 0)) expect(value).toBeNaN();
          else expect(value).toBeCloseTo(expected[j] ?? Number.NaN, 13);
        });
        const a = bruteAcceleration(expected);
        if (Number.isNaN(a)) expect(accelerations[k]).toBeNaN();
        else expect(accelerations[k]).toBeCloseTo(a, 10);
      }
      // Slot 11 has one cluster: leaving it out leaves the mean undefined, so no acceleration.
      expect(accelerations[11]).toBeNaN();
      expect(Number.isNaN(accelerations[0] ?? Number.NaN)).toBe(false);
    }
  });

  it('refuses two entries of one cluster for the same slot', () => {
    const builder = clusterEntriesBuilder(1);
    builder.add(0, 1);
    builder.add(0, 2);
    builder.endCluster();
    const entries = builder.finish();
    expect(() =>
      meanJackknife(entries, Float64Array.of(3), Float64Array.of(2), Float64Array.of(1.5)),
    ).toThrow(RangeError);
  });
});

describe('sumsJackknife', () => {
  it('gives the delete-one values and accelerations of re-evaluating a non-linear figure without each cluster', () => {
    // Figures: sum 0 / sum 1, and sum 2 · sum 3 / (1 + sum 4), from the random study's sums.
    const finish = (totals: Float64Array, out: Float64Array): void => {
      out[0] = totals[1] === 0 ? Number.NaN : (totals[0] ?? 0) / (totals[1] ?? 1);
      out[1] = ((totals[2] ?? 0) * (totals[3] ?? 0)) / (1 + (totals[4] ?? 0));
    };
    const entries = randomEntries(4);
    const weights = new Float64Array(40).fill(1);
    const totals = new Float64Array(12);
    const evaluate = (left: number): Float64Array => {
      weights.fill(1);
      if (left >= 0) weights[left] = 0;
      weightedSums(entries, weights, totals);
      const out = new Float64Array(2);
      finish(totals, out);
      return out;
    };
    const estimate = evaluate(-1);
    weightedSums(entries, null, totals);
    const jackknife = sumsJackknife(entries, totals, estimate, finish);
    const accelerations = jackknifeAccelerations(jackknife, estimate);
    const brute = Array.from({ length: 40 }, (_, j) => evaluate(j));
    for (let k = 0; k < 2; k++) {
      const expected = brute.map((values) => values[k] ?? Number.NaN);
      expand(jackknife, estimate, k).forEach((value, j) => {
        expect(value).toBeCloseTo(expected[j] ?? Number.NaN, 10);
      });
      expect(accelerations[k]).toBeCloseTo(bruteAcceleration(expected), 8);
    }
  });
});
