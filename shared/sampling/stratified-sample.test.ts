import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Allocation } from './allocate-sample.ts';
import { drawStratifiedSample, type StratifiedSample } from './stratified-sample.ts';
import { stratumKey } from './stratum-key.ts';

interface Argument {
  id: string;
  model: string;
  test: number;
}

const byStratum = (a: Argument) => stratumKey({ model: a.model, test: a.test });
const argumentId = (a: Argument) => a.id;

/** `perCell[m][t]` arguments for model m{m} and test t + 1. */
function buildArguments(perCell: readonly (readonly number[])[]): Argument[] {
  return perCell.flatMap((tests, m) =>
    tests.flatMap((count, t) =>
      Array.from({ length: count }, (_, i) => ({ id: `m${m}-t${t + 1}-${i}`, model: `m${m}`, test: t + 1 })),
    ),
  );
}

/** The demo study: 8 models × 3 tests, 30 generated arguments per cell (720). */
const DEMO = buildArguments(Array.from({ length: 8 }, () => [30, 30, 30]));

const drawnIds = (sample: StratifiedSample) => sample.items.map((item) => item.id);

const allocationArb: fc.Arbitrary<Allocation> = fc.oneof(
  fc.constant('equal' as const),
  fc.constant('proportional' as const),
  fc.integer({ min: 0, max: 6 }).map((minimumPerStratum) => ({ minimumPerStratum })),
);

/** A population of up to 4 models × up to 3 tests of 0–12 arguments, a subset excluded. */
const scenarioArb = fc
  .array(fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 4,
  })
  .map(buildArguments)
  .chain((population) =>
    fc.record({
      population: fc.constant(population),
      shuffled: fc.shuffledSubarray(population, {
        minLength: population.length,
        maxLength: population.length,
      }),
      exclude: fc.subarray(population.map((a) => a.id)).map((ids) => new Set(ids)),
      size: fc.integer({ min: 0, max: population.length + 5 }),
      allocation: allocationArb,
      seed: fc.integer(),
    }),
  );

describe('drawStratifiedSample', () => {
  it('worked example: 24 strata (8 models × 3 tests) of 30, n = 50, equal → 22 strata give 2 (weight 15), 2 give 3 (weight 10)', () => {
    const sample = drawStratifiedSample({
      population: DEMO,
      id: argumentId,
      stratumOf: byStratum,
      size: 50,
      allocation: 'equal',
      seed: 2024,
    });
    expect(sample.items).toHaveLength(50);
    expect(sample.strata).toHaveLength(24);
    expect(sample.strata.every((s) => s.populationSize === 30 && (s.drawn === 2 || s.drawn === 3))).toBe(
      true,
    );
    expect(sample.strata.filter((s) => s.drawn === 3)).toHaveLength(2);
    for (const item of sample.items) {
      const drawn = sample.strata.find((s) => s.stratum === item.stratum)?.drawn;
      expect(item.weight).toBe(drawn === 3 ? 10 : 15);
      expect(item.inclusionProbability).toBeCloseTo(drawn === 3 ? 0.1 : 1 / 15, 15);
    }
    expect(sample.strata[0]?.stratum).toBe('model=m0|test=1');
    expect(sample.warnings).toEqual([]);
  });

  it('warns about a stratum smaller than its share and gives its shortfall to the others', () => {
    const population = buildArguments([[10, 10, 2]]).map((a) => ({ ...a, model: 'x' }));
    const sample = drawStratifiedSample({
      population,
      id: argumentId,
      stratumOf: byStratum,
      size: 9,
      allocation: 'equal',
      seed: 1,
    });
    expect(sample.warnings).toEqual(['stratum model=x|test=3 has only 2 eligible arguments; asked for 3']);
    expect(sample.items).toHaveLength(9);
    const short = sample.strata.find((s) => s.stratum === 'model=x|test=3');
    expect(short).toEqual({ stratum: 'model=x|test=3', populationSize: 2, requested: 3, drawn: 2 });
    expect(sample.strata.map((s) => s.drawn).sort()).toEqual([2, 3, 4]);
  });

  it('draws nothing for size 0 and lists every stratum with 0 drawn', () => {
    const sample = drawStratifiedSample({
      population: DEMO,
      id: argumentId,
      stratumOf: byStratum,
      size: 0,
      allocation: 'proportional',
      seed: 1,
    });
    expect(sample.items).toEqual([]);
    expect(sample.strata).toHaveLength(24);
    expect(sample.strata.every((s) => s.drawn === 0 && s.requested === 0)).toBe(true);
    expect(sample.warnings).toEqual([]);
  });

  it('gives an empty sample and a warning for an empty population', () => {
    const sample = drawStratifiedSample<Argument>({
      population: [],
      id: argumentId,
      stratumOf: byStratum,
      size: 5,
      allocation: 'equal',
      seed: 1,
    });
    expect(sample).toEqual({
      items: [],
      strata: [],
      warnings: ['there are no eligible arguments; asked for 5, so nothing is drawn'],
    });
  });

  it('with one stratum is a simple random sample with weight N/n', () => {
    const population = buildArguments([[40]]);
    const sample = drawStratifiedSample({
      population,
      id: argumentId,
      stratumOf: () => stratumKey({}),
      size: 8,
      allocation: 'equal',
      seed: 3,
    });
    expect(sample.strata).toEqual([{ stratum: '', populationSize: 40, requested: 8, drawn: 8 }]);
    expect(sample.items.every((item) => item.weight === 5 && item.inclusionProbability === 0.2)).toBe(true);
  });

  it('draws everything, with weight 1, when the population is smaller than the sample', () => {
    const population = buildArguments([[2, 3]]);
    const sample = drawStratifiedSample({
      population,
      id: argumentId,
      stratumOf: byStratum,
      size: 10,
      allocation: 'equal',
      seed: 1,
    });
    expect(sample.items).toHaveLength(5);
    expect(sample.items.every((item) => item.weight === 1 && item.inclusionProbability === 1)).toBe(true);
    expect(sample.warnings).toEqual([
      'the eligible population has only 5 arguments; asked for 10, so every eligible argument is drawn',
    ]);
  });

  it('leaves excluded items out of N_h and lists a fully excluded stratum with N_h = 0', () => {
    const population = buildArguments([[3, 6]]);
    const exclude = new Set(['m0-t1-0', 'm0-t1-1', 'm0-t1-2', 'm0-t2-0', 'not-in-population']);
    const sample = drawStratifiedSample({
      population,
      id: argumentId,
      stratumOf: byStratum,
      size: 2,
      allocation: 'proportional',
      seed: 1,
      exclude,
    });
    expect(sample.strata).toEqual([
      { stratum: 'model=m0|test=1', populationSize: 0, requested: 0, drawn: 0 },
      { stratum: 'model=m0|test=2', populationSize: 5, requested: 2, drawn: 2 },
    ]);
    expect(sample.items.every((item) => !exclude.has(item.id) && item.weight === 2.5)).toBe(true);
  });

  it('gives different samples for different seeds (20 seeds, 20 different samples of the demo)', () => {
    const samples = new Set(
      Array.from({ length: 20 }, (_, seed) =>
        drawnIds(
          drawStratifiedSample({
            population: DEMO,
            id: argumentId,
            stratumOf: byStratum,
            size: 50,
            allocation: 'equal',
            seed,
          }),
        ).join(','),
      ),
    );
    expect(samples.size).toBe(20);
  });

  it('keeps every design property for every population, allocation, exclusion and seed', () => {
    fc.assert(
      fc.property(scenarioArb, ({ population, exclude, size, allocation, seed }) => {
        const sample = drawStratifiedSample({
          population,
          id: argumentId,
          stratumOf: byStratum,
          size,
          allocation,
          seed,
          exclude,
        });
        const eligible = population.filter((a) => !exclude.has(a.id));
        const stratumOfId = new Map(population.map((a) => [a.id, byStratum(a)]));

        // Exact total, no item twice, no excluded item, each item in its own stratum.
        expect(sample.items).toHaveLength(Math.min(size, eligible.length));
        expect(new Set(drawnIds(sample)).size).toBe(sample.items.length);
        for (const item of sample.items) {
          expect(exclude.has(item.id)).toBe(false);
          expect(stratumOfId.get(item.id)).toBe(item.stratum);
        }
        // Items sorted by stratum key.
        const keys = sample.items.map((item) => item.stratum);
        expect(keys).toEqual([...keys].sort());

        for (const stratum of sample.strata) {
          const members = sample.items.filter((item) => item.stratum === stratum.stratum);
          expect(stratum.populationSize).toBe(
            eligible.filter((a) => byStratum(a) === stratum.stratum).length,
          );
          expect(members).toHaveLength(stratum.drawn);
          expect(stratum.drawn).toBeLessThanOrEqual(stratum.populationSize);
          for (const item of members) {
            expect(item.inclusionProbability).toBeGreaterThan(0);
            expect(item.inclusionProbability).toBeLessThanOrEqual(1);
            expect(item.weight * item.inclusionProbability).toBeCloseTo(1, 12);
          }
          // The design weights of a stratum add up to its size: Σ w_i = N_h.
          if (stratum.drawn > 0) {
            expect(members.reduce((s, item) => s + item.weight, 0)).toBeCloseTo(stratum.populationSize, 9);
          }
        }
        expect(new Set(sample.strata.map((s) => s.stratum))).toEqual(new Set(stratumOfId.values()));
      }),
    );
  });

  it('allocates as each rule says (while the population is at least the sample size)', () => {
    fc.assert(
      fc.property(scenarioArb, ({ population, exclude, size, allocation, seed }) => {
        const eligible = population.length - [...exclude].length;
        fc.pre(size <= eligible);
        const { strata, warnings } = drawStratifiedSample({
          population,
          id: argumentId,
          stratumOf: byStratum,
          size,
          allocation,
          seed,
          exclude,
        });
        if (allocation === 'equal') {
          // Water-filling: a stratum with room left never has 2 fewer than every other stratum.
          for (const open of strata.filter((s) => s.drawn < s.populationSize)) {
            for (const other of strata) expect(other.drawn).toBeLessThanOrEqual(open.drawn + 1);
          }
          const share = Math.ceil(size / strata.length);
          if (strata.every((s) => s.populationSize >= share)) {
            for (const s of strata) expect([Math.floor(size / strata.length), share]).toContain(s.drawn);
            expect(warnings).toEqual([]);
          }
        } else if (allocation === 'proportional') {
          // The quota rule: n_h is the floor or the ceiling of n·N_h/N.
          for (const s of strata) {
            const quota = eligible === 0 ? 0 : (size * s.populationSize) / eligible;
            expect(s.drawn).toBeGreaterThanOrEqual(Math.floor(quota));
            expect(s.drawn).toBeLessThanOrEqual(Math.ceil(quota));
          }
          expect(warnings).toEqual([]);
        } else {
          const m = allocation.minimumPerStratum;
          const floors = strata.map((s) => Math.min(m, s.populationSize));
          if (floors.reduce((a, b) => a + b, 0) <= size) {
            strata.forEach((s, h) => {
              expect(s.drawn).toBeGreaterThanOrEqual(floors[h] ?? 0);
            });
            for (const s of strata.filter((x) => x.populationSize < m)) {
              expect(warnings).toContain(
                `stratum ${s.stratum} has only ${s.populationSize} eligible argument${s.populationSize === 1 ? '' : 's'}; asked for ${s.requested}`,
              );
            }
          } else {
            for (const s of strata) expect(s.drawn).toBeLessThanOrEqual(m);
            expect(warnings[0]).toMatch(/cannot give each of the \d+ strata its minimum/);
          }
        }
      }),
    );
  });

  it('keeps the total when short strata hand their shortfall on (equal allocation over uneven strata)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 2, maxLength: 8 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer(),
        (sizes, size, seed) => {
          const population = buildArguments(sizes.map((n) => [n]));
          const sample = drawStratifiedSample({
            population,
            id: argumentId,
            stratumOf: byStratum,
            size,
            allocation: 'equal',
            seed,
          });
          expect(sample.items).toHaveLength(Math.min(size, population.length));
        },
      ),
    );
  });

  it('is reproducible by seed and does not depend on the order of the population', () => {
    fc.assert(
      fc.property(scenarioArb, ({ population, shuffled, exclude, size, allocation, seed }) => {
        const options = { id: argumentId, stratumOf: byStratum, size, allocation, seed, exclude };
        const first = drawStratifiedSample({ population, ...options });
        expect(drawStratifiedSample({ population, ...options })).toEqual(first);
        expect(drawStratifiedSample({ population: shuffled, ...options })).toEqual(first);
      }),
    );
  });

  it.each([
    [
      'a repeated id',
      { population: [...DEMO.slice(0, 2), DEMO[0] as Argument], size: 1, seed: 1 },
      RangeError,
    ],
    ['a negative size', { population: DEMO, size: -1, seed: 1 }, RangeError],
    ['a fractional size', { population: DEMO, size: 2.5, seed: 1 }, RangeError],
    ['a seed that is not a safe integer', { population: DEMO, size: 1, seed: 0.5 }, RangeError],
  ])('throws for %s', (_name, options, error) => {
    expect(() =>
      drawStratifiedSample({ ...options, id: argumentId, stratumOf: byStratum, allocation: 'equal' }),
    ).toThrow(error);
  });
});
