import { describe, expect, it } from 'vitest';
import { rangeOfWords, snapToWords, wordAt, wordRanges } from './selection.ts';

const text = 'F4 Agreed-not-to-disclose: the defendant’s employee signed it.';

describe('wordRanges', () => {
  it('keeps hyphenated names and possessives whole', () => {
    const words = wordRanges(text).map(({ start, end }) => text.slice(start, end));
    expect(words).toEqual(['F4', 'Agreed-not-to-disclose', 'the', 'defendant’s', 'employee', 'signed', 'it']);
  });
});

describe('snapToWords', () => {
  it('widens a selection that starts or ends mid-word', () => {
    const range = snapToWords(text, text.indexOf('fendant'), text.indexOf('ployee'));
    expect(range && text.slice(range.start, range.end)).toBe('defendant’s employee');
    const whole = snapToWords('the defendant signed', 5, 9);
    expect(whole).toEqual({ start: 4, end: 13 });
  });

  it('trims white space and refuses a blank selection', () => {
    expect(snapToWords('  signed  ', 0, 10)).toEqual({ start: 2, end: 8 });
    expect(snapToWords('a    b', 1, 5)).toBeNull();
  });

  it('accepts reversed ends', () => {
    expect(snapToWords('the defendant signed', 13, 4)).toEqual({ start: 4, end: 13 });
  });
});

describe('wordAt and rangeOfWords', () => {
  const words = wordRanges('one two three');
  it('finds the word at or after an offset', () => {
    expect(wordAt(words, 0)).toBe(0);
    expect(wordAt(words, 3)).toBe(1);
    expect(wordAt(words, 99)).toBe(2);
    expect(wordAt([], 0)).toBe(-1);
  });

  it('covers a run of words in either direction', () => {
    expect(rangeOfWords(words, 2, 1)).toEqual({ start: 4, end: 13 });
  });
});
