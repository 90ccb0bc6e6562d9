import { describe, expect, it } from 'vitest';
import {
  accH,
  accHPrecision,
  argumentCounts,
  inventedRate,
  misattributedRate,
  recU,
  recUDistinguishing,
  recUShared,
} from './argument-counts.ts';
import { assertedSets, groundTruthMasks } from './factor-sets.ts';
import { TRIPLE_T, TRIPLE_U } from './test-fixtures.ts';

const T = groundTruthMasks(TRIPLE_T); // current {F1, F2}, TSC1 {F2, F3}, TSC2 {F1, F4}
const U = groundTruthMasks(TRIPLE_U); // current {F5}, TSC1 {F6}, TSC2 {F7}

describe('argumentCounts', () => {
  it('scores a perfect argument: NH = NU = 0, AccH = RecU = 1', () => {
    const counts = argumentCounts(
      T,
      assertedSets({ current: ['F1', 'F2'], tsc1: ['F2', 'F3'], tsc2: ['F1', 'F4'], unlisted: [] }),
    );
    expect(counts).toMatchObject({ n: 6, nh: 0, nu: 0, asserted: 6, nShared: 4, nDistinguishing: 2 });
    expect([accH(counts), recU(counts), accHPrecision(counts)]).toEqual([1, 1, 1]);
  });

  it('splits hallucinations into invented and misattributed, unlisted mentions counting as invented', () => {
    // E: current {F1, F3, F5}, TSC1 {F2}, TSC2 {F1, F4}, unlisted "F30" in TSC2.
    // current: F3 ∉ G_current but ∈ G_TSC1 → misattributed; F5 in no case → invented.
    // TSC2: the unlisted mention → invented.  NH = 3 (invented 2, misattributed 1).
    // G \ E: current F2 (shared: F2 ∈ TSC1), TSC1 F3 (distinguishing) → NU = 2 (shared 1, distinguishing 1).
    // Σ|E| = 3 + 1 + 2 + 1 = 7.
    const counts = argumentCounts(
      T,
      assertedSets({
        current: ['F1', 'F3', 'F5'],
        tsc1: ['F2'],
        tsc2: ['F1', 'F4'],
        unlisted: [{ case: 'tsc2', text: 'F30 Market-dominance' }],
      }),
    );
    expect(counts).toEqual({
      n: 6,
      nh: 3,
      nu: 2,
      asserted: 7,
      invented: 2,
      misattributed: 1,
      nShared: 4,
      nuShared: 1,
      nDistinguishing: 2,
      nuDistinguishing: 1,
      empty: false,
    });
    expect(accH(counts)).toBeCloseTo(1 - 3 / 6, 15); // 0.5
    expect(recU(counts)).toBeCloseTo(1 - 2 / 6, 15); // 0.6667
    expect(accHPrecision(counts)).toBeCloseTo(1 - 3 / 7, 15); // 0.5714
    expect(inventedRate(counts)).toBeCloseTo(2 / 6, 15);
    expect(misattributedRate(counts)).toBeCloseTo(1 / 6, 15);
    expect(recUShared(counts)).toBeCloseTo(1 - 1 / 4, 15);
    expect(recUDistinguishing(counts)).toBeCloseTo(1 - 1 / 2, 15);
    // AccH = 1 − invented rate − misattributed rate, exactly the split.
    expect((accH(counts) ?? 0) + (inventedRate(counts) ?? 0) + (misattributedRate(counts) ?? 0)).toBeCloseTo(
      1,
      15,
    );
  });

  it('scores an abstention on a non-arguable triple: AccH 1, RecU 0, precision-form n/a, no shared units', () => {
    const counts = argumentCounts(U, assertedSets({ current: [], tsc1: [], tsc2: [], unlisted: [] }));
    expect(counts).toMatchObject({ n: 3, nh: 0, nu: 3, asserted: 0, empty: true, nShared: 0 });
    expect(accH(counts)).toBe(1);
    expect(recU(counts)).toBe(0);
    expect(accHPrecision(counts)).toBeNull();
    expect(recUShared(counts)).toBeNull();
    expect(recUDistinguishing(counts)).toBe(0);
  });

  it('lets AccH go below 0 when NH exceeds N, as the formula says', () => {
    // N = 3 (triple U); E asserts 4 factors none of which the cases have → NH = 4 → AccH = 1 − 4/3.
    const counts = argumentCounts(
      U,
      assertedSets({ current: ['F1', 'F2', 'F3', 'F4'], tsc1: [], tsc2: [], unlisted: [] }),
    );
    expect(accH(counts)).toBeCloseTo(-1 / 3, 15);
  });

  it('gives null metrics for a triple without factors', () => {
    const counts = argumentCounts([0, 0, 0], assertedSets({ current: [], tsc1: [], tsc2: [], unlisted: [] }));
    expect([accH(counts), recU(counts), inventedRate(counts), misattributedRate(counts)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
