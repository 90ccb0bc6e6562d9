import { describe, expect, it } from 'vitest';
import { FACTOR_IDS } from '../factors.ts';
import { lexiconFillers, lexiconSchema, parseFrame, parsePhrase } from './lexicon.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';

const fillers = lexiconFillers(SHIPPED_LEXICON);

function lexiconWith(overrides: Record<string, string[]> = {}) {
  const factors: Record<string, string[]> = {};
  for (const id of FACTOR_IDS) factors[id] = [`phrase for ${id.toLowerCase()}`];
  return { version: 'test', factors: { ...factors, ...overrides } };
}

describe('parsePhrase', () => {
  it('reads words, gaps and alternatives, stemmed, without filler words', () => {
    const parsed = parsePhrase('Signed|executed * the nondisclosure agreement', {}, fillers);
    expect(parsed).toEqual({
      ok: true,
      slots: [
        { kind: 'word', words: ['signed', 'executed'], keys: ['sign', 'execut'] },
        { kind: 'gap', max: 3 },
        { kind: 'word', words: ['nondisclosure'], keys: ['nondisclosur'] },
        { kind: 'word', words: ['agreement'], keys: ['agreement'] },
      ],
    });
  });

  it('replaces a synonym class by its members, alone or among alternatives', () => {
    const classes = { disclose: ['disclose', 'reveal'] };
    const parsed = parsePhrase('@disclose|tell * customers', classes, fillers);
    expect(parsed.ok && parsed.slots[0]).toEqual({
      kind: 'word',
      words: ['disclose', 'reveal', 'tell'],
      keys: ['disclos', 'reveal', 'tell'],
    });
    const unknown = parsePhrase('@leak * customers', classes, fillers);
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error).toContain('"@leak" is no synonym class');
  });

  it('reads ** as a long gap', () => {
    const parsed = parsePhrase('supplier ** signed', {}, fillers);
    expect(parsed.ok && parsed.slots[1]).toEqual({ kind: 'gap', max: 6 });
  });

  it('splits hyphenated words into their parts', () => {
    const parsed = parsePhrase('reverse-engineered', {}, fillers);
    expect(parsed.ok && parsed.slots.length).toBe(2);
  });

  it.each([
    ['* leading gap', 'cannot start'],
    ['trailing gap *', 'cannot end'],
    ['two * * gaps', 'two * gaps'],
    ['the a', 'no content word'],
    ['bad|two-words', 'single words'],
    ['the|a', 'filler word'],
    ['punct, here', 'not a word'],
  ])('rejects %j', (phrase, message) => {
    const parsed = parsePhrase(phrase, {}, fillers);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});

describe('parseFrame', () => {
  it('reads two to four one-word slots joined by " + "', () => {
    const parsed = parseFrame('@bar + work|job + rival', { bar: ['bar', 'restrain'] }, fillers);
    expect(parsed.ok && parsed.slots.map((slot) => slot.words)).toEqual([
      ['bar', 'restrain'],
      ['work', 'job'],
      ['rival'],
    ]);
  });

  it('marks a slot joined by " > " as standing after the previous one', () => {
    const parsed = parseFrame('know > secret + plans', {}, fillers);
    expect(parsed.ok && parsed.slots.map((slot) => slot.afterPrevious)).toEqual([false, true, false]);
  });

  it('refuses one slot, five slots, gaps, phrases in a slot, filler words and unknown classes', () => {
    expect(parseFrame('rival', {}, fillers).ok).toBe(false);
    expect(parseFrame('a1 + b1 + c1 + d1 + e1', {}, fillers).ok).toBe(false);
    expect(parseFrame('bar + * + rival', {}, fillers).ok).toBe(false);
    expect(parseFrame('bar + for rival', {}, fillers).ok).toBe(false);
    expect(parseFrame('bar + the', {}, fillers).ok).toBe(false);
    expect(parseFrame('@nothing + rival', {}, fillers).ok).toBe(false);
  });

  it('is validated by lexiconSchema, with the path of the bad frame', () => {
    const result = lexiconSchema.safeParse({ ...lexiconWith(), frames: { F13: ['bar + work', 'rival'] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['frames', 'F13', 1]]);
  });
});

describe('lexiconSchema', () => {
  it('accepts phrases for all 26 factors', () => {
    expect(lexiconSchema.safeParse(lexiconWith()).success).toBe(true);
  });

  it('needs every factor and knows no others', () => {
    const { F4: _dropped, ...factors } = lexiconWith().factors;
    expect(lexiconSchema.safeParse({ version: 'x', factors }).success).toBe(false);
    expect(lexiconSchema.safeParse(lexiconWith({ F9: ['x'] })).success).toBe(false);
  });

  it('names a malformed phrase', () => {
    const result = lexiconSchema.safeParse(lexiconWith({ F6: ['kept * secret *'] }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('"kept * secret *" cannot end with a * gap');
  });

  it('accepts synonym classes and checks the phrases that name them', () => {
    const synonyms = { disclose: ['disclose', 'reveal'] };
    expect(
      lexiconSchema.safeParse({ ...lexiconWith({ F10: ['@disclose * customer'] }), synonyms }).success,
    ).toBe(true);
    const unknown = lexiconSchema.safeParse(lexiconWith({ F10: ['@disclose * customer'] }));
    expect(unknown.error?.issues[0]?.message).toContain('"@disclose" is no synonym class');
    const badMember = lexiconSchema.safeParse({ ...lexiconWith(), synonyms: { disclose: ['make public'] } });
    expect(badMember.success).toBe(false);
  });

  it('refuses a phrase listed under two factors', () => {
    const result = lexiconSchema.safeParse(lexiconWith({ F4: ['signed an NDA'], F6: ['Signed an  NDA'] }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('already listed under F4');
  });
});
