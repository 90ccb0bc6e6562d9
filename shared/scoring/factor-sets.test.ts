import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FACTOR_IDS } from '../factors.ts';
import {
  assertedSets,
  assertsNothing,
  bitCount,
  caseIndex,
  FACTOR_COUNT,
  factorAt,
  factorIndex,
  factorMask,
  factorsOfMask,
  groundTruthMasks,
  unlistedKey,
} from './factor-sets.ts';
import { TRIPLE_T } from './test-fixtures.ts';

describe('factor masks', () => {
  it('numbers the 26 factors 0…25 in catalogue order, skipping F9', () => {
    expect(FACTOR_COUNT).toBe(26);
    expect(factorIndex('F1')).toBe(0);
    expect(factorIndex('F8')).toBe(7);
    expect(factorIndex('F10')).toBe(8); // F9 does not exist
    expect(factorIndex('F27')).toBe(25);
    expect(factorAt(8)).toBe('F10');
    expect(() => factorAt(26)).toThrow(RangeError);
  });

  it('round-trips every factor list through a mask, deduplicated and in catalogue order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FACTOR_IDS)), (ids) => {
        const expected = FACTOR_IDS.filter((id) => ids.includes(id));
        expect(factorsOfMask(factorMask(ids))).toEqual(expected);
        expect(bitCount(factorMask(ids))).toBe(expected.length);
      }),
    );
  });

  it('counts bits of the 26-bit range exactly', () => {
    expect(bitCount(0)).toBe(0);
    expect(bitCount((1 << 26) - 1)).toBe(26);
    expect(bitCount(0b1011)).toBe(3);
  });

  it('indexes cases as CASES does', () => {
    expect([caseIndex('current'), caseIndex('tsc1'), caseIndex('tsc2')]).toEqual([0, 1, 2]);
  });
});

describe('unlistedKey', () => {
  it('folds case and punctuation, so spellings of one invention compare equal', () => {
    expect(unlistedKey('F30 Market-Dominance')).toBe('f30 market dominance');
    expect(unlistedKey('f30  market dominance!')).toBe('f30 market dominance');
  });
  it('keeps text that folds to nothing', () => {
    expect(unlistedKey(' ?! ')).toBe('?!');
  });
});

describe('assertedSets and groundTruthMasks', () => {
  it('puts unlisted mentions under their case', () => {
    const sets = assertedSets({
      current: ['F1'],
      tsc1: [],
      tsc2: ['F4'],
      unlisted: [{ case: 'tsc1', text: 'F30 Market-dominance' }],
    });
    expect(sets.masks).toEqual([1, 0, 1 << 3]);
    expect([...(sets.unlisted[1] ?? [])]).toEqual(['f30 market dominance']);
    expect(assertsNothing(sets)).toBe(false);
  });
  it('reads a triple as per-case masks', () => {
    // current {F1, F2} = bits 0, 1; TSC1 {F2, F3} = bits 1, 2; TSC2 {F1, F4} = bits 0, 3
    expect(groundTruthMasks(TRIPLE_T)).toEqual([0b11, 0b110, 0b1001]);
  });
  it('calls a reader with only an unlisted mention not empty', () => {
    expect(assertsNothing(assertedSets({ current: [], tsc1: [], tsc2: [], unlisted: [] }))).toBe(true);
    expect(
      assertsNothing(
        assertedSets({ current: [], tsc1: [], tsc2: [], unlisted: [{ case: 'tsc2', text: 'x' }] }),
      ),
    ).toBe(false);
  });
});
