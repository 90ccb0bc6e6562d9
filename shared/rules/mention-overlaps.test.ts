import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { absorbIntoCodes, resolveOverlaps } from './mention-overlaps.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';
import type { FoundMention } from './types.ts';

function at(
  text: string,
  phrase: string,
  factor: FoundMention['factor'],
  style: FoundMention['style'],
): FoundMention {
  const start = text.indexOf(phrase);
  return {
    start,
    end: start + phrase.length,
    factor,
    style,
    text: phrase,
    found: style === 'code' ? 'find.code' : style === 'name' ? 'find.name' : 'find.phrase',
  };
}

describe('resolveOverlaps', () => {
  const text = 'the plaintiff took no security measures at all';

  it('lets the longest of overlapping names and paraphrases win', () => {
    const kept = resolveOverlaps([
      at(text, 'security measures', 'F6', 'name'),
      at(text, 'took no security measures', 'F19', 'paraphrase'),
    ]);
    expect(kept.map((m) => m.factor)).toEqual(['F19']);
  });

  it('prefers a phrase with its own negation to a longer one in its scope', () => {
    const sentence = 'the plaintiff took no measures to protect the information';
    const negated = {
      ...at(sentence, 'took no measures', 'F19', 'paraphrase'),
      negationAt: sentence.indexOf('no'),
    };
    const kept = resolveOverlaps([
      negated,
      at(sentence, 'measures to protect the information', 'F6', 'paraphrase'),
    ]);
    expect(kept.map((m) => m.factor)).toEqual(['F19']);
  });

  it('merges overlapping mentions of one factor, keeping the stronger style and both spans', () => {
    const sentence = 'the defendant agreed not to disclose the information';
    const [merged, ...rest] = resolveOverlaps([
      at(sentence, 'agreed not to disclose the information', 'F4', 'paraphrase'),
      at(sentence, 'agreed not to disclose', 'F4', 'name'),
    ]);
    expect(rest).toEqual([]);
    expect(merged).toMatchObject({ factor: 'F4', style: 'name', start: 14, end: sentence.length });
  });

  it('keeps codes whatever overlaps them', () => {
    const label = 'F4 Agreed-not-to-disclose (P)';
    const kept = resolveOverlaps([
      at(label, label, 'F4', 'code'),
      at(label, 'Agreed-not-to-disclose', 'F4', 'name'),
    ]);
    expect(kept.map((m) => m.style)).toEqual(['code']);
  });
});

describe('absorbIntoCodes', () => {
  it('drops a phrase when a code of its factor is in the same segment', () => {
    const text = 'the defendant agreed not to reveal the recipe, as F4 shows';
    const mentions = [at(text, 'agreed not to reveal', 'F4', 'paraphrase'), at(text, 'F4', 'F4', 'code')];
    expect(absorbIntoCodes(text, mentions, [{ start: 0, end: text.length }]).map((m) => m.style)).toEqual([
      'code',
    ]);
  });

  it('lets a code in parentheses right after a phrase label it, whatever factor it names', () => {
    const text = 'made under a confidentiality agreement (F12).';
    const mentions = [
      at(text, 'confidentiality agreement', 'F4', 'paraphrase'),
      at(text, 'F12', 'F12', 'code'),
    ];
    expect(absorbIntoCodes(text, mentions, [{ start: 0, end: text.length }]).map((m) => m.factor)).toEqual([
      'F12',
    ]);
  });

  it('keeps a phrase that a code elsewhere does not label', () => {
    const text = 'the plaintiff took security measures; TSC1 had F4.';
    const mentions = [at(text, 'security measures', 'F6', 'name'), at(text, 'F4', 'F4', 'code')];
    expect(
      absorbIntoCodes(text, mentions, [
        { start: 0, end: 36 },
        { start: 37, end: text.length },
      ]),
    ).toHaveLength(2);
  });
});

describe('absorbIntoCodes keeps the negation of the wording it drops', () => {
  it('gives the carrying code the negation inside the absorbed wording, so no case word takes it', () => {
    const text = 'The licence in TSC2 never named which drawings were secret (F5), unlike TSC1.';
    const wording = {
      ...at(text, 'licence in TSC2 never named which', 'F5', 'paraphrase'),
      negationAt: text.indexOf('never'),
    };
    const code = at(text, 'F5', 'F5', 'code');
    const [kept] = absorbIntoCodes(text, [wording, code], [{ start: 0, end: text.length }]);
    expect(kept?.style).toBe('code');
    expect(kept?.negationAt).toBe(text.indexOf('never'));
  });

  it('reads such a clause as asserting the factor in its case and denying it in the case compared', () => {
    const result = extractFactors(
      'The contract in the present case did not spell out what was confidential (F5), unlike the contract in TSC2.',
      SHIPPED_LEXICON,
    );
    expect([result.current, result.tsc2]).toEqual([['F5'], []]);
  });
});

describe('resolveOverlaps and names written as labels (3.3.0)', () => {
  it('keeps a hyphenated name of another factor against a paraphrase that ends inside it', () => {
    const text = 'Both precedents share Knew-info-confidential.';
    const phrase = at(text, 'share Knew-info-confidential', 'F12', 'paraphrase');
    const name = at(text, 'Knew-info-confidential', 'F21', 'name');
    expect(resolveOverlaps([phrase, name]).map((mention) => mention.factor)).toEqual(['F21']);
  });

  it('still lets a longer wording swallow a plain-worded name it ends with', () => {
    const text = 'The owner took no security measures.';
    const phrase = at(text, 'took no security measures', 'F19', 'paraphrase');
    const name = at(text, 'security measures', 'F6', 'name');
    expect(resolveOverlaps([phrase, name]).map((mention) => mention.factor)).toEqual(['F19']);
  });
});
