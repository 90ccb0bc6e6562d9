import { describe, expect, it } from 'vitest';
import { ADJUSTMENTS, adjustedCells, adjustmentNotes, adjustmentOfNote } from './adjustment-notes.ts';

const flags = (pooled: boolean, floored = false, clipped = false) => ({
  variance_pooled: pooled,
  variance_floored: floored,
  clipped,
});

const CORRECTED = {
  rules: {
    alpha: {
      '1': { acch: flags(true), recu: flags(false, true) },
      '1_2': { acch: flags(true, false, true) },
    },
    beta: { '3': { acch: flags(false), abstain: flags(true), recu: undefined } },
  },
};

describe('adjustedCells', () => {
  it('lists every cell with the flag, in the report’s order', () => {
    expect(adjustedCells(CORRECTED, 'variance_pooled')).toEqual([
      { extractor: 'rules', model: 'alpha', test: '1', metric: 'acch' },
      { extractor: 'rules', model: 'alpha', test: '1_2', metric: 'acch' },
      { extractor: 'rules', model: 'beta', test: '3', metric: 'abstain' },
    ]);
    expect(adjustedCells(CORRECTED, 'clipped')).toHaveLength(1);
    expect(adjustedCells({}, 'clipped')).toEqual([]);
  });
});

describe('adjustmentNotes', () => {
  it('writes one note per kind that occurs, its cells grouped by extractor and model', () => {
    expect(adjustmentNotes(CORRECTED)).toEqual([
      "Variance pooled across the model's tests (a stratum had fewer than 3 sampled arguments): rules alpha (test 1 acch, tests 1–2 acch); rules beta (test 3 abstain).",
      'No difference between gold and extractor was seen in the sample, so the variance was raised to the zero-disagreement floor (rule of three; docs/REPORT.md): rules alpha (test 1 recu).',
      'Estimate or interval clipped to [0, 1] (these are proportions): rules alpha (tests 1–2 acch).',
    ]);
  });

  it('writes nothing when no estimate was adjusted', () => {
    expect(adjustmentNotes({ rules: { alpha: { '1': { acch: flags(false) } } } })).toEqual([]);
  });

  it('keeps two names that differ only in where a space falls apart', () => {
    const notes = adjustmentNotes({
      'a b': { c: { '1': { acch: flags(true) } } },
      a: { 'b c': { '2': { acch: flags(true) } } },
    });
    expect(notes[0]).toContain('a b c (test 1 acch); a b c (test 2 acch)');
  });
});

describe('adjustmentOfNote', () => {
  it('finds the kind of each note it wrote, and none for other notes', () => {
    expect(adjustmentNotes(CORRECTED).map(adjustmentOfNote)).toEqual(ADJUSTMENTS.map(({ kind }) => kind));
    expect(adjustmentOfNote('No sample has been drawn: gold arguments are treated as …')).toBeUndefined();
  });
});
