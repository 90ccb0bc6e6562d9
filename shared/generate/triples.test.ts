import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FACTOR_IDS, type FactorId, factorById, type Side, sortFactorIds } from '../factors.ts';
import { type Triple, tripleSchema } from '../schemas/triple.ts';
import type { Mode } from '../vocabulary.ts';
import { caseSizeBounds } from './cases.ts';
import { triplesToJsonl } from './format.ts';
import { type GenerateTriplesOptions, generateTriples } from './triples.ts';

const seedArb = fc.integer();
const complexityArb = fc.integer({ min: 1, max: 25 });
const countArb = fc.integer({ min: 0, max: 25 });
const sharingModeArb = fc.constantFrom<Mode>('arguable', 'reordered');

function shares(a: readonly FactorId[], b: readonly FactorId[]): boolean {
  return a.some((id) => b.includes(id));
}

function hasSide(ids: readonly FactorId[], side: Side): boolean {
  return ids.some((id) => factorById(id).side === side);
}

function isSortedAndUnique(ids: readonly FactorId[]): boolean {
  const sorted = sortFactorIds(ids);
  return sorted.length === ids.length && sorted.every((id, i) => ids[i] === id);
}

function jsonl(options: GenerateTriplesOptions): string {
  return triplesToJsonl(generateTriples(options).triples);
}

describe('generateTriples: arguable', () => {
  it('gives TSC1 to the plaintiff and TSC2 to the defendant, each sharing a factor of its side whenever the current case has one', () => {
    fc.assert(
      fc.property(seedArb, complexityArb, countArb, (seed, complexity, count) => {
        const { triples } = generateTriples({ mode: 'arguable', count, complexity, seed });
        for (const triple of triples) {
          const current = triple.current.factors;
          expect(triple.tsc1.outcome).toBe('plaintiff');
          expect(triple.tsc2.outcome).toBe('defendant');
          const tsc1Shared = triple.tsc1.factors.filter((id) => current.includes(id));
          const tsc2Shared = triple.tsc2.factors.filter((id) => current.includes(id));
          if (hasSide(current, 'P')) expect(hasSide(tsc1Shared, 'P')).toBe(true);
          if (hasSide(current, 'D')) expect(hasSide(tsc2Shared, 'D')).toBe(true);
        }
      }),
    );
  });

  it('draws every case size, precedents included, from [max(1, C − 1), C + 1]', () => {
    fc.assert(
      fc.property(seedArb, complexityArb, sharingModeArb, (seed, complexity, mode) => {
        const { min, max } = caseSizeBounds(complexity);
        for (const triple of generateTriples({ mode, count: 10, complexity, seed }).triples) {
          for (const factors of [triple.current.factors, triple.tsc1.factors, triple.tsc2.factors]) {
            expect(factors.length).toBeGreaterThanOrEqual(min);
            expect(factors.length).toBeLessThanOrEqual(max);
          }
        }
      }),
    );
  });

  it('counts in its report exactly the triples whose plaintiff- or defendant-won precedent shares nothing', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 4 }), sharingModeArb, (seed, complexity, mode) => {
        const { triples, report } = generateTriples({ mode, count: 40, complexity, seed });
        const precedent = (outcome: 'plaintiff' | 'defendant', i: number): FactorId[] => {
          const triple = triples[i];
          if (!triple) return [];
          return triple.tsc1.outcome === outcome ? triple.tsc1.factors : triple.tsc2.factors;
        };
        const lacking = (outcome: 'plaintiff' | 'defendant'): number =>
          triples.filter((triple, i) => !shares(precedent(outcome, i), triple.current.factors)).length;
        expect(report.noSharedPlaintiffSide).toBe(lacking('plaintiff'));
        expect(report.noSharedDefendantSide).toBe(lacking('defendant'));
        expect(report.regenerated).toBe(0);
        expect(report).toMatchObject({ requested: 40, generated: 40 });
      }),
    );
  });
});

describe('generateTriples: reordered', () => {
  it('gives TSC1 to the defendant and TSC2 to the plaintiff', () => {
    fc.assert(
      fc.property(seedArb, complexityArb, (seed, complexity) => {
        for (const triple of generateTriples({ mode: 'reordered', count: 10, complexity, seed }).triples) {
          expect(triple.tsc1.outcome).toBe('defendant');
          expect(triple.tsc2.outcome).toBe('plaintiff');
        }
      }),
    );
  });

  it('is the arguable run of the same seed with the precedents swapped exactly, strict or not', () => {
    fc.assert(
      fc.property(seedArb, complexityArb, countArb, fc.boolean(), (seed, complexity, count, strict) => {
        const arguable = generateTriples({
          mode: 'arguable',
          count,
          complexity,
          seed,
          strict,
          idPrefix: 'x',
        });
        const reordered = generateTriples({
          mode: 'reordered',
          count,
          complexity,
          seed,
          strict,
          idPrefix: 'x',
        });
        expect(reordered.triples).toEqual(
          arguable.triples.map((triple) => ({
            ...triple,
            mode: 'reordered',
            tsc1: triple.tsc2,
            tsc2: triple.tsc1,
          })),
        );
        expect(reordered.report).toEqual(arguable.report);
      }),
    );
  });
});

describe('generateTriples: non_arguable', () => {
  it('shares no factor between the current case and either precedent, TSC1 plaintiff and TSC2 defendant', () => {
    fc.assert(
      fc.property(seedArb, complexityArb, countArb, (seed, complexity, count) => {
        const { triples, report } = generateTriples({ mode: 'non_arguable', count, complexity, seed });
        const { min, max } = caseSizeBounds(complexity);
        for (const triple of triples) {
          const current = triple.current.factors;
          expect(shares(triple.tsc1.factors, current)).toBe(false);
          expect(shares(triple.tsc2.factors, current)).toBe(false);
          expect(triple.tsc1.outcome).toBe('plaintiff');
          expect(triple.tsc2.outcome).toBe('defendant');
          // Sizes are drawn as for every case, then clamped to the factors the current case lacks.
          const complement = FACTOR_IDS.length - current.length;
          for (const precedent of [triple.tsc1.factors, triple.tsc2.factors]) {
            expect(precedent.length).toBeGreaterThanOrEqual(Math.min(min, complement));
            expect(precedent.length).toBeLessThanOrEqual(Math.min(max, complement));
          }
        }
        expect(report).toEqual({
          requested: count,
          generated: count,
          noSharedPlaintiffSide: 0,
          noSharedDefendantSide: 0,
          regenerated: 0,
        });
      }),
    );
  });

  it('ignores strict', () => {
    const options = { mode: 'non_arguable', count: 20, complexity: 2, seed: 5 } as const;
    expect(generateTriples({ ...options, strict: true })).toEqual(generateTriples(options));
  });
});

describe('generateTriples: every mode', () => {
  const modeArb = fc.constantFrom<Mode>('arguable', 'reordered', 'non_arguable');

  it('reproduces its output byte for byte from a seed', () => {
    fc.assert(
      fc.property(
        seedArb,
        complexityArb,
        countArb,
        modeArb,
        fc.boolean(),
        (seed, complexity, count, mode, strict) => {
          const options = { mode, count, complexity, seed, strict };
          expect(jsonl(options)).toBe(jsonl(options));
        },
      ),
    );
  });

  it('gives different output for different seeds (seeds are distinct modulo 2^32)', () => {
    fc.assert(
      fc.property(
        fc.tuple(seedArb, seedArb).filter(([a, b]) => a !== b),
        fc.integer({ min: 3, max: 25 }),
        modeArb,
        ([a, b], complexity, mode) => {
          expect(jsonl({ mode, count: 10, complexity, seed: a })).not.toBe(
            jsonl({ mode, count: 10, complexity, seed: b }),
          );
        },
      ),
    );
  });

  it('numbers ids "<idPrefix or mode>-<n>" from 1, unique', () => {
    fc.assert(
      fc.property(
        seedArb,
        countArb,
        modeArb,
        fc.option(fc.constantFrom('run', 'batch_7', 'a b')),
        (seed, count, mode, prefix) => {
          const options = {
            mode,
            count,
            complexity: 3,
            seed,
            ...(prefix === null ? {} : { idPrefix: prefix }),
          };
          const ids = generateTriples(options).triples.map((triple) => triple.id);
          expect(ids).toEqual(Array.from({ length: count }, (_, i) => `${prefix ?? mode}-${i + 1}`));
          expect(new Set(ids).size).toBe(count);
        },
      ),
    );
  });

  it('writes each case with unique factors in catalogue order, as records tripleSchema accepts unchanged', () => {
    fc.assert(
      fc.property(seedArb, complexityArb, modeArb, (seed, complexity, mode) => {
        for (const triple of generateTriples({ mode, count: 8, complexity, seed }).triples) {
          expect(triple.mode).toBe(mode);
          expect(isSortedAndUnique(triple.current.factors)).toBe(true);
          expect(isSortedAndUnique(triple.tsc1.factors)).toBe(true);
          expect(isSortedAndUnique(triple.tsc2.factors)).toBe(true);
          expect(tripleSchema.parse(triple)).toEqual(triple);
        }
      }),
    );
  });
});

describe('generateTriples: strict', () => {
  it('leaves no arguable or reordered triple without a shared factor on either side', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 6 }), sharingModeArb, (seed, complexity, mode) => {
        const { triples, report } = generateTriples({ mode, count: 30, complexity, seed, strict: true });
        expect(triples).toHaveLength(30);
        for (const triple of triples) {
          expect(shares(triple.tsc1.factors, triple.current.factors)).toBe(true);
          expect(shares(triple.tsc2.factors, triple.current.factors)).toBe(true);
        }
        expect(report.noSharedPlaintiffSide).toBe(0);
        expect(report.noSharedDefendantSide).toBe(0);
      }),
    );
  });

  it('keeps drawing from the same stream: its triples are the non-strict draws that share on both sides, in order', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 4 }), countArb, (seed, complexity, count) => {
        const strict = generateTriples({ mode: 'arguable', count, complexity, seed, strict: true });
        const loose = generateTriples({
          mode: 'arguable',
          count: count + strict.report.regenerated,
          complexity,
          seed,
        });
        // Ids differ (the strict run renumbers), so compare the cases only.
        const withoutId = (triple: Triple) => ({
          current: triple.current,
          tsc1: triple.tsc1,
          tsc2: triple.tsc2,
        });
        const kept = loose.triples.filter(
          (triple) =>
            shares(triple.tsc1.factors, triple.current.factors) &&
            shares(triple.tsc2.factors, triple.current.factors),
        );
        expect(kept.map(withoutId)).toEqual(strict.triples.map(withoutId));
        expect(loose.report.noSharedPlaintiffSide + loose.report.noSharedDefendantSide).toBe(
          strict.report.regenerated,
        );
      }),
    );
  });
});

describe('generateTriples: golden runs', () => {
  // These strings pin OUR implementation's stream (createRng + the draw order documented in
  // cases.ts and triples.ts), not the study's generator or its files: every change to the order or
  // number of draws changes them, which is the point. Regenerate them only on purpose.
  it('arguable, complexity 3, seed 2506, 4 triples', () => {
    expect(jsonl({ mode: 'arguable', count: 4, complexity: 3, seed: 2506 })).toBe(
      [
        '{"id":"arguable-1","mode":"arguable","current":{"factors":["F16","F20","F22"]},"tsc1":{"factors":["F16","F20","F21","F22"],"outcome":"plaintiff"},"tsc2":{"factors":["F16","F20","F22"],"outcome":"defendant"}}',
        '{"id":"arguable-2","mode":"arguable","current":{"factors":["F2","F12","F23"]},"tsc1":{"factors":["F2","F12","F23"],"outcome":"plaintiff"},"tsc2":{"factors":["F5","F7","F23","F24"],"outcome":"defendant"}}',
        '{"id":"arguable-3","mode":"arguable","current":{"factors":["F4","F25","F26"]},"tsc1":{"factors":["F4","F26"],"outcome":"plaintiff"},"tsc2":{"factors":["F25","F26"],"outcome":"defendant"}}',
        '{"id":"arguable-4","mode":"arguable","current":{"factors":["F4","F11","F27"]},"tsc1":{"factors":["F4","F27"],"outcome":"plaintiff"},"tsc2":{"factors":["F4","F11","F24","F27"],"outcome":"defendant"}}',
        '',
      ].join('\n'),
    );
  });

  it('arguable, complexity 1, seed 2: the second draw shares nothing on the plaintiff side, and strict skips it', () => {
    const loose = generateTriples({ mode: 'arguable', count: 3, complexity: 1, seed: 2 });
    expect(triplesToJsonl(loose.triples)).toBe(
      [
        '{"id":"arguable-1","mode":"arguable","current":{"factors":["F14","F22"]},"tsc1":{"factors":["F14","F22"],"outcome":"plaintiff"},"tsc2":{"factors":["F22"],"outcome":"defendant"}}',
        '{"id":"arguable-2","mode":"arguable","current":{"factors":["F1","F10"]},"tsc1":{"factors":["F18","F23"],"outcome":"plaintiff"},"tsc2":{"factors":["F1","F10"],"outcome":"defendant"}}',
        '{"id":"arguable-3","mode":"arguable","current":{"factors":["F5","F25"]},"tsc1":{"factors":["F5"],"outcome":"plaintiff"},"tsc2":{"factors":["F5","F25"],"outcome":"defendant"}}',
        '',
      ].join('\n'),
    );
    expect(loose.report).toEqual({
      requested: 3,
      generated: 3,
      noSharedPlaintiffSide: 1,
      noSharedDefendantSide: 0,
      regenerated: 0,
    });

    const strict = generateTriples({ mode: 'arguable', count: 3, complexity: 1, seed: 2, strict: true });
    expect(triplesToJsonl(strict.triples)).toBe(
      [
        '{"id":"arguable-1","mode":"arguable","current":{"factors":["F14","F22"]},"tsc1":{"factors":["F14","F22"],"outcome":"plaintiff"},"tsc2":{"factors":["F22"],"outcome":"defendant"}}',
        '{"id":"arguable-2","mode":"arguable","current":{"factors":["F5","F25"]},"tsc1":{"factors":["F5"],"outcome":"plaintiff"},"tsc2":{"factors":["F5","F25"],"outcome":"defendant"}}',
        '{"id":"arguable-3","mode":"arguable","current":{"factors":["F10","F11"]},"tsc1":{"factors":["F10","F18"],"outcome":"plaintiff"},"tsc2":{"factors":["F10","F11"],"outcome":"defendant"}}',
        '',
      ].join('\n'),
    );
    expect(strict.report).toEqual({
      requested: 3,
      generated: 3,
      noSharedPlaintiffSide: 0,
      noSharedDefendantSide: 0,
      regenerated: 1,
    });
  });

  it('non_arguable, complexity 2, seed 694, 2 triples', () => {
    expect(jsonl({ mode: 'non_arguable', count: 2, complexity: 2, seed: 694 })).toBe(
      [
        '{"id":"non_arguable-1","mode":"non_arguable","current":{"factors":["F23"]},"tsc1":{"factors":["F1","F6","F26"],"outcome":"plaintiff"},"tsc2":{"factors":["F7","F25"],"outcome":"defendant"}}',
        '{"id":"non_arguable-2","mode":"non_arguable","current":{"factors":["F1","F21"]},"tsc1":{"factors":["F6"],"outcome":"plaintiff"},"tsc2":{"factors":["F3","F6"],"outcome":"defendant"}}',
        '',
      ].join('\n'),
    );
  });
});

describe('generateTriples: corner cases', () => {
  it('count 0 gives no triples and a zero report', () => {
    for (const mode of ['arguable', 'reordered', 'non_arguable'] as const) {
      expect(generateTriples({ mode, count: 0, complexity: 3, seed: 1, strict: true })).toEqual({
        triples: [],
        report: {
          requested: 0,
          generated: 0,
          noSharedPlaintiffSide: 0,
          noSharedDefendantSide: 0,
          regenerated: 0,
        },
      });
    }
  });

  it('complexity 1 draws cases of 1 or 2 factors and still shares a side factor wherever one exists', () => {
    const { triples } = generateTriples({ mode: 'arguable', count: 300, complexity: 1, seed: 10 });
    const sizes = new Set<number>();
    for (const triple of triples) {
      for (const factors of [triple.current.factors, triple.tsc1.factors, triple.tsc2.factors]) {
        sizes.add(factors.length);
      }
      const current = triple.current.factors;
      if (hasSide(current, 'P'))
        expect(
          hasSide(
            triple.tsc1.factors.filter((id) => current.includes(id)),
            'P',
          ),
        ).toBe(true);
      if (hasSide(current, 'D'))
        expect(
          hasSide(
            triple.tsc2.factors.filter((id) => current.includes(id)),
            'D',
          ),
        ).toBe(true);
    }
    expect([...sizes].sort()).toEqual([1, 2]);
  });

  it('complexity 25 draws cases of 24–26 factors; non-arguable precedents shrink to what the current case lacks', () => {
    const arguable = generateTriples({ mode: 'arguable', count: 60, complexity: 25, seed: 3 });
    const sizes = new Set<number>();
    for (const triple of arguable.triples) {
      for (const factors of [triple.current.factors, triple.tsc1.factors, triple.tsc2.factors]) {
        sizes.add(factors.length);
      }
    }
    expect([...sizes].sort()).toEqual([24, 25, 26]);
    // With 24 or more factors on every case, each precedent shares many with the current case.
    expect(arguable.report.noSharedPlaintiffSide + arguable.report.noSharedDefendantSide).toBe(0);

    const nonArguable = generateTriples({ mode: 'non_arguable', count: 60, complexity: 25, seed: 3 });
    let allFactorsCurrent = 0;
    for (const triple of nonArguable.triples) {
      const complement = 26 - triple.current.factors.length;
      expect(triple.tsc1.factors).toHaveLength(complement);
      expect(triple.tsc2.factors).toHaveLength(complement);
      if (complement === 0) {
        allFactorsCurrent++;
        expect(triple.tsc1.factors).toEqual([]);
        expect(triple.tsc2.factors).toEqual([]);
      }
    }
    expect(allFactorsCurrent).toBeGreaterThan(0);
  });

  it('a current case with no P factor shares none with TSC1 through step 1, and is counted when TSC1 shares nothing at all', () => {
    const { triples, report } = generateTriples({ mode: 'arguable', count: 400, complexity: 1, seed: 17 });
    const noPlaintiffFactor = triples.filter((triple) => !hasSide(triple.current.factors, 'P'));
    expect(noPlaintiffFactor.length).toBeGreaterThan(0);
    const unshared = noPlaintiffFactor.filter(
      (triple) => !shares(triple.tsc1.factors, triple.current.factors),
    );
    // Such a TSC1 can still share (through the 0.7 step or the filling), but sometimes it does not.
    expect(unshared.length).toBeGreaterThan(0);
    expect(unshared.length).toBeLessThan(noPlaintiffFactor.length);
    // Only such triples can lack a shared factor on the plaintiff side.
    expect(report.noSharedPlaintiffSide).toBe(unshared.length);
    for (const triple of noPlaintiffFactor) {
      expect(
        hasSide(
          triple.tsc1.factors.filter((id) => triple.current.factors.includes(id)),
          'P',
        ),
      ).toBe(false);
    }
  });
});

describe('generateTriples: preconditions', () => {
  const valid: GenerateTriplesOptions = { mode: 'arguable', count: 1, complexity: 3, seed: 1 };

  it.each([
    ['count −1', { count: -1 }],
    ['count 1.5', { count: 1.5 }],
    ['count NaN', { count: Number.NaN }],
    ['complexity 0', { complexity: 0 }],
    ['complexity 26', { complexity: 26 }],
    ['complexity 2.5', { complexity: 2.5 }],
    ['seed 0.5', { seed: 0.5 }],
    ['seed 2^53', { seed: 2 ** 53 }],
    ['seed Infinity', { seed: Number.POSITIVE_INFINITY }],
    ['an empty idPrefix', { idPrefix: '' }],
    ['an idPrefix with surrounding spaces', { idPrefix: ' run' }],
    ['an idPrefix of 181 characters', { idPrefix: 'x'.repeat(181) }],
    ['an unknown mode', { mode: 'sideways' as unknown as Mode }],
  ] satisfies [string, Partial<GenerateTriplesOptions>][])('throws a RangeError for %s', (_name, change) => {
    expect(() => generateTriples({ ...valid, ...change })).toThrow(RangeError);
  });

  it('accepts negative and large safe-integer seeds', () => {
    expect(generateTriples({ ...valid, seed: -(2 ** 53 - 1) }).triples).toHaveLength(1);
    expect(generateTriples({ ...valid, seed: 2 ** 53 - 1 }).triples).toHaveLength(1);
  });
});
