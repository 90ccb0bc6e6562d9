import { describe, expect, it } from 'vitest';
import { findFactorAnaphora } from './anaphora.ts';
import { findCodeMentions } from './code-mentions.ts';
import { splitSentences } from './sentences.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';

function anaphora(text: string) {
  const mentions = findCodeMentions(text);
  return findFactorAnaphora(text, splitSentences(text, mentions), mentions, SHIPPED_LEXICON).map((m) => [
    m.factor,
    text.slice(m.start, m.end),
  ]);
}

describe('findFactorAnaphora', () => {
  it('repeats the factors of the previous sentence', () => {
    expect(anaphora('The input case has F26 and F15. TSC1 had both of these factors.')).toEqual([
      ['F26', 'both of these factors'],
      ['F15', 'both of these factors'],
    ]);
  });

  it('takes only the last factor for a singular reference in the same sentence', () => {
    expect(anaphora('F4 and F11 are here, and TSC2 had the same factor.')).toEqual([
      ['F11', 'the same factor'],
    ]);
  });

  it('does not reach into another paragraph', () => {
    expect(anaphora('The input case has F26.\n\nTSC1 had these factors.')).toEqual([]);
  });

  it('reads "the same conduct" as all the factors before it, "the same point" as the last', () => {
    expect(anaphora('The defendant did F2 and F7. TSC2 involved the same conduct.').map(([f]) => f)).toEqual([
      'F2',
      'F7',
    ]);
    expect(anaphora('The plans were F24 and F16. TSC1 turned on the same point.')).toEqual([
      ['F16', 'the same point'],
    ]);
  });

  it('reads "This mirrors TSC2" and "the same markings" as all the factors before them', () => {
    expect(anaphora('The defendant did F2 and F7. This mirrors TSC2.').map(([f, t]) => `${f} ${t}`)).toEqual([
      'F2 This mirrors',
      'F7 This mirrors',
    ]);
    expect(anaphora('Every page showed F6 and F21. TSC1 had the same markings.').map(([f]) => f)).toEqual([
      'F6',
      'F21',
    ]);
  });

  it('does not read "the same" before a party, an outcome or the information as a reference', () => {
    expect(anaphora('TSC1 had F6. The same defendant won the same result with the same formula.')).toEqual(
      [],
    );
  });

  it('picks the first or the second of the factors before "the first of these facts", "the latter"', () => {
    expect(
      anaphora('The input case has F7 and F8. The first of these facts is in TSC1.').map(([f]) => f),
    ).toEqual(['F7']);
    expect(
      anaphora('The input case has F7 and F8. TSC1 involved only the second of them.').map(([f]) => f),
    ).toEqual(['F8']);
  });

  it('reads "had it" at the end of a clause as the last factor of an earlier sentence', () => {
    expect(anaphora('The input case has F15. TSC2 lacked it, but TSC1 had it.')).toEqual([
      ['F15', 'it'],
      ['F15', 'it'],
    ]);
    expect(anaphora('TSC1 has F4 and TSC2 has it too.')).toEqual([]);
  });

  it('reads "Neither of those" as all the factors of the sentence before, at the pronoun', () => {
    expect(anaphora('The input case has F23 and F19. Neither of those happened in TSC1.')).toEqual([
      ['F23', 'those'],
      ['F19', 'those'],
    ]);
  });

  it('does not repeat a factor the sentence denied', () => {
    expect(
      anaphora('TSC2 had F10 without F12. The input case shows the same lapse.').map(([f]) => f),
    ).toEqual(['F10']);
  });

  it('reads "the same story" as all the factors of the sentence before', () => {
    expect(
      anaphora('The input case has F22 and F26. In TSC1 it was the same story.').map(([f]) => f),
    ).toEqual(['F22', 'F26']);
  });

  it('reads "presented both" at the end of a clause as the two factors named before it', () => {
    expect(
      anaphora(
        'The input case has F5 and F11. TSC1 involved neither. TSC2, which the defendant won, presented both.',
      ),
    ).toEqual([
      ['F5', 'both'],
      ['F11', 'both'],
    ]);
  });

  it('reads "This is also in TSC2" at the start of a sentence as all the factors before it', () => {
    expect(anaphora('The defendant did F8. This is also in TSC2.').map(([f, t]) => `${f} ${t}`)).toEqual([
      'F8 This is also ',
    ]);
    expect(anaphora('TSC1 lacked F14 that is present in the input case.')).toEqual([]);
  });
});
