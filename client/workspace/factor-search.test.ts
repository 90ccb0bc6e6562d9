import { describe, expect, it } from 'vitest';
import { FACTOR_IDS } from '../../shared/factors.ts';
import { type FactorMatch, searchFactors } from './factor-search.ts';

const ids = (matches: readonly FactorMatch[]) => matches.map((match) => match.factor.id);

/** The highlighted characters of a match, as written in the catalogue. */
function highlighted(match: FactorMatch | undefined): string | undefined {
  if (!match?.highlight) return undefined;
  const { field, start, end } = match.highlight;
  return match.factor[field].slice(start, end);
}

describe('searchFactors', () => {
  it('gives all 26 factors in catalogue order for an empty query', () => {
    expect(ids(searchFactors(''))).toEqual(FACTOR_IDS);
    expect(searchFactors('').every((match) => match.kind === 'all' && match.highlight === undefined)).toBe(
      true,
    );
  });

  it('treats a blank query as empty', () => {
    expect(ids(searchFactors('   '))).toEqual(FACTOR_IDS);
  });

  it.each(['4', 'f4', 'F4', 'F 4', 'f-4', 'F04', ' F4 '])('finds F4 alone for %j', (query) => {
    expect(ids(searchFactors(query))).toEqual(['F4']);
    expect(searchFactors(query)[0]?.kind).toBe('code');
  });

  it('ranks F1 before F10…F19 for "f1"', () => {
    expect(ids(searchFactors('f1'))).toEqual([
      'F1',
      'F10',
      'F11',
      'F12',
      'F13',
      'F14',
      'F15',
      'F16',
      'F17',
      'F18',
      'F19',
    ]);
    expect(searchFactors('f1').map((match) => match.kind)).toEqual([
      'code',
      ...Array(10).fill('code-prefix'),
    ]);
  });

  it('highlights the typed part of a code', () => {
    const [exact, prefix] = searchFactors('1');
    expect(highlighted(exact)).toBe('F1');
    expect(highlighted(prefix)).toBe('F1');
    expect(prefix?.factor.id).toBe('F10');
  });

  it('finds no factor for F9, which CATO dropped, nor for codes past F27', () => {
    expect(searchFactors('9')).toEqual([]);
    expect(searchFactors('F30')).toEqual([]);
  });

  it('reads a lone "f" as the start of every code', () => {
    expect(ids(searchFactors('f'))).toEqual(FACTOR_IDS);
  });

  it('does not read "0" as a code', () => {
    expect(searchFactors('0')).toEqual([]);
  });

  it('puts name prefixes before word prefixes and substrings', () => {
    const matches = searchFactors('secur');
    expect(matches.slice(0, 2).map((match) => [match.factor.id, match.kind])).toEqual([
      ['F6', 'name-prefix'],
      ['F19', 'name-word'],
    ]);
    expect(highlighted(matches[0])).toBe('Secur');
    expect(highlighted(matches[1])).toBe('secur');
  });

  it('ranks name prefix, name word, meaning word, name substring, meaning substring in that order', () => {
    const matches = searchFactors('de');
    expect(matches.map((match) => `${match.factor.id}:${match.kind}`)).toEqual([
      'F26:name-prefix', // Deception
      'F3:name-word', // Employee-sole-developer
      'F1:meaning-word', // "… with the defendant during negotiations …"
      'F2:meaning-word',
      'F4:meaning-word',
      'F7:meaning-word',
      'F8:meaning-word',
      'F14:meaning-word',
      'F17:meaning-word',
      'F18:meaning-word',
      'F21:meaning-word',
      'F22:meaning-word',
      'F25:meaning-word',
      'F10:name-substring', // Secrets-disclosed-outsiders
      'F12:name-substring',
      'F23:name-substring',
      'F5:meaning-substring', // "confidential"
      'F27:meaning-substring', // "trade show"
    ]);
  });

  it('matches names without regard to case, hyphens or spaces', () => {
    const [first] = searchFactors('AGREED not');
    expect(first?.factor.id).toBe('F4');
    expect(first?.kind).toBe('name-prefix');
    expect(highlighted(first)).toBe('Agreed-not');
  });

  it('keeps catalogue order among equal matches', () => {
    expect(ids(searchFactors('info')).slice(0, 5)).toEqual(['F16', 'F17', 'F20', 'F24', 'F25']);
  });

  it('finds a word of the meaning when the name lacks it, after the name matches', () => {
    const matches = searchFactors('espionage');
    expect(ids(matches)).toEqual(['F22']);
    expect(matches[0]?.kind).toBe('meaning-word');
    expect(highlighted(matches[0])).toBe('espionage');
  });

  it('matches across punctuation in the meaning, highlighting the original characters', () => {
    const [match] = searchFactors("plaintiff's documents");
    expect(match?.factor.id).toBe('F7');
    expect(highlighted(match)).toBe("plaintiff's documents");
  });

  it('falls back to substrings inside names and meanings', () => {
    const matches = searchFactors('gineer');
    expect(ids(matches)).toEqual(['F16', 'F25']);
    expect(matches.every((match) => match.kind === 'name-substring')).toBe(true);
    expect(highlighted(matches[0])).toBe('gineer');
  });

  it('lists each factor once, at its best match', () => {
    const found = ids(searchFactors('disclos'));
    expect(new Set(found).size).toBe(found.length);
    expect(found[0]).toBe('F1');
  });

  it('finds nothing for words no factor has', () => {
    expect(searchFactors('market dominance')).toEqual([]);
  });

  it('finds nothing for punctuation alone', () => {
    expect(searchFactors('--')).toEqual([]);
  });
});
