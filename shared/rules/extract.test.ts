import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { testLexicon } from './test-lexicon.ts';

const lexicon = testLexicon({
  F6: ['under lock and key'],
  F16: ['could * be reverse engineered'],
  F10: ['shown|showed * to * customers'],
  F18: ['product|products * identical|match'],
  F26: ['misrepresent'],
});

describe('extractFactors', () => {
  it('returns per-case lists in catalogue order with evidence spans', () => {
    const text = 'As in TSC1, F16 and F4 apply here; the recipe was kept under lock and key.';
    const result = extractFactors(text, lexicon);
    expect(result.current).toEqual(['F4', 'F6', 'F16']);
    expect(result.tsc1).toEqual(['F4', 'F16']);
    const lock = result.mentions.find((m) => m.factor === 'F6');
    expect(lock && text.slice(lock.start, lock.end)).toBe('under lock and key');
    expect(lock).toMatchObject({ case: 'current', style: 'paraphrase', polarity: 'asserted' });
  });

  it('skips the reasoning trace and points spans into the original text', () => {
    const text = '<think>F21 is in TSC1.</think>\nIn TSC1, F4 applies.';
    const result = extractFactors(text, lexicon);
    expect(result.tsc1).toEqual(['F4']);
    expect(result.mentions).toHaveLength(1);
    const [mention] = result.mentions;
    expect(mention && text.slice(mention.start, mention.end)).toBe('F4');
  });

  it('reports code style when a mention has both a code and a name', () => {
    const result = extractFactors('TSC1 had F4 Agreed-not-to-disclose (P).', lexicon);
    expect(result.mentions.map((m) => [m.style, m.text])).toEqual([
      ['code', 'F4 Agreed-not-to-disclose (P)'],
    ]);
  });

  it('lists unlisted factors per case, asserted only', () => {
    const result = extractFactors('TSC2 had F30 Market-dominance (P). The input case lacks F9.', lexicon);
    expect(result.unlisted).toEqual([{ case: 'tsc2', text: 'F30 Market-dominance' }]);
    expect(result.mentions.map((m) => [m.factor, m.case, m.polarity])).toEqual([
      ['unlisted', 'tsc2', 'asserted'],
      ['unlisted', 'current', 'negated'],
    ]);
  });

  it('classifies abstention and still extracts the factors listed with it', () => {
    const result = extractFactors(
      'No common factor between the input case and the TSC1/TSC2. The input case has F3 and F10.',
      lexicon,
    );
    expect(result.abstention).toBe('exact');
    expect(result.current).toEqual(['F3', 'F10']);
  });

  it('flags truncation from the finish reason or an unfinished sentence', () => {
    expect(extractFactors('TSC1 had F4.', lexicon, { finishReason: 'length' }).truncated).toBe(true);
    expect(extractFactors('TSC1 had F4 and the', lexicon).truncated).toBe(true);
    expect(extractFactors('TSC1 had F4.', lexicon).truncated).toBe(false);
  });

  it('reads an empty response as nothing', () => {
    expect(extractFactors('', lexicon)).toEqual({
      current: [],
      tsc1: [],
      tsc2: [],
      unlisted: [],
      abstention: 'none',
      truncated: false,
      mentions: [],
    });
  });
});

describe('extractFactors, third edition cases', () => {
  it('reads a clause-initial "Were <factor name> present" as a condition', () => {
    const result = extractFactors(
      'Were Info-known-to-competitors present, the point might have force.',
      lexicon,
    );
    expect(result.current).toEqual([]);
    expect(result.mentions.map((m) => m.polarity)).toEqual(['hypothetical']);
  });

  it('reads the conditional mood of a comment on the argument itself as asserting nothing', () => {
    const text = 'Any argument would have to invent a similarity, which would misrepresent the precedents.';
    expect(extractFactors(text, lexicon).current).toEqual([]);
  });

  it('gives the case a fact is "different from" the opposite polarity', () => {
    const result = extractFactors(
      'The current case is different from TSC2 because the plaintiff here had shown the designs to customers.',
      lexicon,
    );
    expect(result.current).toEqual(['F10']);
    expect(result.tsc2).toEqual([]);
    expect(result.mentions.map((m) => [m.case, m.polarity])).toContainEqual(['tsc2', 'negated']);
  });

  it('keeps "differs from TSC1, where F18 was decisive" asserted for TSC1', () => {
    const result = extractFactors(
      'The current case, which lacks F18, differs from TSC1, where F18 was decisive.',
      lexicon,
    );
    expect(result.tsc1).toEqual(['F18']);
    expect(result.current).toEqual([]);
  });

  it('does not let an explanation after a colon undo "involves no F12"', () => {
    const result = extractFactors(
      'Unlike TSC2, the input case involves no F12: the disclosures here were unrestricted.',
      lexicon,
    );
    expect(result.current).toEqual([]);
    expect(result.tsc2).toEqual(['F12']);
  });

  it('gives a second predicate after a sharing statement to its subject only', () => {
    const result = extractFactors(
      'The defendant cites TSC1, which shares F10 with the input case and also featured F23.',
      lexicon,
    );
    expect(result.tsc1).toEqual(['F10', 'F23']);
    expect(result.current).toEqual(['F10']);
  });

  it('never lets a phrase gap swallow "nobody"', () => {
    expect(
      extractFactors('The plaintiff sold a product that nobody else could match.', lexicon).current,
    ).toEqual([]);
  });
});

describe('extractFactors, clause scope', () => {
  const scoped = testLexicon({
    F1: ['discussing * licensing deal'],
    F21: ['knew full well'],
    F27: ['published * in * trade journal'],
  });

  it('joins a temporal "while" to its statement, "as here" included', () => {
    const text =
      'There, as here, the plaintiff walked the defendant through the design while the two companies were discussing a licensing deal.';
    const result = extractFactors(`TSC1 is closer. ${text}`, scoped);
    expect(result.tsc1).toEqual(['F1']);
    expect(result.current).toEqual(['F1']);
  });

  it('ends the reach of "as here" at a second reason', () => {
    const result = extractFactors(
      'The court ruled for the defendant in TSC1 because, as here, the talks failed, and because the plaintiff itself had published the data in a trade journal.',
      scoped,
    );
    expect(result.tsc1).toEqual(['F27']);
    expect(result.current).toEqual([]);
  });

  it('reads "denies" as a negation', () => {
    const denial = testLexicon({ F4: ['signed * confidentiality agreement'] });
    const result = extractFactors('The defendant denies having signed a confidentiality agreement.', denial);
    expect(result.current).toEqual([]);
    expect(result.mentions.map((m) => m.polarity)).toEqual(['negated']);
  });

  it('lets a negation in a reported that-clause negate only what follows the "that"', () => {
    const result = extractFactors(
      'The agent knew full well that the data was not to leave the room.',
      scoped,
    );
    expect(result.current).toEqual(['F21']);
  });
});

describe('extractFactors, labels that hold negation words', () => {
  const labels = testLexicon({
    F27: ['disclosed * public forum'],
    F6: ['restricted access'],
  });

  it('shares a factor whose name holds "not"', () => {
    const result = extractFactors(
      'The defendant relies on TSC2, a defense win, which shares F5 Agreement-not-specific and F4 with the input case.',
      labels,
    );
    expect(result.tsc2).toEqual(['F4', 'F5']);
    expect(result.current).toEqual(['F4', 'F5']);
  });

  it('does not bind "has No-security-measures" to the case as a negation', () => {
    const result = extractFactors(
      'The defendant cites TSC1, which like the input case has No-security-measures.',
      labels,
    );
    expect(result.tsc1).toEqual(['F19']);
    expect(result.current).toEqual(['F19']);
  });

  it('keeps two names where a paraphrase would begin inside the first', () => {
    const result = extractFactors(
      'TSC1 shares Secrets-disclosed-outsiders and Disclosure-in-public-forum with the current case.',
      labels,
    );
    expect(result.tsc1).toEqual(['F10', 'F27']);
  });

  it('reads a negation after "showing that" as the shown clause only', () => {
    const result = extractFactors(
      'TSC2 involved Secrets-disclosed-outsiders, showing that information in circulation is not protected.',
      labels,
    );
    expect(result.tsc2).toEqual(['F10']);
  });

  it('negates the precedent a fact "distinguishes it from"', () => {
    const result = extractFactors('Its restricted access distinguishes it from TSC2.', labels);
    expect(result.tsc2).toEqual([]);
    expect(result.mentions.map((m) => [m.case, m.polarity])).toEqual([['tsc2', 'negated']]);
  });

  it('reads sharing information with outsiders, or a shared folder, as no sharing between cases', () => {
    expect(
      extractFactors('In TSC1 the plaintiff shared its formula with customers (F10).', labels).current,
    ).toEqual([]);
    const folder = extractFactors(
      'In TSC2, the plaintiff kept its drawings in a shared folder (F19).',
      labels,
    );
    expect(folder.tsc2).toEqual(['F19']);
    expect(folder.current).toEqual([]);
  });
});
