import { describe, expect, it } from 'vitest';
import { readSubjectMatter } from './subject-matter.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';
import type { FoundMention } from './types.ts';

function known(text: string, phrase: string): FoundMention {
  const start = text.indexOf(phrase);
  return {
    start,
    end: start + phrase.length,
    factor: 'F20',
    style: 'paraphrase',
    text: phrase,
    found: 'find.phrase',
  };
}

describe('readSubjectMatter', () => {
  it('reads knowledge of the trade about customers or suppliers as F11', () => {
    const text = 'The customer files list buyers whom everyone in the trade already knows.';
    const [mention] = readSubjectMatter(
      text,
      [known(text, 'everyone in the trade already knows')],
      [{ start: 0, end: text.length }],
      SHIPPED_LEXICON,
    );
    expect(mention?.factor).toBe('F11');
  });

  it('keeps F20 for other information, and for codes and names', () => {
    const text = 'The curing process was known throughout the industry.';
    const mention = known(text, 'known throughout the industry');
    const sentence = [{ start: 0, end: text.length }];
    expect(readSubjectMatter(text, [mention], sentence, SHIPPED_LEXICON)[0]?.factor).toBe('F20');
    const other = 'Its suppliers were known to competitors (F20).';
    const code: FoundMention = {
      start: 40,
      end: 43,
      factor: 'F20',
      style: 'code',
      text: 'F20',
      found: 'find.code',
    };
    expect(
      readSubjectMatter(other, [code], [{ start: 0, end: other.length }], SHIPPED_LEXICON)[0]?.factor,
    ).toBe('F20');
  });

  it('keeps F20 where the customers are recipients or the vendors are rivals', () => {
    for (const [text, phrase] of [
      [
        'It was handed to customers and was already familiar to the competitors.',
        'familiar to the competitors',
      ],
      ['Every rival vendor already knew the algorithm.', 'rival vendor already knew'],
    ] as const) {
      const [mention] = readSubjectMatter(
        text,
        [known(text, phrase)],
        [{ start: 0, end: text.length }],
        SHIPPED_LEXICON,
      );
      expect(mention?.factor).toBe('F20');
    }
  });

  it('looks only at the sentence of the mention', () => {
    const text = 'The customers were loyal. The process was known throughout the industry.';
    const mention = known(text, 'known throughout the industry');
    const sentences = [
      { start: 0, end: 25 },
      { start: 26, end: text.length },
    ];
    expect(readSubjectMatter(text, [mention], sentences, SHIPPED_LEXICON)[0]?.factor).toBe('F20');
  });

  it('drops a likeness said of the cases themselves, not of a product', () => {
    const alike = (text: string, phrase: string): FoundMention => {
      const start = text.indexOf(phrase);
      return {
        start,
        end: start + phrase.length,
        factor: 'F18',
        style: 'paraphrase',
        text: phrase,
        found: 'find.phrase',
      };
    };
    const facts = 'The facts of TSC1 are nearly identical to the input case.';
    expect(
      readSubjectMatter(
        facts,
        [alike(facts, 'nearly identical')],
        [{ start: 0, end: facts.length }],
        SHIPPED_LEXICON,
      ),
    ).toEqual([]);
    const glue = 'The rival sells an adhesive that is chemically indistinguishable from the plaintiff’s.';
    const kept = readSubjectMatter(
      glue,
      [alike(glue, 'indistinguishable from')],
      [{ start: 0, end: glue.length }],
      SHIPPED_LEXICON,
    );
    expect(kept.map((mention) => mention.factor)).toEqual(['F18']);
  });
});
