import { describe, expect, it } from 'vitest';
import { assertedSets, factorIndex } from './factor-sets.ts';
import { compareWithGold } from './gold-comparison.ts';
import { judgement } from './test-fixtures.ts';

describe('compareWithGold', () => {
  it('lists tp, fp and fn units with the gold style, and flags a negated mention counted present', () => {
    // gold: current {F4 (code span), F6 (no span)}, TSC1 {F4}; a negated span of F5 in TSC1.
    // extractor: current {F4}, TSC1 {F4, F5}.
    // → current F4 tp (code), current F6 fn (unspanned), TSC1 F4 tp (unspanned), TSC1 F5 fp (negated).
    const gold = judgement({
      current: ['F4', 'F6'],
      tsc1: ['F4'],
      spans: [
        { start: 0, end: 2, case: 'current', factor: 'F4', style: 'code', polarity: 'asserted' },
        { start: 3, end: 5, case: 'tsc1', factor: 'F5', style: 'code', polarity: 'negated' },
      ],
    });
    const comparison = compareWithGold(
      gold,
      assertedSets({ current: ['F4'], tsc1: ['F4', 'F5'], tsc2: [], unlisted: [] }),
    );
    expect(comparison.units).toEqual([
      {
        caseIndex: 0,
        factor: factorIndex('F4'),
        unlisted: null,
        outcome: 'tp',
        style: 'code',
        negatedAsPresent: false,
      },
      {
        caseIndex: 0,
        factor: factorIndex('F6'),
        unlisted: null,
        outcome: 'fn',
        style: 'unspanned',
        negatedAsPresent: false,
      },
      {
        caseIndex: 1,
        factor: factorIndex('F4'),
        unlisted: null,
        outcome: 'tp',
        style: 'unspanned',
        negatedAsPresent: false,
      },
      {
        caseIndex: 1,
        factor: factorIndex('F5'),
        unlisted: null,
        outcome: 'fp',
        style: null,
        negatedAsPresent: true,
      },
    ]);
    expect(comparison).toMatchObject({ negatedMentions: 1, negatedAsPresent: 1 });
  });

  it('compares unlisted mentions by case and normalised text', () => {
    // Same text in the same case → tp; the gold's TSC1 mention has no match → fn; the extractor's
    // TSC2 mention → fp.
    const gold = judgement({
      unlisted: [
        { case: 'current', text: 'F30 Market-Dominance' },
        { case: 'tsc1', text: 'Secret sauce' },
      ],
    });
    const extracted = assertedSets({
      current: [],
      tsc1: [],
      tsc2: [],
      unlisted: [
        { case: 'current', text: 'f30 market dominance' },
        { case: 'tsc2', text: 'Secret sauce' },
      ],
    });
    const outcomes = compareWithGold(gold, extracted).units.map((unit) => [
      unit.caseIndex,
      unit.unlisted,
      unit.outcome,
    ]);
    expect(outcomes).toEqual([
      [0, 'f30 market dominance', 'tp'],
      [1, 'secret sauce', 'fn'],
      [2, 'secret sauce', 'fp'],
    ]);
  });

  it('has no units when both sides assert nothing', () => {
    expect(
      compareWithGold(judgement(), assertedSets({ current: [], tsc1: [], tsc2: [], unlisted: [] })).units,
    ).toEqual([]);
  });
});
