import { describe, expect, it } from 'vitest';
import { compileLexicon, findParaphraseMentions } from './paraphrase-mentions.ts';
import { testLexicon } from './test-lexicon.ts';
import { matchWords, wordVocabulary } from './words.ts';

const lexicon = testLexicon({
  F4: ['signed * nondisclosure agreement'],
  F6: ['under lock and key'],
  F12: ['disclosures * restricted'],
});

function find(text: string) {
  return findParaphraseMentions(
    text,
    compileLexicon(lexicon),
    [[0, text.length]],
    matchWords(text, wordVocabulary(lexicon)),
  ).map((m) => [m.factor, text.slice(m.start, m.end)]);
}

describe('findParaphraseMentions', () => {
  it('matches stemmed words, skipping filler words and up to three others in a gap', () => {
    expect(find('The defendant signs a strict, binding nondisclosure agreement.')).toEqual([
      ['F4', 'signs a strict, binding nondisclosure agreement'],
    ]);
    expect(find('It kept the recipe under lock and key.')).toEqual([['F6', 'under lock and key']]);
  });

  it('does not stretch a gap past three words', () => {
    expect(find('He signed, after much thought and haggling, a nondisclosure agreement')).toEqual([]);
  });

  it('never lets a gap swallow a negation', () => {
    expect(find('the disclosures were not restricted')).toEqual([]);
    expect(find('the disclosures were restricted')).toEqual([['F12', 'disclosures were restricted']]);
  });

  it('never runs a phrase across a clause boundary', () => {
    expect(find('the disclosures, which the plaintiff restricted')).toEqual([]);
    expect(find('the disclosures; restricted')).toEqual([]);
  });

  it('records where a negation inside the phrase stands', () => {
    const negated = testLexicon({ F19: ['did not * take * measures|security'] });
    const text = 'it did not take reasonable security measures';
    const [mention] = findParaphraseMentions(
      text,
      compileLexicon(negated),
      [[0, text.length]],
      matchWords(text, wordVocabulary(negated)),
    );
    expect(mention?.text).toBe('did not take reasonable security');
    expect(mention?.negationAt).toBe(text.indexOf('not'));
  });

  it('keeps a phrase inside the given range', () => {
    const text = 'He signed it. A nondisclosure agreement followed.';
    expect(
      findParaphraseMentions(
        text,
        compileLexicon(lexicon),
        [
          [0, 13],
          [14, text.length],
        ],
        matchWords(text, wordVocabulary(lexicon)),
      ),
    ).toEqual([]);
  });

  it('compiles a lexicon once', () => {
    expect(compileLexicon(lexicon)).toBe(compileLexicon(lexicon));
  });
});

describe('findParaphraseMentions with lemma patterns', () => {
  const lemmas = testLexicon({ F22: ['break into * premises'], F7: ['take * document'] });
  const synonyms = testLexicon(
    { F10: ['@disclose * customer'] },
    { disclose: ['disclose', 'reveal', 'tell'] },
  );

  function findIn(lexicon: typeof lemmas, text: string) {
    return findParaphraseMentions(
      text,
      compileLexicon(lexicon),
      [[0, text.length]],
      matchWords(text, wordVocabulary(lexicon)),
    ).map((m) => m.factor);
  }

  it('matches irregular inflections of a lemma', () => {
    expect(findIn(lemmas, 'The defendant broke into the premises.')).toEqual(['F22']);
    expect(findIn(lemmas, 'He had taken the documents.')).toEqual(['F7']);
  });

  it('can leave the inflection tables out, for measuring them', () => {
    const text = 'The defendant broke into the premises.';
    expect(
      findParaphraseMentions(
        text,
        compileLexicon(lemmas, { inflections: false }),
        [[0, text.length]],
        matchWords(text, wordVocabulary(lemmas)),
      ),
    ).toEqual([]);
  });

  it('matches every member of a synonym class, inflected', () => {
    expect(findIn(synonyms, 'The plaintiff told its customers.')).toEqual(['F10']);
    expect(findIn(synonyms, 'It revealed the formula to customers.')).toEqual(['F10']);
  });
});
