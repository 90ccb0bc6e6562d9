import { describe, expect, it } from 'vitest';
import { findCodeMentions } from './code-mentions.ts';

function codes(text: string) {
  return findCodeMentions(text).map((mention) => ({
    factor: mention.factor,
    text: mention.text,
    span: text.slice(mention.start, mention.end),
  }));
}

describe('findCodeMentions', () => {
  it('reads the code forms arguments use', () => {
    expect(codes('F4, F 6, F-10, factor 12, Factor F13 and F14:').map((m) => m.factor)).toEqual([
      'F4',
      'F6',
      'F10',
      'F12',
      'F13',
      'F14',
    ]);
  });

  it('takes the label and side marker that follow a code into the mention', () => {
    expect(codes('share F4 Agreed-not-to-disclose (P) and F16:Info-reverse-engineerable.')).toEqual([
      { factor: 'F4', text: 'F4 Agreed-not-to-disclose (P)', span: 'F4 Agreed-not-to-disclose (P)' },
      { factor: 'F16', text: 'F16:Info-reverse-engineerable', span: 'F16:Info-reverse-engineerable' },
    ]);
    expect(codes('F10 - Secrets-disclosed-outsiders; F26 Deception')[1]?.span).toBe('F26 Deception');
    expect(codes('factor 4 (agreed not to disclose) here')[0]?.span).toBe(
      'factor 4 (agreed not to disclose)',
    );
  });

  it('lets the code decide when the label names another factor', () => {
    expect(codes('F6 Agreed-not-to-disclose')[0]?.factor).toBe('F6');
  });

  it('reports codes outside the catalogue as unlisted, label kept and side marker dropped', () => {
    expect(codes('F30 Market-dominance (P) and F9, the factor')).toEqual([
      { factor: 'unlisted', text: 'F30 Market-dominance', span: 'F30 Market-dominance (P)' },
      { factor: 'unlisted', text: 'F9', span: 'F9' },
    ]);
  });

  it('splits a list after the word "factors"', () => {
    expect(codes('factors 4, 6 and F10').map((m) => [m.factor, m.span])).toEqual([
      ['F4', 'factors 4'],
      ['F6', '6'],
      ['F10', 'F10'],
    ]);
  });

  it('does not read case names or words as codes', () => {
    expect(codes('TSC1, TSC 2, if 3 of them, often')).toEqual([]);
  });

  it('does not swallow an ordinary capitalised word after a code', () => {
    expect(codes('F4 The defendant')[0]?.span).toBe('F4');
  });
});
