import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../stats/rng.ts';
import { bernoulli, sampleWithoutReplacement, shuffle, uniformInt } from './sampling.ts';

/** Counts of each key over `draws` calls of `draw`. */
function tally(draws: number, draw: () => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < draws; i++) {
    const key = draw();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Pearson's χ² statistic of observed counts against equal expected counts over `cells` cells.
 * Degrees of freedom cells − 1; the bounds used below are the 0.9999 quantiles of χ² (25.7 for 5
 * df, 37.4 for 11 df), so a correct sampler fails them once in 10,000 streams, and the streams are
 * seeded, so the outcome is fixed anyway.
 */
function chiSquare(counts: Map<string, number>, cells: number, draws: number): number {
  const expected = draws / cells;
  let sum = 0;
  for (const observed of counts.values()) sum += (observed - expected) ** 2 / expected;
  // Cells never observed contribute their full expected count.
  sum += (cells - counts.size) * expected;
  return sum;
}

describe('uniformInt', () => {
  it('stays within [a, b] and is a + nextInt(b − a + 1) on the same stream', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.nat(1000), (seed, a, width) => {
        const value = uniformInt(createRng(seed), a, a + width);
        expect(value).toBeGreaterThanOrEqual(a);
        expect(value).toBeLessThanOrEqual(a + width);
        expect(value).toBe(a + createRng(seed).nextInt(width + 1));
      }),
    );
  });

  it('gives a for a one-point interval, still consuming one draw', () => {
    const rng = createRng(5);
    const reference = createRng(5);
    expect(uniformInt(rng, 3, 3)).toBe(3);
    reference.nextUint32();
    expect(rng.nextUint32()).toBe(reference.nextUint32());
  });

  it('hits every value of [1, 6] about equally often (χ², 5 df, seeded)', () => {
    const rng = createRng(2024);
    const counts = tally(60_000, () => String(uniformInt(rng, 1, 6)));
    expect(counts.size).toBe(6);
    expect(chiSquare(counts, 6, 60_000)).toBeLessThan(25.7);
  });

  it('throws a RangeError for a > b, non-integers and ranges wider than 2^32', () => {
    const rng = createRng(1);
    expect(() => uniformInt(rng, 2, 1)).toThrow(RangeError);
    expect(() => uniformInt(rng, 0.5, 2)).toThrow(RangeError);
    expect(() => uniformInt(rng, 0, Number.NaN)).toThrow(RangeError);
    expect(() => uniformInt(rng, 0, 2 ** 32)).toThrow(RangeError);
    expect(uniformInt(rng, 0, 2 ** 32 - 1)).toBeLessThan(2 ** 32);
  });
});

describe('bernoulli', () => {
  it('is never true for p = 0 and always for p = 1', () => {
    const rng = createRng(9);
    for (let i = 0; i < 1000; i++) {
      expect(bernoulli(rng, 0)).toBe(false);
      expect(bernoulli(rng, 1)).toBe(true);
    }
  });

  it('is true about 70% of the time for p = 0.7 (100,000 seeded draws, within 0.01)', () => {
    const rng = createRng(7);
    let hits = 0;
    for (let i = 0; i < 100_000; i++) if (bernoulli(rng, 0.7)) hits++;
    expect(Math.abs(hits / 100_000 - 0.7)).toBeLessThan(0.01);
  });

  it('throws a RangeError for p outside [0, 1] or NaN', () => {
    const rng = createRng(1);
    expect(() => bernoulli(rng, -0.1)).toThrow(RangeError);
    expect(() => bernoulli(rng, 1.1)).toThrow(RangeError);
    expect(() => bernoulli(rng, Number.NaN)).toThrow(RangeError);
  });
});

describe('sampleWithoutReplacement', () => {
  it('returns k distinct positions of the input and leaves the input unchanged', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc
          .uniqueArray(fc.integer(), { maxLength: 40 })
          .chain((items) => fc.tuple(fc.constant(items), fc.nat(items.length))),
        (seed, [items, k]) => {
          const before = items.slice();
          const sample = sampleWithoutReplacement(createRng(seed), items, k);
          expect(sample).toHaveLength(k);
          expect(new Set(sample).size).toBe(k);
          for (const item of sample) expect(items).toContain(item);
          expect(items).toEqual(before);
        },
      ),
    );
  });

  it('draws by position, so repeated items are separate draws', () => {
    expect(sampleWithoutReplacement(createRng(3), ['a', 'a', 'a'], 3)).toEqual(['a', 'a', 'a']);
  });

  it('makes exactly one nextInt(n − i) draw per item taken (partial Fisher–Yates)', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    const rng = createRng(11);
    const reference = createRng(11);
    const sample = sampleWithoutReplacement(rng, items, 3);
    const pool = items.slice();
    const expected: string[] = [];
    for (let i = 0; i < 3; i++) {
      const j = i + reference.nextInt(items.length - i);
      [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
      expected.push(pool[i] as string);
    }
    expect(sample).toEqual(expected);
    expect(rng.nextUint32()).toBe(reference.nextUint32());
  });

  it('takes nothing and draws nothing for k = 0', () => {
    const rng = createRng(4);
    expect(sampleWithoutReplacement(rng, [1, 2, 3], 0)).toEqual([]);
    expect(sampleWithoutReplacement(rng, [], 0)).toEqual([]);
    expect(rng.nextUint32()).toBe(createRng(4).nextUint32());
  });

  it('gives each of the 12 ordered pairs of 4 items about equally often (χ², 11 df, seeded)', () => {
    const rng = createRng(31);
    const counts = tally(60_000, () => sampleWithoutReplacement(rng, ['a', 'b', 'c', 'd'], 2).join(''));
    expect(counts.size).toBe(12);
    expect(chiSquare(counts, 12, 60_000)).toBeLessThan(37.4);
  });

  it('throws a RangeError for k < 0, k > n and non-integer k', () => {
    const rng = createRng(1);
    expect(() => sampleWithoutReplacement(rng, [1, 2], -1)).toThrow(RangeError);
    expect(() => sampleWithoutReplacement(rng, [1, 2], 3)).toThrow(RangeError);
    expect(() => sampleWithoutReplacement(rng, [1, 2], 1.5)).toThrow(RangeError);
  });
});

describe('shuffle', () => {
  it('returns a permutation of its input, leaving the input unchanged', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer(), { maxLength: 40 }), (seed, items) => {
        const before = items.slice();
        const shuffled = shuffle(createRng(seed), items);
        expect(shuffled.slice().sort((a, b) => a - b)).toEqual(items.slice().sort((a, b) => a - b));
        expect(items).toEqual(before);
      }),
    );
  });

  it('gives each of the 6 orders of 3 items about equally often (χ², 5 df, seeded)', () => {
    const rng = createRng(77);
    const counts = tally(60_000, () => shuffle(rng, ['x', 'y', 'z']).join(''));
    expect(counts.size).toBe(6);
    expect(chiSquare(counts, 6, 60_000)).toBeLessThan(25.7);
  });

  it('returns an empty array for no items', () => {
    expect(shuffle(createRng(1), [])).toEqual([]);
  });
});
