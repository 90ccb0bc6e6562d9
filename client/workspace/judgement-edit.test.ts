import { describe, expect, it } from 'vitest';
import {
  emptyJudgement,
  type Judgement,
  judgementSchema,
  type Span,
} from '../../shared/schemas/annotation.ts';
import { checkSpans } from '../../shared/span-rules.ts';
import {
  addSpan,
  cellOfSpan,
  indexOfSpan,
  removeSpan,
  setComment,
  setFlag,
  spansOfCell,
  toggleCell,
  updateSpan,
} from './judgement-edit.ts';

// The argument the spans below point into (146 characters).
const TEXT =
  'As in TSC1, F4 Agreed-not-to-disclose (P) applies to the input case. The plaintiff also relies on F30 Market-dominance. F5 is not present in TSC2.';

const F4_CODE: Span = Object.freeze({
  start: 12,
  end: 14,
  case: 'current',
  factor: 'F4',
  style: 'code',
  polarity: 'asserted',
});
const F4_LABEL: Span = Object.freeze({ ...F4_CODE, end: 41 });
const F4_IN_TSC1: Span = Object.freeze({ ...F4_CODE, case: 'tsc1' });
const F30: Span = Object.freeze({
  start: 98,
  end: 118,
  case: 'current',
  factor: 'unlisted',
  style: 'code',
  polarity: 'asserted',
  text: 'F30 Market-dominance',
});
const F5_NEGATED: Span = Object.freeze({
  start: 120,
  end: 122,
  case: 'tsc2',
  factor: 'F5',
  style: 'code',
  polarity: 'negated',
});

/** Every edited judgement must be what the schema would make of it, and pass the span checks. */
function expectConsistent(judgement: Judgement): Judgement {
  expect(judgementSchema.parse(judgement)).toEqual(judgement);
  expect(checkSpans(judgement, TEXT.length)).toEqual([]);
  return judgement;
}

function build(...spans: Span[]): Judgement {
  return spans.reduce(addSpan, emptyJudgement());
}

describe('emptyJudgement', () => {
  it('is a valid judgement with nothing marked', () => {
    const judgement = expectConsistent(emptyJudgement());
    expect(judgement.spans).toEqual([]);
    expect(judgement.abstained).toBe(false);
  });

  it('gives a fresh object each time', () => {
    expect(emptyJudgement()).not.toBe(emptyJudgement());
  });
});

describe('addSpan', () => {
  it('ticks the cell of an asserted catalogue span', () => {
    const judgement = expectConsistent(addSpan(emptyJudgement(), F4_CODE));
    expect(judgement.current).toEqual(['F4']);
    expect(judgement.tsc1).toEqual([]);
    expect(judgement.spans).toEqual([F4_CODE]);
  });

  it('ticks nothing for a negated span', () => {
    const judgement = expectConsistent(addSpan(emptyJudgement(), F5_NEGATED));
    expect(judgement.tsc2).toEqual([]);
    expect(judgement.spans).toHaveLength(1);
  });

  it('records the wording of an asserted unlisted span for its case', () => {
    const judgement = expectConsistent(addSpan(emptyJudgement(), F30));
    expect(judgement.unlisted).toEqual([{ case: 'current', text: 'F30 Market-dominance' }]);
    expect(judgement.current).toEqual([]);
  });

  it('trims the recorded wording of an unlisted span', () => {
    const judgement = expectConsistent(
      addSpan(emptyJudgement(), { ...F30, text: '  F30 Market-dominance ' }),
    );
    expect(judgement.unlisted).toEqual([{ case: 'current', text: 'F30 Market-dominance' }]);
  });

  it('records an unlisted wording once per case even with two spans', () => {
    const judgement = expectConsistent(build(F30, { ...F30, start: 102, text: 'f30 market dominance (P)' }));
    expect(judgement.unlisted).toEqual([{ case: 'current', text: 'F30 Market-dominance' }]);
    expect(judgement.spans).toHaveLength(2);
  });

  it('does not record a negated unlisted span as a hallucination', () => {
    const judgement = expectConsistent(addSpan(emptyJudgement(), { ...F30, polarity: 'negated' }));
    expect(judgement.unlisted).toEqual([]);
  });

  it('keeps spans sorted by start, then end', () => {
    const judgement = expectConsistent(build(F5_NEGATED, F4_LABEL, F30, F4_IN_TSC1));
    expect(judgement.spans.map((span) => [span.start, span.end])).toEqual([
      [12, 14],
      [12, 41],
      [98, 118],
      [120, 122],
    ]);
  });

  it('keeps the factor lists in catalogue order', () => {
    const f10: Span = { ...F4_CODE, start: 0, end: 2, factor: 'F10' };
    expect(expectConsistent(build(f10, F4_CODE)).current).toEqual(['F4', 'F10']);
  });

  it('does not add an identical span twice', () => {
    const once = build(F4_CODE);
    expect(addSpan(once, { ...F4_CODE })).toBe(once);
  });

  it('adds a span that differs only in style', () => {
    expect(expectConsistent(build(F4_CODE, { ...F4_CODE, style: 'name' })).spans).toHaveLength(2);
  });

  it('refuses a span that ends before it starts', () => {
    expect(() => addSpan(emptyJudgement(), { ...F4_CODE, end: 12 })).toThrow();
  });

  it('refuses an unlisted span without wording', () => {
    const { text: _text, ...withoutText } = F30;
    expect(() => addSpan(emptyJudgement(), withoutText)).toThrow(RangeError);
    expect(() => addSpan(emptyJudgement(), { ...F30, text: '  ' })).toThrow(RangeError);
  });

  it('does not change the judgement it is given', () => {
    const before = Object.freeze(build(F4_CODE));
    const snapshot = structuredClone(before);
    addSpan(before, F30);
    expect(before).toEqual(snapshot);
  });
});

describe('indexOfSpan', () => {
  it('finds a span just added, and -1 for one not there', () => {
    const judgement = build(F5_NEGATED, F4_CODE);
    expect(indexOfSpan(judgement, F4_CODE)).toBe(0);
    expect(indexOfSpan(judgement, F30)).toBe(-1);
  });
});

describe('removeSpan', () => {
  it('unticks the cell when its last asserted span goes', () => {
    const judgement = expectConsistent(removeSpan(build(F4_CODE), 0));
    expect(judgement.current).toEqual([]);
    expect(judgement.spans).toEqual([]);
  });

  it('keeps the cell ticked while another asserted span supports it', () => {
    const judgement = expectConsistent(removeSpan(build(F4_CODE, F4_LABEL), 0));
    expect(judgement.current).toEqual(['F4']);
    expect(judgement.spans).toEqual([F4_LABEL]);
  });

  it('unticks only the case of the removed span', () => {
    const judgement = expectConsistent(removeSpan(build(F4_CODE, F4_IN_TSC1), 0));
    expect(judgement.current).toEqual([]);
    expect(judgement.tsc1).toEqual(['F4']);
  });

  it('unticks a cell ticked by hand before its only span was removed', () => {
    const judgement = removeSpan(addSpan(toggleCell(emptyJudgement(), 'current', 'F4'), F4_CODE), 0);
    expect(expectConsistent(judgement).current).toEqual([]);
  });

  it('leaves the grid alone when a negated span goes', () => {
    const judgement = expectConsistent(removeSpan(toggleCell(build(F5_NEGATED), 'tsc2', 'F5'), 0));
    expect(judgement.tsc2).toEqual(['F5']);
  });

  it('removes the unlisted entry with its last span of that wording', () => {
    const judgement = expectConsistent(removeSpan(build(F30), 0));
    expect(judgement.unlisted).toEqual([]);
  });

  it('keeps the unlisted entry while a span with the same wording remains', () => {
    const two = build(F30, { ...F30, start: 102, text: 'f30 market dominance' });
    const judgement = expectConsistent(removeSpan(two, 0));
    expect(judgement.unlisted).toEqual([{ case: 'current', text: 'F30 Market-dominance' }]);
  });

  it('returns the judgement unchanged for an index with no span', () => {
    const judgement = build(F4_CODE);
    expect(removeSpan(judgement, 1)).toBe(judgement);
    expect(removeSpan(judgement, -1)).toBe(judgement);
  });
});

describe('updateSpan', () => {
  it('moves the tick when the case changes', () => {
    const judgement = expectConsistent(updateSpan(build(F4_CODE), 0, { case: 'tsc2' }));
    expect([judgement.current, judgement.tsc2]).toEqual([[], ['F4']]);
  });

  it('moves the tick when the factor changes', () => {
    const judgement = expectConsistent(updateSpan(build(F4_CODE), 0, { factor: 'F6' }));
    expect(judgement.current).toEqual(['F6']);
  });

  it('unticks the cell when its only span becomes negated', () => {
    const judgement = expectConsistent(updateSpan(build(F4_CODE), 0, { polarity: 'negated' }));
    expect(judgement.current).toEqual([]);
    expect(judgement.spans[0]?.polarity).toBe('negated');
  });

  it('ticks the cell when a negated span becomes asserted', () => {
    const judgement = expectConsistent(updateSpan(build(F5_NEGATED), 0, { polarity: 'asserted' }));
    expect(judgement.tsc2).toEqual(['F5']);
  });

  it('keeps the tick when only the style changes', () => {
    const judgement = expectConsistent(updateSpan(build(F4_CODE), 0, { style: 'name' }));
    expect(judgement.current).toEqual(['F4']);
    expect(judgement.spans).toEqual([{ ...F4_CODE, style: 'name' }]);
  });

  it('turns a catalogue span into an unlisted one with its wording', () => {
    const judgement = expectConsistent(
      updateSpan(build(F4_CODE), 0, { factor: 'unlisted', text: 'F4 Agreed-not-to-disclose' }),
    );
    expect(judgement.current).toEqual([]);
    expect(judgement.unlisted).toEqual([{ case: 'current', text: 'F4 Agreed-not-to-disclose' }]);
  });

  it('turns an unlisted span into a catalogue one and drops the unlisted entry', () => {
    const judgement = expectConsistent(updateSpan(build(F30), 0, { factor: 'F6', text: undefined }));
    expect(judgement.unlisted).toEqual([]);
    expect(judgement.current).toEqual(['F6']);
    expect(judgement.spans[0]).not.toHaveProperty('text');
  });

  it('re-sorts a span whose range changes', () => {
    const judgement = expectConsistent(updateSpan(build(F4_CODE, F5_NEGATED), 0, { start: 130, end: 134 }));
    expect(judgement.spans.map((span) => span.start)).toEqual([120, 130]);
  });

  it('merges a span changed into a copy of another', () => {
    const judgement = expectConsistent(updateSpan(build(F4_CODE, F4_LABEL), 1, { end: 14 }));
    expect(judgement.spans).toEqual([F4_CODE]);
    expect(judgement.current).toEqual(['F4']);
  });

  it('accepts a whole span as the patch, as the edit dialog sends it', () => {
    const judgement = expectConsistent(updateSpan(build(F4_CODE), 0, { ...F4_CODE, case: 'tsc1' }));
    expect(judgement.tsc1).toEqual(['F4']);
  });

  it('returns the judgement unchanged for an empty patch or an index with no span', () => {
    const judgement = build(F4_CODE);
    expect(updateSpan(judgement, 0, {})).toBe(judgement);
    expect(updateSpan(judgement, 0, { style: 'code' })).toBe(judgement);
    expect(updateSpan(judgement, 3, { style: 'name' })).toBe(judgement);
  });

  it('refuses a change that leaves an empty range', () => {
    expect(() => updateSpan(build(F4_CODE), 0, { end: 12 })).toThrow();
  });
});

describe('toggleCell', () => {
  it('ticks an unticked cell, keeping catalogue order', () => {
    const judgement = expectConsistent(toggleCell(toggleCell(emptyJudgement(), 'tsc1', 'F10'), 'tsc1', 'F2'));
    expect(judgement.tsc1).toEqual(['F2', 'F10']);
  });

  it('unticks a ticked cell and removes its asserted spans', () => {
    const judgement = expectConsistent(toggleCell(build(F4_CODE, F4_LABEL, F4_IN_TSC1), 'current', 'F4'));
    expect(judgement.current).toEqual([]);
    expect(judgement.spans).toEqual([F4_IN_TSC1]);
    expect(judgement.tsc1).toEqual(['F4']);
  });

  it('keeps the negated spans of a cell it unticks', () => {
    const ticked = toggleCell(build(F5_NEGATED), 'tsc2', 'F5');
    const judgement = expectConsistent(toggleCell(ticked, 'tsc2', 'F5'));
    expect(judgement.spans).toEqual([F5_NEGATED]);
  });
});

describe('setFlag', () => {
  it('sets abstained when exact_phrase is set', () => {
    const judgement = expectConsistent(setFlag(emptyJudgement(), 'exact_phrase', true));
    expect([judgement.abstained, judgement.exact_phrase]).toEqual([true, true]);
  });

  it('clears exact_phrase when abstained is cleared', () => {
    const both = setFlag(emptyJudgement(), 'exact_phrase', true);
    const judgement = expectConsistent(setFlag(both, 'abstained', false));
    expect([judgement.abstained, judgement.exact_phrase]).toEqual([false, false]);
  });

  it('leaves abstained set when exact_phrase is cleared', () => {
    const both = setFlag(emptyJudgement(), 'exact_phrase', true);
    expect(expectConsistent(setFlag(both, 'exact_phrase', false)).abstained).toBe(true);
  });

  it('sets truncated alone', () => {
    const judgement = expectConsistent(setFlag(emptyJudgement(), 'truncated', true));
    expect([judgement.truncated, judgement.abstained]).toEqual([true, false]);
  });

  it('returns the judgement unchanged when the flag already has the value', () => {
    const judgement = emptyJudgement();
    expect(setFlag(judgement, 'abstained', false)).toBe(judgement);
    const abstained = setFlag(judgement, 'exact_phrase', true);
    expect(setFlag(abstained, 'abstained', true)).toBe(abstained);
  });
});

describe('setComment', () => {
  it('sets the comment as typed', () => {
    expect(expectConsistent(setComment(emptyJudgement(), ' TSC1 or TSC2? ')).comment).toBe(' TSC1 or TSC2? ');
  });

  it('removes the comment key for empty or blank text', () => {
    const commented = setComment(emptyJudgement(), 'unsure');
    expect(expectConsistent(setComment(commented, ''))).not.toHaveProperty('comment');
    expect(setComment(commented, ' \n ')).not.toHaveProperty('comment');
  });

  it('returns the judgement unchanged when nothing changes', () => {
    const empty = emptyJudgement();
    expect(setComment(empty, '')).toBe(empty);
    const commented = setComment(empty, 'unsure');
    expect(setComment(commented, 'unsure')).toBe(commented);
  });
});

describe('spansOfCell and cellOfSpan', () => {
  const judgement = build(F4_CODE, F4_LABEL, F4_IN_TSC1, F30, F5_NEGATED, { ...F5_NEGATED, case: 'current' });

  it('lists the spans of one cell, of both polarities unless one is asked for', () => {
    expect(spansOfCell(judgement, 'current', 'F4')).toEqual([0, 2]);
    // Sorted by position: F4 current, F4 tsc1 (same range, added later), F4 label, F30, F5 tsc2, F5 current.
    expect(spansOfCell(judgement, 'tsc2', 'F5')).toEqual([4]);
    expect(spansOfCell(judgement, 'tsc2', 'F5', 'asserted')).toEqual([]);
    expect(spansOfCell(judgement, 'current', 'F6')).toEqual([]);
  });

  it('gives the cell of a catalogue span, negated or not', () => {
    expect(cellOfSpan(judgement, 1)).toEqual({ case: 'tsc1', factor: 'F4' });
    expect(cellOfSpan(judgement, 4)).toEqual({ case: 'tsc2', factor: 'F5' });
  });

  it('gives no cell for an unlisted span or a missing index', () => {
    expect(cellOfSpan(judgement, 3)).toBeUndefined();
    expect(cellOfSpan(judgement, 99)).toBeUndefined();
  });
});

describe('a sequence of edits', () => {
  it('stays consistent after every step', () => {
    let judgement = emptyJudgement();
    const steps: ((current: Judgement) => Judgement)[] = [
      (current) => addSpan(current, F4_LABEL),
      (current) => addSpan(current, F30),
      (current) => toggleCell(current, 'tsc2', 'F10'),
      (current) => addSpan(current, F5_NEGATED),
      (current) => updateSpan(current, 0, { case: 'tsc1' }),
      (current) => setFlag(current, 'exact_phrase', true),
      (current) => setComment(current, 'F30 is invented'),
      (current) => removeSpan(current, 1),
      (current) => toggleCell(current, 'tsc1', 'F4'),
      (current) => setFlag(current, 'abstained', false),
    ];
    for (const step of steps) judgement = expectConsistent(step(judgement));
    expect(judgement).toEqual({
      current: [],
      tsc1: [],
      tsc2: ['F10'],
      unlisted: [],
      abstained: false,
      exact_phrase: false,
      truncated: false,
      spans: [F5_NEGATED],
      comment: 'F30 is invented',
    });
  });
});
