import { describe, expect, it } from 'vitest';
import { detectFactorInSelection, suggestMentionStyle } from './mention-style.ts';

describe('suggestMentionStyle', () => {
  it.each(['F4', 'f4', 'F 4', 'F-4', 'F04', 'factor 4', '(F4)'])('reads %j as the code of F4', (selected) => {
    expect(suggestMentionStyle(selected, 'F4')).toBe('code');
  });

  it('lets the code win when the mention has both code and name', () => {
    expect(suggestMentionStyle('F4 Agreed-not-to-disclose (P)', 'F4')).toBe('code');
  });

  it('does not read F40 or F14 as the code of F4', () => {
    expect(suggestMentionStyle('F40', 'F4')).toBe('paraphrase');
    expect(suggestMentionStyle('F14 was present', 'F4')).toBe('paraphrase');
  });

  it('does not read F10 as the code of F1', () => {
    expect(suggestMentionStyle('F10 Secrets-disclosed-outsiders', 'F1')).toBe('paraphrase');
  });

  it('finds a code inside longer selected words', () => {
    expect(suggestMentionStyle('as in TSC1, F6 and F4 were present', 'F4')).toBe('code');
  });

  it('reads each number of "factors 4, 6 and 10" as a code', () => {
    expect(suggestMentionStyle('factors 4, 6 and 10', 'F10')).toBe('code');
  });

  it.each([
    'Agreed-not-to-disclose',
    'AGREED-NOT-TO-DISCLOSE',
    'the defendant agreed not to disclose',
    'agreed_not_to_disclose',
  ])('reads %j as the name of F4', (selected) => {
    expect(suggestMentionStyle(selected, 'F4')).toBe('name');
  });

  it('does not take the name of No-security-measures for the name of Security-measures', () => {
    expect(suggestMentionStyle('No-security-measures', 'F6')).toBe('paraphrase');
    expect(suggestMentionStyle('No-security-measures', 'F19')).toBe('name');
  });

  it('calls anything else a paraphrase', () => {
    expect(suggestMentionStyle('the defendant signed a confidentiality agreement', 'F4')).toBe('paraphrase');
  });

  it('calls the code of another factor a paraphrase of this one', () => {
    expect(suggestMentionStyle('F6', 'F4')).toBe('paraphrase');
  });

  it('reads an invented code as the code of an unlisted factor', () => {
    expect(suggestMentionStyle('F30 Market-dominance (P)', 'unlisted')).toBe('code');
    expect(suggestMentionStyle('F9', 'unlisted')).toBe('code');
  });

  it('reads an invented hyphenated label with a side marker as the name of an unlisted factor', () => {
    expect(suggestMentionStyle('Market-dominance (P)', 'unlisted')).toBe('name');
  });

  it('does not read a catalogue code as the code of an unlisted factor', () => {
    expect(suggestMentionStyle('F4', 'unlisted')).toBe('paraphrase');
  });

  it('calls an empty selection a paraphrase', () => {
    expect(suggestMentionStyle('', 'F4')).toBe('paraphrase');
  });
});

describe('detectFactorInSelection', () => {
  it('finds the factor of a code', () => {
    expect(detectFactorInSelection('as in TSC1, F4 applies')).toBe('F4');
  });

  it('finds the factor of a name', () => {
    expect(detectFactorInSelection('identical products')).toBe('F18');
  });

  it('finds one factor when code and name agree', () => {
    expect(detectFactorInSelection('F4 Agreed-not-to-disclose (P)')).toBe('F4');
  });

  it('lets the code decide when its label names another factor', () => {
    expect(detectFactorInSelection('F6 Agreed-not-to-disclose')).toBe('F6');
  });

  it('finds nothing when two factors are named', () => {
    expect(detectFactorInSelection('F4 and F6')).toBeUndefined();
    expect(detectFactorInSelection('Unique-product and Deception')).toBeUndefined();
  });

  it('finds nothing in a paraphrase', () => {
    expect(detectFactorInSelection('signed a confidentiality agreement')).toBeUndefined();
  });

  it('ignores codes outside the catalogue', () => {
    expect(detectFactorInSelection('F30 Market-dominance')).toBeUndefined();
    expect(detectFactorInSelection('F9 and F4')).toBe('F4');
  });

  it('prefers the longer name that contains a shorter one', () => {
    expect(detectFactorInSelection('No-security-measures')).toBe('F19');
  });
});
