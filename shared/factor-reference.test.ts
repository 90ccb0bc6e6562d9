import { describe, expect, it } from 'vitest';
import { foldFactorText, normaliseFactorReference, unlistedMentionKey } from './factor-reference.ts';

describe('normaliseFactorReference', () => {
  it.each([
    'F4',
    'f4',
    'F 4',
    'F4 Agreed-not-to-disclose (P)',
    '"F4 Agreed-not-to-disclose (P)",',
    'F4: Agreed-not-to-disclose',
    'Agreed-Not-To-Disclose',
    'agreed not to disclose',
    'Agreed-not-to-disclose (P)',
    '  AGREED_NOT_TO_DISCLOSE ',
  ])('maps %j to F4', (text) => {
    expect(normaliseFactorReference(text)).toMatchObject({ kind: 'factor', id: 'F4' });
  });

  it('reads two-digit codes without confusing F1 and F10', () => {
    expect(normaliseFactorReference('F10 Secrets-disclosed-outsiders (D)')).toMatchObject({ id: 'F10' });
    expect(normaliseFactorReference('F1')).toMatchObject({ id: 'F1' });
    expect(normaliseFactorReference('F01')).toMatchObject({ id: 'F1' });
  });

  it('keeps an invented code as unlisted with its wording', () => {
    expect(normaliseFactorReference('F30 Market-dominance')).toEqual({
      kind: 'unlisted',
      text: 'F30 Market-dominance',
    });
  });

  it('treats F9, which CATO dropped, as unlisted', () => {
    expect(normaliseFactorReference('F9')).toEqual({ kind: 'unlisted', text: 'F9' });
  });

  it('keeps a made-up name as unlisted', () => {
    expect(normaliseFactorReference('"Market dominance"')).toEqual({
      kind: 'unlisted',
      text: 'Market dominance',
    });
  });

  it('lets the code decide when code and name disagree', () => {
    expect(normaliseFactorReference('F6 Agreed-not-to-disclose')).toMatchObject({ kind: 'factor', id: 'F6' });
  });

  it('does not read a word that merely starts with f as a code', () => {
    expect(normaliseFactorReference('fourteen')).toMatchObject({ kind: 'unlisted' });
  });
});

describe('foldFactorText', () => {
  it('folds case and punctuation', () => {
    expect(foldFactorText('Info-Reverse_Engineered!')).toBe('info reverse engineered');
  });
});

describe('unlistedMentionKey', () => {
  it('matches an invented factor with and without its side marker and quotes', () => {
    expect(unlistedMentionKey('"F30 Market-dominance (P)",')).toBe('f30 market dominance');
    expect(unlistedMentionKey('f30 market dominance')).toBe('f30 market dominance');
  });
});
