import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../stats/rng.ts';
import { simpleRandomSample } from './simple-random-sample.ts';

describe('simpleRandomSample', () => {
  it('draws n distinct items of the population, the same ones for the same seed', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string(), { maxLength: 30 }),
        fc.nat(),
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
        (items, k, seed) => {
          const n = k % (items.length + 1);
          const sample = simpleRandomSample(items, n, createRng(seed));
          expect(sample).toHaveLength(n);
          expect(new Set(sample).size).toBe(n);
          for (const item of sample) expect(items).toContain(item);
          expect(simpleRandomSample(items, n, createRng(seed))).toEqual(sample);
        },
      ),
    );
  });

  it('gives a permutation when n is the population size', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    const shuffled = simpleRandomSample(items, items.length, createRng(3));
    expect([...shuffled].sort()).toEqual(items);
  });

  it('makes every 2-subset of 5 items equally likely (χ² over 20,000 draws, 9 df, below the 0.999 point 27.88)', () => {
    const rng = createRng(20240611);
    const counts = new Map<string, number>();
    const draws = 20000;
    for (let r = 0; r < draws; r++) {
      const key = simpleRandomSample([0, 1, 2, 3, 4], 2, rng)
        .sort((a, b) => a - b)
        .join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(10);
    const expected = draws / 10;
    const chiSquare = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(27.88);
  });

  it('draws nothing and consumes no random numbers for n = 0', () => {
    const rng = createRng(5);
    expect(simpleRandomSample(['a', 'b'], 0, rng)).toEqual([]);
    expect(rng.nextUint32()).toBe(createRng(5).nextUint32());
  });

  it('leaves the input untouched', () => {
    const items = Object.freeze(['a', 'b', 'c', 'd']);
    simpleRandomSample(items, 3, createRng(1));
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });

  it.each([3, -1, 1.5, Number.NaN])('throws a RangeError for n = %f out of two items', (n) => {
    expect(() => simpleRandomSample(['a', 'b'], n, createRng(1))).toThrow(RangeError);
  });
});
