import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FACTOR_IDS, type FactorId, factorById, type Side, sortFactorIds } from '../factors.ts';
import { createRng } from '../stats/rng.ts';
import {
  caseSizeBounds,
  drawCurrentCase,
  drawDisjointPrecedent,
  drawSharingPrecedent,
  SECOND_STEP_PROBABILITY,
} from './cases.ts';

const seedArb = fc.integer();
const complexityArb = fc.integer({ min: 1, max: 25 });
const sideArb = fc.constantFrom<Side>('P', 'D');

function isSorted(ids: readonly FactorId[]): boolean {
  return ids.length === new Set(ids).size && sortFactorIds(ids).every((id, i) => ids[i] === id);
}

const ALL_DEFENDANT = FACTOR_IDS.filter((id) => factorById(id).side === 'D');

describe('caseSizeBounds', () => {
  it.each([
    [1, 1, 2],
    [2, 1, 3],
    [3, 2, 4],
    [25, 24, 26],
  ])('complexity %i gives sizes %i…%i', (complexity, min, max) => {
    expect(caseSizeBounds(complexity)).toEqual({ min, max });
  });
});

describe('drawCurrentCase', () => {
  it('draws distinct catalogue factors, sorted, of a size within the bounds', () => {
    fc.assert(
      fc.property(seedArb, complexityArb, (seed, complexity) => {
        const current = drawCurrentCase(createRng(seed), complexity);
        const { min, max } = caseSizeBounds(complexity);
        expect(current.length).toBeGreaterThanOrEqual(min);
        expect(current.length).toBeLessThanOrEqual(max);
        expect(isSorted(current)).toBe(true);
      }),
    );
  });
});

describe('drawSharingPrecedent', () => {
  it('takes 1–3 of the current side factors in step 1, up to 3 more current factors in step 2, then fills to its size', () => {
    fc.assert(
      fc.property(seedArb, complexityArb, sideArb, (seed, complexity, side) => {
        const rng = createRng(seed);
        const current = drawCurrentCase(rng, complexity);
        const precedent = drawSharingPrecedent(rng, current, side, complexity);
        const currentSide = current.filter((id) => factorById(id).side === side);

        for (const id of precedent.sideTaken) expect(currentSide).toContain(id);
        if (currentSide.length > 0) {
          expect(precedent.sideTaken.length).toBeGreaterThanOrEqual(1);
          expect(precedent.sideTaken.length).toBeLessThanOrEqual(Math.min(3, currentSide.length));
        } else {
          expect(precedent.sideTaken).toEqual([]);
        }

        expect(precedent.otherTaken.length).toBeLessThanOrEqual(3);
        for (const id of precedent.otherTaken) {
          expect(current).toContain(id);
          expect(precedent.sideTaken).not.toContain(id);
        }

        const taken = [...precedent.sideTaken, ...precedent.otherTaken];
        for (const id of taken) expect(precedent.factors).toContain(id);
        expect(precedent.factors).toHaveLength(Math.max(precedent.drawnSize, taken.length));
        const { min, max } = caseSizeBounds(complexity);
        expect(precedent.drawnSize).toBeGreaterThanOrEqual(min);
        expect(precedent.drawnSize).toBeLessThanOrEqual(max);
        expect(isSorted(precedent.factors)).toBe(true);
      }),
    );
  });

  it('takes nothing in step 1 when the current case has no factor of its side', () => {
    const current: FactorId[] = ['F1', 'F10', 'F27'];
    for (let seed = 0; seed < 200; seed++) {
      const precedent = drawSharingPrecedent(createRng(seed), current, 'P', 3);
      expect(precedent.sideTaken).toEqual([]);
    }
  });

  it('runs step 2 about 70% of the time (10,000 seeded draws, within 0.02)', () => {
    const rng = createRng(123);
    let ran = 0;
    const draws = 10_000;
    for (let i = 0; i < draws; i++) {
      // Two D factors and no P one: step 2 always has something to take when it runs.
      if (drawSharingPrecedent(rng, ['F1', 'F3'], 'P', 2).otherTaken.length > 0) ran++;
    }
    expect(Math.abs(ran / draws - SECOND_STEP_PROBABILITY)).toBeLessThan(0.02);
  });

  it('keeps every factor the sharing steps took even beyond its drawn size', () => {
    // A current case of all 13 D factors at complexity 1: steps 2–3 may take up to 6 (size ≤ 2).
    const rng = createRng(8);
    let exceeded = false;
    for (let i = 0; i < 500; i++) {
      const precedent = drawSharingPrecedent(rng, ALL_DEFENDANT, 'D', 1);
      const taken = precedent.sideTaken.length + precedent.otherTaken.length;
      expect(precedent.factors).toHaveLength(Math.max(precedent.drawnSize, taken));
      if (taken > precedent.drawnSize) exceeded = true;
    }
    expect(exceeded).toBe(true);
  });
});

describe('drawDisjointPrecedent', () => {
  it('shares no factor with the current case and has min(drawn size, complement) factors', () => {
    fc.assert(
      fc.property(seedArb, complexityArb, (seed, complexity) => {
        const rng = createRng(seed);
        const current = drawCurrentCase(rng, complexity);
        const precedent = drawDisjointPrecedent(rng, current, complexity);
        for (const id of precedent) expect(current).not.toContain(id);
        const { min, max } = caseSizeBounds(complexity);
        const complement = FACTOR_IDS.length - current.length;
        expect(precedent.length).toBeLessThanOrEqual(Math.min(max, complement));
        expect(precedent.length).toBeGreaterThanOrEqual(Math.min(min, complement));
        expect(isSorted(precedent)).toBe(true);
      }),
    );
  });

  it('is empty when the current case holds all 26 factors', () => {
    expect(drawDisjointPrecedent(createRng(1), FACTOR_IDS, 25)).toEqual([]);
  });

  it('takes the whole complement when it is smaller than the drawn size', () => {
    const current = FACTOR_IDS.filter((id) => id !== 'F4' && id !== 'F27');
    expect(drawDisjointPrecedent(createRng(1), current, 25)).toEqual(['F4', 'F27']);
  });
});
