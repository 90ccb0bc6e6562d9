import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { findNegationWords, negationAfterCase, negationBeforeCase } from './negation.ts';
import { SHIPPED_LEXICON as lexicon } from './test-lexicon.ts';

function words(text: string) {
  return findNegationWords(text, lexicon).map((span) => text.slice(span.start, span.end));
}

describe('findNegationWords', () => {
  it('finds negation words and contractions', () => {
    expect(
      words("not, no, never, neither … nor, lacks, absent, missing, doesn't, nowhere, failed to"),
    ).toEqual([
      'not',
      'no',
      'never',
      'neither',
      'nor',
      'lacks',
      'absent',
      'missing',
      "doesn't",
      'nowhere',
      'failed to',
    ]);
  });

  it('skips words that do not negate a factor', () => {
    expect(
      words(
        'not only F4; no doubt; no common factors; no factors in common; without restriction; without any restriction; no strings attached',
      ),
    ).toEqual([]);
  });

  it('reads "no factor 4" as a negation: a code, not the cases\' common factors', () => {
    expect(words('involved no factor 4 and no Factor F21')).toEqual(['no', 'no']);
  });
});

describe('negation bound to a case word', () => {
  it('binds "not in", "not present in", "absent from" to the case after them', () => {
    const text = 'F7 was present in TSC1 but not in the input case';
    expect(
      negationBeforeCase(
        text,
        23,
        text.indexOf('the input case'),
        text.indexOf('the input case') + 14,
        lexicon,
      ),
    ).not.toBeNull();
    const distinguishes = 'which distinguishes TSC1';
    expect(
      negationBeforeCase(distinguishes, 0, distinguishes.indexOf('TSC1'), distinguishes.length, lexicon),
    ).not.toBeNull();
    const absent = 'F11, absent from the input case';
    expect(
      negationBeforeCase(absent, 0, absent.indexOf('the input case'), absent.length, lexicon),
    ).not.toBeNull();
  });

  it('binds "lacks", "does not have", "has nothing" to the case before them', () => {
    const text = 'which the input case lacks';
    expect(negationAfterCase(text, text.indexOf(' lacks'), text.length, lexicon)).not.toBeNull();
    expect(negationAfterCase('TSC2 has nothing comparable', 4, 27, lexicon)).not.toBeNull();
  });

  it('binds a verdict after the case word and its colon, past the colon ("(TSC1: no)")', () => {
    const text = 'current has F16 (TSC1: no) ; TSC2 has F16';
    const at = text.indexOf('TSC1') + 4;
    expect(negationAfterCase(text, at, at, lexicon)).toEqual({ start: at, end: at + 4 });
    expect(negationAfterCase('TSC2: none.', 4, 4, lexicon)).not.toBeNull();
    expect(negationAfterCase('TSC2: no NDA was signed', 4, 4, lexicon)).toBeNull();
    expect(negationAfterCase('TSC1: F4, F6', 4, 4, lexicon)).toBeNull();
  });

  it('does not bind an ordinary verb', () => {
    expect(negationAfterCase('TSC2 involved F6', 4, 16, lexicon)).toBeNull();
    expect(negationBeforeCase('present in TSC1', 0, 11, 15, lexicon)).toBeNull();
  });
});

describe('a likeness denied in other words', () => {
  function f18(text: string) {
    return extractFactors(text, lexicon)
      .mentions.filter((mention) => mention.factor === 'F18')
      .map((mention) => `${mention.case}:${mention.polarity}:${mention.rules.at(-1)}`);
  }

  it('negates an F18 wording its clause goes on to deny', () => {
    expect(
      f18('In TSC1, the knock-off differed in several features, so the point does not carry over.'),
    ).toEqual(['tsc1:negated:negation.likeness-denied']);
    expect(f18('Here the defendant sold a knock-off of the plaintiff product.')).toEqual([
      'current:asserted:case.own-case-words',
    ]);
  });
});

describe('a bound negation and a later "there" for the same case', () => {
  it('keeps the case negated when "there" refers back to it in the same clause', () => {
    const text =
      'TSC1 lacks Unique-product, the machine there having been sold by many firms, whereas the product here is unique.';
    const result = extractFactors(text, lexicon);
    expect(result.tsc1).not.toContain('F15');
    expect(result.current).toContain('F15');
  });

  it('still lets a case named again without negation affirm it', () => {
    const result = extractFactors('F15 is absent from TSC2 but, in TSC2, F15 was argued.', lexicon);
    expect(result.tsc2).toEqual(['F15']);
  });
});

describe('"far from" negates what follows it (3.4.0, class contrary-of)', () => {
  function polarities(text: string, factor: string): string[] {
    return extractFactors(text, lexicon)
      .mentions.filter((mention) => mention.factor === factor)
      .map((mention) => `${mention.case}:${mention.polarity}`);
  }

  it('reads "far from doing X" as X not done, in the case the clause is about', () => {
    expect(words('The rival, far from doing research of its own, copied the design.')).toEqual(['far from']);
    expect(
      polarities(
        'TSC1 is different: in the current case the rival, far from conducting research of its own, copied the design within weeks.',
        'F17',
      ),
    ).toEqual(['current:negated']);
  });
});
