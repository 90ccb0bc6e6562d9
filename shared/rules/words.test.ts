import { describe, expect, it } from 'vitest';
import { stemWord } from './stem.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';
import { matchWords, wordVocabulary } from './words.ts';

const vocabulary = wordVocabulary(SHIPPED_LEXICON);

describe('stemWord', () => {
  it('meets the inflections of one verb', () => {
    expect(new Set(['disclose', 'disclosed', 'discloses', 'disclosing'].map(stemWord))).toEqual(
      new Set(['disclos']),
    );
  });

  it('meets singular and plural nouns, and y/ies', () => {
    expect(stemWord('measures')).toBe(stemWord('measure'));
    expect(stemWord('copies')).toBe(stemWord('copied'));
  });

  it('drops a possessive and keeps a final ss', () => {
    expect(stemWord("plaintiff's")).toBe('plaintiff');
    expect(stemWord('access')).toBe('access');
  });

  it('leaves short words and negated auxiliaries alone', () => {
    expect(stemWord('no')).toBe('no');
    expect(stemWord('didn’t')).toBe("didn't");
  });
});

describe('matchWords', () => {
  it('gives spans into the text and skips filler words', () => {
    const text = 'It signed the reverse-engineered NDAs.';
    const words = matchWords(text, vocabulary);
    expect(words.map((word) => word.key)).toEqual(['it', 'sign', 'revers', 'engineer', 'nda']);
    expect(words.map((word) => text.slice(word.start, word.end))).toEqual([
      'It',
      'signed',
      'reverse',
      'engineered',
      'NDAs',
    ]);
  });

  it('reads only the requested range', () => {
    const text = 'one two three';
    expect(matchWords(text, vocabulary, 4, 7).map((word) => word.key)).toEqual(['two']);
  });

  it('marks negation words, those the stemmer shortens included ("nothing", "none", "nowhere")', () => {
    const words = matchWords('nothing none nowhere not never non-compete products alike', vocabulary);
    expect(words.filter((word) => word.negation).map((word) => word.key)).toEqual([
      'noth',
      'non',
      'nowher',
      'not',
      'never',
    ]);
  });

  it('marks a clause boundary before a word', () => {
    const text = 'a trade journal, and the plaintiff; here it is, which';
    const words = matchWords(text, vocabulary);
    const breaks = words.filter((word) => word.breakBefore).map((word) => text.slice(word.start, word.end));
    expect(breaks).toEqual(['and', 'here', 'which']);
    expect(matchWords('a strict, binding agreement', vocabulary).some((word) => word.breakBefore)).toBe(
      false,
    );
  });
});

describe('matchWords, the char-code scanner', () => {
  // The scanner replaced /[A-Za-z0-9]+(?:['’][A-Za-z]+)*/g; on any text it must find the same words.
  const WORD = /[A-Za-z0-9]+(?:['’][A-Za-z]+)*/g;
  const vocabulary = { ...wordVocabulary(SHIPPED_LEXICON), fillers: new Set<string>(), info: new Map() };
  const alphabet = ['a', 'B', 'z', '0', '9', "'", '’', '-', ' ', '.', ',', 'é', '_', "n't", 's'];
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };

  it('finds the words the regular expression found, apostrophes and non-ASCII letters included', () => {
    for (let round = 0; round < 500; round += 1) {
      const length = 1 + Math.floor(random() * 30);
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const expected = [...text.matchAll(WORD)].map((match) => [match.index, match.index + match[0].length]);
      expect(
        matchWords(text, vocabulary).map((word) => [word.start, word.end]),
        text,
      ).toEqual(expected);
    }
    expect(matchWords("didn't O’Brien 2nd it's'", vocabulary).map((word) => word.end)).toEqual([
      6, 14, 18, 23,
    ]);
  });
});
