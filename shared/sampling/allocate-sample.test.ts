import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../stats/rng.ts';
import { type Allocation, allocateSample } from './allocate-sample.ts';

const strataOf = (sizes: Record<string, number>) =>
  Object.entries(sizes).map(([stratum, populationSize]) => ({ stratum, populationSize }));

const drawnOf = (result: ReturnType<typeof allocateSample>) =>
  Object.fromEntries(result.strata.map((s) => [s.stratum, s.drawn]));

const allocationArb: fc.Arbitrary<Allocation> = fc.oneof(
  fc.constant('equal' as const),
  fc.constant('proportional' as const),
  fc.integer({ min: 0, max: 8 }).map((minimumPerStratum) => ({ minimumPerStratum })),
);

describe('allocateSample', () => {
  it('equal: gives the n mod H extra items to the largest strata', () => {
    const result = allocateSample({
      strata: strataOf({ a: 10, b: 20, c: 30 }),
      size: 4,
      allocation: 'equal',
      rng: createRng(1),
    });
    expect(drawnOf(result)).toEqual({ a: 1, b: 1, c: 2 });
    expect(result.warnings).toEqual([]);
  });

  it('equal: a short stratum gives all it has, the rest is shared among the others, and a warning names it', () => {
    const result = allocateSample({
      strata: strataOf({ a: 1, b: 10, c: 10 }),
      size: 9,
      allocation: 'equal',
      rng: createRng(1),
    });
    expect(result.strata).toEqual([
      { stratum: 'a', populationSize: 1, requested: 3, drawn: 1 },
      { stratum: 'b', populationSize: 10, requested: 3, drawn: 4 },
      { stratum: 'c', populationSize: 10, requested: 3, drawn: 4 },
    ]);
    expect(result.warnings).toEqual(['stratum a has only 1 eligible argument; asked for 3']);
  });

  it('equal: a redistributed shortfall goes to the strata with the fewest first (water-filling)', () => {
    // a is empty; its share of 1 is handed on to the stratum of b, c, d that has 1 so far, not to
    // the one that already got the leftover of the first round: 2, 2, 1 rather than 3, 1, 1.
    const result = allocateSample({
      strata: strataOf({ a: 0, b: 10, c: 10, d: 10 }),
      size: 5,
      allocation: 'equal',
      rng: createRng(1),
    });
    expect(result.strata.map((s) => s.drawn).sort()).toEqual([0, 1, 2, 2]);
    expect(result.warnings).toEqual(['stratum a has only 0 eligible arguments; asked for 1']);
  });

  it('equal: a stratum with room never has 2 fewer than another (all sizes, every n ≤ N)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 10 }),
        fc.nat(),
        fc.integer(),
        (sizes, k, seed) => {
          const strata = sizes.map((populationSize, h) => ({ stratum: `s${h}`, populationSize }));
          const size = k % (sizes.reduce((s, n) => s + n, 0) + 1);
          const result = allocateSample({ strata, size, allocation: 'equal', rng: createRng(seed) });
          for (const open of result.strata.filter((s) => s.drawn < s.populationSize)) {
            for (const other of result.strata) expect(other.drawn).toBeLessThanOrEqual(open.drawn + 1);
          }
        },
      ),
    );
  });

  it('proportional: Hamilton rounding of n·N_h/N (quotas 47, 16, 15.8, 12, 6.1, 3.1 → 47 16 16 12 6 3)', () => {
    const result = allocateSample({
      strata: strataOf({ a: 470, b: 160, c: 158, d: 120, e: 61, f: 31 }),
      size: 100,
      allocation: 'proportional',
      rng: createRng(1),
    });
    expect(drawnOf(result)).toEqual({ a: 47, b: 16, c: 16, d: 12, e: 6, f: 3 });
    expect(result.warnings).toEqual([]);
  });

  it('minimumPerStratum: min(m, N_h) first, then the rest in proportion to N_h among strata with room', () => {
    // Floors 2, 3, 3 (8); the remaining 12 over N = 10 and 100: quotas 1.09 and 10.91 → 1 and 11.
    const result = allocateSample({
      strata: strataOf({ a: 2, b: 10, c: 100 }),
      size: 20,
      allocation: { minimumPerStratum: 3 },
      rng: createRng(1),
    });
    expect(result.strata).toEqual([
      { stratum: 'a', populationSize: 2, requested: 3, drawn: 2 },
      { stratum: 'b', populationSize: 10, requested: 4, drawn: 4 },
      { stratum: 'c', populationSize: 100, requested: 14, drawn: 14 },
    ]);
    expect(result.warnings).toEqual(['stratum a has only 2 eligible arguments; asked for 3']);
  });

  it('minimumPerStratum: a minimum the sample cannot meet falls back to equal allocation, with a warning', () => {
    const result = allocateSample({
      strata: strataOf({ a: 10, b: 10, c: 10 }),
      size: 12,
      allocation: { minimumPerStratum: 5 },
      rng: createRng(1),
    });
    expect(drawnOf(result)).toEqual({ a: 4, b: 4, c: 4 });
    expect(result.warnings).toEqual([
      'a sample of 12 cannot give each of the 3 strata its minimum of 5 (that needs 15); allocating 12 as evenly as possible instead',
    ]);
  });

  it('minimumPerStratum 0 is proportional allocation', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.integer(),
        (sizes, k, seed) => {
          const strata = sizes.map((populationSize, h) => ({ stratum: `s${h}`, populationSize }));
          const size = k % (sizes.reduce((s, n) => s + n, 0) + 1);
          const minimum = allocateSample({
            strata,
            size,
            allocation: { minimumPerStratum: 0 },
            rng: createRng(seed),
          });
          const proportional = allocateSample({
            strata,
            size,
            allocation: 'proportional',
            rng: createRng(seed),
          });
          expect(drawnOf(minimum)).toEqual(drawnOf(proportional));
        },
      ),
    );
  });

  it('draws everything and gives one warning when the population is smaller than the sample', () => {
    const result = allocateSample({
      strata: strataOf({ a: 2, b: 3 }),
      size: 8,
      allocation: 'equal',
      rng: createRng(1),
    });
    expect(drawnOf(result)).toEqual({ a: 2, b: 3 });
    expect(result.warnings).toEqual([
      'the eligible population has only 5 arguments; asked for 8, so every eligible argument is drawn',
    ]);
  });

  it('lists a stratum with no eligible items with 0 drawn', () => {
    const result = allocateSample({
      strata: strataOf({ a: 0, b: 5 }),
      size: 2,
      allocation: 'proportional',
      rng: createRng(1),
    });
    expect(result.strata).toEqual([
      { stratum: 'a', populationSize: 0, requested: 0, drawn: 0 },
      { stratum: 'b', populationSize: 5, requested: 2, drawn: 2 },
    ]);
  });

  it('allocates nothing, with one warning, when every stratum is empty', () => {
    for (const allocation of ['equal', 'proportional', { minimumPerStratum: 2 }] as const) {
      const result = allocateSample({
        strata: strataOf({ a: 0, b: 0 }),
        size: 3,
        allocation,
        rng: createRng(1),
      });
      expect(drawnOf(result)).toEqual({ a: 0, b: 0 });
      expect(result.warnings).toEqual(['there are no eligible arguments; asked for 3, so nothing is drawn']);
    }
  });

  it('allocates nothing for size 0, without warnings', () => {
    const result = allocateSample({
      strata: strataOf({ a: 3, b: 5 }),
      size: 0,
      allocation: 'equal',
      rng: createRng(1),
    });
    expect(drawnOf(result)).toEqual({ a: 0, b: 0 });
    expect(result.warnings).toEqual([]);
  });

  it('with no strata allocates nothing, and warns if something was asked for', () => {
    expect(allocateSample({ strata: [], size: 0, allocation: 'equal', rng: createRng(1) })).toEqual({
      strata: [],
      warnings: [],
    });
    expect(allocateSample({ strata: [], size: 3, allocation: 'equal', rng: createRng(1) }).warnings).toEqual([
      'there are no eligible arguments; asked for 3, so nothing is drawn',
    ]);
  });

  it('always allocates min(n, N) in total, no stratum beyond its size, sorted by key, whatever order the strata come in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 0, maxLength: 10 }),
        fc.integer({ min: 0, max: 150 }),
        allocationArb,
        fc.integer(),
        (sizes, size, allocation, seed) => {
          const strata = sizes.map((populationSize, h) => ({
            stratum: `s${String(h).padStart(2, '0')}`,
            populationSize,
          }));
          const result = allocateSample({ strata, size, allocation, rng: createRng(seed) });
          const population = sizes.reduce((s, n) => s + n, 0);
          expect(result.strata.reduce((s, x) => s + x.drawn, 0)).toBe(Math.min(size, population));
          for (const s of result.strata) expect(s.drawn).toBeLessThanOrEqual(s.populationSize);
          expect(result.strata.map((s) => s.stratum)).toEqual(strata.map((s) => s.stratum));
          const reversed = allocateSample({
            strata: [...strata].reverse(),
            size,
            allocation,
            rng: createRng(seed),
          });
          expect(reversed).toEqual(result);
        },
      ),
    );
  });

  it('never warns about a short stratum under proportional allocation while n ≤ N', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 10 }),
        fc.nat(),
        fc.integer(),
        (sizes, k, seed) => {
          const strata = sizes.map((populationSize, h) => ({ stratum: `s${h}`, populationSize }));
          const size = k % (sizes.reduce((s, n) => s + n, 0) + 1);
          expect(
            allocateSample({ strata, size, allocation: 'proportional', rng: createRng(seed) }).warnings,
          ).toEqual([]);
        },
      ),
    );
  });

  it.each([
    ['a negative size', { strata: strataOf({ a: 1 }), size: -1, allocation: 'equal' as const }, RangeError],
    [
      'a fractional size',
      { strata: strataOf({ a: 1 }), size: 0.5, allocation: 'equal' as const },
      RangeError,
    ],
    [
      'a repeated stratum',
      { strata: [...strataOf({ a: 1 }), ...strataOf({ a: 2 })], size: 1, allocation: 'equal' as const },
      RangeError,
    ],
    [
      'a negative population size',
      { strata: strataOf({ a: -1 }), size: 1, allocation: 'equal' as const },
      RangeError,
    ],
    [
      'a fractional minimum',
      { strata: strataOf({ a: 1 }), size: 1, allocation: { minimumPerStratum: 1.5 } },
      RangeError,
    ],
    [
      'an unknown allocation',
      { strata: strataOf({ a: 1 }), size: 1, allocation: JSON.parse('"neyman"') },
      TypeError,
    ],
  ])('throws for %s', (_name, options, error) => {
    expect(() => allocateSample({ ...options, rng: createRng(1) })).toThrow(error);
  });
});
