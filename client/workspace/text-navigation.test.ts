import { describe, expect, it } from 'vitest';
import { layoutArgument } from '../../shared/argument-layout/argument-layout.ts';
import {
  extendFocus,
  findMatches,
  keepBracketsWhole,
  moveCaret,
  nextMatch,
  selectedRange,
  textUnits,
  wordsOfRange,
} from './text-navigation.ts';

const TEXT = [
  "<think>F9 is tempting.</think>Plaintiff's argument: F4 Agreed-not-to-disclose (P) was present in both the input case and TSC1, as the record shows. The defendant signed a contract.",
  '',
  "Defendant's counterargument: TSC2 differs; F20 Info-known-to-competitors (D) applies.",
].join('\n');

const layout = layoutArgument(TEXT, 'stop');
const units = textUnits(TEXT, layout);
const wordOf = (index: number) => {
  const word = units.words[index];
  return word ? TEXT.slice(word.start, word.end) : undefined;
};
const indexOf = (word: string, from = 0) =>
  units.words.findIndex((w, i) => i >= from && TEXT.slice(w.start, w.end) === word);
const selected = (anchor: number, focus: number) => {
  const range = selectedRange(TEXT, units, anchor, focus);
  return range ? TEXT.slice(range.start, range.end) : null;
};

describe('textUnits', () => {
  it('leaves the reasoning trace out and cuts paragraphs, sentences and phrases at their punctuation', () => {
    expect(units.words.some((word) => TEXT.slice(word.start, word.end) === 'tempting')).toBe(false);
    expect(wordOf(0)).toBe("Plaintiff's");
    const starts = (unit: 'phrase' | 'sentence' | 'paragraph') => units.starts[unit].map(wordOf);
    expect(starts('paragraph')).toEqual(["Plaintiff's", 'F4', "Defendant's", 'TSC2']);
    expect(starts('sentence')).toEqual(["Plaintiff's", 'F4', 'The', "Defendant's", 'TSC2']);
    expect(starts('phrase')).toEqual([
      "Plaintiff's",
      'F4',
      'P',
      'was',
      'as',
      'The',
      "Defendant's",
      'TSC2',
      'F20',
      'D',
      'applies',
    ]);
  });
});

describe('moveCaret', () => {
  it('moves by word, and to the first word of the next or this unit', () => {
    const was = indexOf('was');
    expect(wordOf(moveCaret(units, was, 'word', 1))).toBe('present');
    expect(wordOf(moveCaret(units, was + 2, 'phrase', 1))).toBe('as');
    expect(wordOf(moveCaret(units, was + 2, 'phrase', -1))).toBe('was');
    expect(wordOf(moveCaret(units, was, 'phrase', -1))).toBe('P');
    expect(wordOf(moveCaret(units, was, 'sentence', 1))).toBe('The');
    // Moving by paragraph passes over the heading "Defendant's counterargument".
    expect(wordOf(moveCaret(units, was, 'paragraph', 1))).toBe('TSC2');
    expect(wordOf(moveCaret(units, indexOf('TSC2'), 'paragraph', -1))).toBe('F4');
  });

  it('stays at the ends of the answer', () => {
    expect(moveCaret(units, 0, 'word', -1)).toBe(0);
    const last = units.words.length - 1;
    expect(moveCaret(units, last, 'phrase', 1)).toBe(last);
  });
});

describe('extendFocus', () => {
  it('extends the right end to the ends of phrases, and never past the anchor going back', () => {
    const f4 = indexOf('F4');
    const toDisclose = extendFocus(units, f4, f4, 'phrase', 1);
    expect(selected(f4, toDisclose)).toBe('F4 Agreed-not-to-disclose');
    const toP = extendFocus(units, f4, toDisclose, 'phrase', 1);
    expect(selected(f4, toP)).toBe('F4 Agreed-not-to-disclose (P)');
    expect(extendFocus(units, f4, toDisclose, 'phrase', -1)).toBe(f4);
  });

  it('moves the left end between starts when extending backwards', () => {
    const shows = indexOf('shows');
    const back = extendFocus(units, shows, shows, 'phrase', -1);
    expect(selected(shows, back)).toBe('as the record shows');
    expect(extendFocus(units, shows, back, 'phrase', 1)).toBe(shows);
  });

  it('extends by sentence and paragraph', () => {
    const the = indexOf('The');
    expect(selected(the, extendFocus(units, the, the, 'sentence', 1))).toBe(
      'The defendant signed a contract',
    );
    const first = indexOf("Defendant's");
    expect(selected(first, extendFocus(units, first, first, 'paragraph', 1))).toBe(
      "Defendant's counterargument",
    );
  });
});

describe('keepBracketsWhole', () => {
  it('takes the closer of an opened bracket, and the opener of a closed one', () => {
    const text = 'F4 (P) and “secret”';
    expect(keepBracketsWhole(text, { start: 0, end: 5 })).toEqual({ start: 0, end: 6 });
    expect(keepBracketsWhole(text, { start: 4, end: 6 })).toEqual({ start: 3, end: 6 });
    expect(keepBracketsWhole(text, { start: 4, end: 5 })).toEqual({ start: 4, end: 5 });
    expect(keepBracketsWhole(text, { start: 11, end: 18 })).toEqual({ start: 11, end: 19 });
  });
});

describe('find-to-select', () => {
  it('finds case-insensitively in the answer only, white space matching white space', () => {
    const matches = findMatches(TEXT, units, 'input  CASE');
    expect(matches.map((match) => TEXT.slice(match.start, match.end))).toEqual(['input case']);
    expect(findMatches(TEXT, units, 'tempting')).toEqual([]);
    expect(findMatches(TEXT, units, '   ')).toEqual([]);
    expect(findMatches(TEXT, units, '(P)').length).toBe(1);
  });

  it('goes to the next match after an offset and the previous before it, wrapping round', () => {
    const matches = findMatches(TEXT, units, 'tsc');
    expect(matches).toHaveLength(2);
    const [first, second] = matches;
    expect(nextMatch(matches, -1, 1)).toEqual(first);
    expect(nextMatch(matches, first?.start ?? 0, 1)).toEqual(second);
    expect(nextMatch(matches, second?.start ?? 0, 1)).toEqual(first);
    expect(nextMatch(matches, first?.start ?? 0, -1)).toEqual(second);
    expect(nextMatch([], 0, 1)).toBeUndefined();
  });

  it('selects the words a match touches', () => {
    const [match] = findMatches(TEXT, units, 'agreed-not');
    expect(match && wordsOfRange(units, match)).toEqual({
      anchor: indexOf('Agreed-not-to-disclose'),
      focus: indexOf('Agreed-not-to-disclose'),
    });
  });
});
