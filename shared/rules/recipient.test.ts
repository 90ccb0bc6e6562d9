import { describe, expect, it } from 'vitest';
import { readRecipient } from './recipient.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';
import type { FoundMention } from './types.ts';

function promise(text: string, phrase: string): FoundMention {
  const start = text.indexOf(phrase);
  return {
    start,
    end: start + phrase.length,
    factor: 'F4',
    style: 'paraphrase',
    text: phrase,
    found: 'find.phrase',
  };
}

/** The factor `readRecipient` gives an F4 paraphrase `phrase` of `text` read as one sentence. */
function factorOf(text: string, phrase: string) {
  return readRecipient(text, [promise(text, phrase)], [{ start: 0, end: text.length }], SHIPPED_LEXICON)[0]
    ?.factor;
}

function f12Of(text: string, phrase: string) {
  const mention = { ...promise(text, phrase), factor: 'F12' as const };
  return readRecipient(text, [mention], [{ start: 0, end: text.length }], SHIPPED_LEXICON)[0];
}

describe('readRecipient', () => {
  it('reads a promise by "the other company" (one) as the defendant\'s, F4, and other companies\' as F12', () => {
    const one = f12Of(
      'The other company also used the plans even though it had promised to keep them private.',
      'other company also used the plans even though it had promised to keep them private',
    );
    expect([one?.factor, one?.reread]).toEqual(['F4', 'recipient.other-party']);
    expect(
      f12Of(
        'The other companies had promised to keep them private.',
        'other companies had promised to keep them private',
      )?.factor,
    ).toBe('F12');
  });

  it("reads an outsider's promise of confidentiality as F12", () => {
    const text =
      'The only outsider who saw it was the co-packer, and it was contractually bound to keep it secret.';
    expect(factorOf(text, 'contractually bound to keep it secret')).toBe('F12');
  });

  it('keeps F4 for a promise "by the defendant" and for a defendant who was once a distributor', () => {
    const text =
      'Visitors were never asked to sign, while TSC1 rests on a signed nondisclosure promise by the defendant.';
    expect(factorOf(text, 'signed nondisclosure promise')).toBe('F4');
    const other =
      'The defendant, a former distributor, received the formula after promising to keep it to itself.';
    expect(factorOf(other, 'promising to keep it to itself')).toBe('F4');
  });

  it('counts "the companies that got the code" as outsiders', () => {
    const text = 'The companies that got the code had to sign a secrecy paper first.';
    expect(factorOf(text, 'sign a secrecy paper')).toBe('F12');
  });

  it('counts partners and "outside companies" as outsiders', () => {
    const text =
      'It showed the formula to some outside companies, but they had to promise to keep it secret.';
    expect(factorOf(text, 'promise to keep it secret')).toBe('F12');
  });

  it('gives a retailer and a wholesaler the same reading: both are outsiders (one vocabulary, @outsider)', () => {
    for (const who of ['retailer', 'wholesaler', 'visitor', 'licensee'])
      expect(
        factorOf(
          `The only party who saw the recipe was the ${who}, and it was contractually bound to keep it secret.`,
          'contractually bound to keep it secret',
        ),
        who,
      ).toBe('F12');
  });

  it('keeps F4 when the defendant is named nearer, and for codes', () => {
    const text = 'The supplier list was shared, and the defendant promised to keep it secret.';
    expect(factorOf(text, 'promised to keep it secret')).toBe('F4');
    const code: FoundMention = {
      start: 4,
      end: 6,
      factor: 'F4',
      style: 'code',
      text: 'F4',
      found: 'find.code',
    };
    const other = 'Its customers had F4.';
    expect(readRecipient(other, [code], [{ start: 0, end: other.length }], SHIPPED_LEXICON)[0]?.factor).toBe(
      'F4',
    );
  });

  it('reads an F12 phrase after a pretended identity, or said of negotiations, as F4', () => {
    const text = 'It posed as an equipment vendor, signed a nondisclosure agreement and left.';
    const start = text.indexOf('vendor');
    const phrase: FoundMention = {
      start,
      end: start + 38,
      factor: 'F12',
      style: 'paraphrase',
      text: text.slice(start, start + 38),
      found: 'find.phrase',
    };
    expect(readRecipient(text, [phrase], [{ start: 0, end: text.length }], SHIPPED_LEXICON)[0]?.factor).toBe(
      'F4',
    );
    const talks = 'The designs were disclosed during negotiations under a nondisclosure agreement.';
    const during: FoundMention = {
      start: 17,
      end: 78,
      factor: 'F12',
      style: 'paraphrase',
      text: talks.slice(17, 78),
      found: 'find.phrase',
    };
    expect(
      readRecipient(talks, [during], [{ start: 0, end: talks.length }], SHIPPED_LEXICON)[0]?.factor,
    ).toBe('F4');
  });
});
