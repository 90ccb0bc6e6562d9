import { describe, expect, it } from 'vitest';
import {
  type DesignUnit,
  defaultFloor,
  designNameSchema,
  drawBatch,
  drawMethodOf,
  inclusionProbabilities,
} from './designs.ts';

const unit = (id: string, stratum: string, predictedError = 0.5): DesignUnit => ({
  id,
  stratum,
  predictedError,
});
const twoStrata = [
  ...['a1', 'a2', 'a3', 'a4'].map((id) => unit(id, 'a')),
  ...['b1', 'b2', 'b3', 'b4', 'b5', 'b6'].map((id) => unit(id, 'b')),
];
const sum = (map: ReadonlyMap<string, number>) => [...map.values()].reduce((s, x) => s + x, 0);

describe('inclusionProbabilities', () => {
  it('stratified: proportional n_h = 2 and 3 of 4 and 6 at n = 5, π = 0.5 everywhere', () => {
    const pi = inclusionProbabilities('stratified', twoStrata, 5, { floor: 0 });
    expect([...pi.values()]).toEqual(Array(10).fill(0.5));
  });

  it('neyman: worked example of the doc comment (minimums 1 and 2, then 2 ∝ 0.4 : 2.4, rounded 1 and 4)', () => {
    const stratumSd = new Map([
      ['a', 0.1],
      ['b', 0.4],
    ]);
    const pi = inclusionProbabilities('neyman', twoStrata, 5, { floor: 0.25, stratumSd });
    expect(pi.get('a1')).toBe(0.25);
    expect(pi.get('b1')).toBeCloseTo(4 / 6, 12);
    expect(sum(pi)).toBeCloseTo(5, 12);
  });

  it('neyman: a stratum asked for more than it has is capped and the excess goes to the other', () => {
    const stratumSd = new Map([
      ['a', 1],
      ['b', 0.01],
    ]);
    // ∝ 4·1 : 6·0.01 would give a 7.9 of 8; a is capped at 4, b gets the other 4.
    const pi = inclusionProbabilities('neyman', twoStrata, 8, { floor: 0, stratumSd });
    expect(pi.get('a1')).toBe(1);
    expect(pi.get('b1')).toBeCloseTo(4 / 6, 12);
  });

  it('neyman: a stratum without an SD takes the largest given; none at all throws', () => {
    const pi = inclusionProbabilities('neyman', twoStrata, 5, { floor: 0, stratumSd: new Map([['a', 0.3]]) });
    expect(pi.get('a1')).toBe(0.5);
    expect(() => inclusionProbabilities('neyman', twoStrata, 5, { floor: 0 })).toThrow(RangeError);
  });

  it('active: π = max(floor, c·√e) with Σπ = n — e = 0, 0.25, 1, 1, n = 2, floor 0.1 gives c = 0.76', () => {
    const units = [unit('u1', 'h', 0), unit('u2', 'h', 0.25), unit('u3', 'h', 1), unit('u4', 'h', 1)];
    const pi = inclusionProbabilities('active', units, 2, { floor: 0.1 });
    // 0.1 + 0.5c + 2c = 2 → c = 0.76.
    expect(pi.get('u1')).toBeCloseTo(0.1, 12);
    expect(pi.get('u2')).toBeCloseTo(0.38, 12);
    expect(pi.get('u3')).toBeCloseTo(0.76, 12);
    expect(sum(pi)).toBeCloseTo(2, 12);
  });

  it('active: caps at 1 are iterated — n = 3 gives 0.1, 0.9, 1, 1', () => {
    const units = [unit('u1', 'h', 0), unit('u2', 'h', 0.25), unit('u3', 'h', 1), unit('u4', 'h', 1)];
    const pi = inclusionProbabilities('active', units, 3, { floor: 0.1 });
    expect([...pi.values()].map((p) => Number(p.toFixed(12)))).toEqual([0.1, 0.9, 1, 1]);
  });

  it('active: every stratum gets n·N_h/N in expectation and every π ≥ the floor', () => {
    const units = twoStrata.map((u, i) => ({ ...u, predictedError: (i % 5) / 4 }));
    const floor = defaultFloor(5, 10);
    const pi = inclusionProbabilities('active', units, 5, { floor });
    const inA = [...pi].filter(([id]) => id.startsWith('a')).reduce((s, [, p]) => s + p, 0);
    expect(inA).toBeCloseTo(2, 10);
    expect(sum(pi)).toBeCloseTo(5, 10);
    for (const p of pi.values()) expect(p).toBeGreaterThanOrEqual(floor - 1e-12);
  });

  it('does not depend on the order of the units', () => {
    const units = twoStrata.map((u, i) => ({ ...u, predictedError: ((i * 7) % 10) / 10 }));
    const forward = inclusionProbabilities('active', units, 4, { floor: 0.05 });
    const backward = inclusionProbabilities('active', [...units].reverse(), 4, { floor: 0.05 });
    for (const [id, p] of forward) expect(backward.get(id)).toBeCloseTo(p, 14);
  });

  it('refuses a floor above n/N, a bad n, a predicted error outside [0, 1] and repeated ids', () => {
    expect(() => inclusionProbabilities('stratified', twoStrata, 5, { floor: 0.6 })).toThrow(RangeError);
    expect(() => inclusionProbabilities('stratified', twoStrata, 1.5, { floor: 0 })).toThrow(RangeError);
    expect(() => inclusionProbabilities('active', [unit('x', 'h', 2)], 1, { floor: 0 })).toThrow(RangeError);
    expect(() => inclusionProbabilities('active', [unit('x', 'h'), unit('x', 'h')], 1, { floor: 0 })).toThrow(
      RangeError,
    );
  });

  it('n = 0 gives every unit π = 0; n above N takes everyone', () => {
    expect([...inclusionProbabilities('stratified', twoStrata, 0, { floor: 0 }).values()]).toEqual(
      Array(10).fill(0),
    );
    expect([...inclusionProbabilities('active', twoStrata, 20, { floor: 0.5 }).values()]).toEqual(
      Array(10).fill(1),
    );
  });

  it('parses the design names', () => {
    expect(designNameSchema.parse('neyman')).toBe('neyman');
    expect(() => designNameSchema.parse('pps')).toThrow();
    expect(drawMethodOf('active')).toBe('poisson');
    expect(drawMethodOf('neyman')).toBe('stratified-srs');
  });
});

describe('drawBatch', () => {
  it('stratified: exactly n_h per stratum, weight N_h/n_h, the same for the same seed', () => {
    const pi = inclusionProbabilities('stratified', twoStrata, 5, { floor: 0 });
    const batch = drawBatch('stratified-srs', twoStrata, pi, 7);
    expect(batch.filter((u) => u.stratum === 'a')).toHaveLength(2);
    expect(batch.filter((u) => u.stratum === 'b')).toHaveLength(3);
    expect(batch.every((u) => u.weight === 2)).toBe(true);
    expect(drawBatch('stratified-srs', [...twoStrata].reverse(), pi, 7)).toEqual(batch);
  });

  it('stratified: refuses unequal π within a stratum', () => {
    const pi = new Map(twoStrata.map((u, i) => [u.id, i === 0 ? 0.25 : 0.5]));
    expect(() => drawBatch('stratified-srs', twoStrata, pi, 1)).toThrow(RangeError);
  });

  it('poisson: each unit is drawn with chance π (4,000 seeded batches, within 4 binomial SEs)', () => {
    const units = [unit('u1', 'h', 0), unit('u2', 'h', 0.25), unit('u3', 'h', 1), unit('u4', 'h', 1)];
    const pi = inclusionProbabilities('active', units, 2, { floor: 0.1 });
    const counts = new Map<string, number>();
    const R = 4000;
    for (let seed = 0; seed < R; seed++)
      for (const drawn of drawBatch('poisson', units, pi, seed))
        counts.set(drawn.id, (counts.get(drawn.id) ?? 0) + 1);
    for (const [id, p] of pi) {
      const se = Math.sqrt((p * (1 - p)) / R);
      expect(Math.abs((counts.get(id) ?? 0) / R - p)).toBeLessThan(4 * se + 1e-9);
    }
  });

  it('poisson: a unit with π = 0 is never drawn and one with π = 1 always', () => {
    const units = [unit('u1', 'h'), unit('u2', 'h')];
    const pi = new Map([
      ['u1', 0],
      ['u2', 1],
    ]);
    for (let seed = 0; seed < 50; seed++)
      expect(drawBatch('poisson', units, pi, seed).map((u) => u.id)).toEqual(['u2']);
  });

  it('systematic: exactly Σπ units every time, each stratum ⌊Σ_h π⌋ or ⌈Σ_h π⌉, each unit with chance π', () => {
    const units = [
      ...['a1', 'a2', 'a3', 'a4', 'a5'].map((id, i) => unit(id, 'a', [0, 0.1, 0.3, 0.6, 1][i])),
      ...['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'].map((id, i) => unit(id, 'b', (i + 1) / 7)),
    ];
    const pi = inclusionProbabilities('active', units, 4, { floor: 0.1 });
    const counts = new Map<string, number>();
    const R = 4000;
    for (let seed = 0; seed < R; seed++) {
      const batch = drawBatch('systematic', units, pi, seed);
      expect(batch).toHaveLength(4);
      for (const stratum of ['a', 'b']) {
        const expected = [...pi].filter(([id]) => id.startsWith(stratum)).reduce((t, [, p]) => t + p, 0);
        const got = batch.filter((u) => u.stratum === stratum).length;
        expect(got === Math.floor(expected + 1e-9) || got === Math.ceil(expected - 1e-9)).toBe(true);
      }
      for (const drawn of batch) counts.set(drawn.id, (counts.get(drawn.id) ?? 0) + 1);
    }
    for (const [id, p] of pi) {
      const se = Math.sqrt((p * (1 - p)) / R);
      expect(Math.abs((counts.get(id) ?? 0) / R - p)).toBeLessThan(4 * se + 1e-9);
    }
  });
});
