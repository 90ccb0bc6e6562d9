import { describe, expect, it } from 'vitest';
import { fnv1a64 } from '../parse/stable-hash.ts';
import { disagreements, unlistedDisagreementId } from './disagreements.ts';
import { A_SPANS, B_SPANS, DISAGREEMENT_IDS, JUDGEMENT_A, JUDGEMENT_B, judgement } from './test-fixtures.ts';

describe('disagreements', () => {
  it('lists every disagreement of the fixture, with stable ids, in order', () => {
    const found = disagreements(JUDGEMENT_A, JUDGEMENT_B);
    expect(found.map((disagreement) => disagreement.id)).toEqual([...DISAGREEMENT_IDS]);
    expect(found).toEqual([
      { kind: 'cell', id: 'cell:current:F7', case: 'current', factor: 'F7', a: false, b: true },
      { kind: 'cell', id: 'cell:tsc1:F4', case: 'tsc1', factor: 'F4', a: true, b: false },
      {
        kind: 'unlisted',
        id: 'unlisted:tsc2:prior litigation',
        case: 'tsc2',
        text: 'Prior litigation',
        a: false,
        b: true,
      },
      { kind: 'span', id: 'span:current:F6:asserted:20-40/25-45', a: A_SPANS.f6, b: B_SPANS.f6 },
      { kind: 'span', id: 'span:tsc1:F4:asserted:50-60', a: A_SPANS.tsc1F4, b: null },
      { kind: 'span', id: 'span:current:F7:asserted:90-95', a: null, b: B_SPANS.f7 },
      { kind: 'flag', id: 'flag:truncated', flag: 'truncated', a: false, b: true },
    ]);
  });

  it('gives the same ids when computed again', () => {
    expect(disagreements(JUDGEMENT_A, JUDGEMENT_B)).toEqual(disagreements(JUDGEMENT_A, JUDGEMENT_B));
  });

  it('finds none between a judgement and itself, comments aside', () => {
    expect(disagreements(JUDGEMENT_A, { ...JUDGEMENT_A, comment: 'other words' })).toEqual([]);
  });

  it('compares unlisted factors by their folded wording', () => {
    const a = judgement({ unlisted: [{ case: 'tsc1', text: 'F30 Market-Dominance (P)' }] });
    const b = judgement({ unlisted: [{ case: 'tsc1', text: 'f30  market dominance' }] });
    expect(disagreements(a, b)).toEqual([]);
  });

  it('lists an unlisted factor recorded for another case as two disagreements', () => {
    const a = judgement({ unlisted: [{ case: 'tsc1', text: 'F30' }] });
    const b = judgement({ unlisted: [{ case: 'tsc2', text: 'F30' }] });
    expect(disagreements(a, b).map((d) => d.id)).toEqual(['unlisted:tsc1:f30', 'unlisted:tsc2:f30']);
  });

  it('lists each differing flag: abstained and exact_phrase together', () => {
    const a = judgement({ abstained: true, exact_phrase: true });
    expect(disagreements(a, judgement()).map((d) => d.id)).toEqual(['flag:abstained', 'flag:exact_phrase']);
  });

  it('numbers repeated span ids #2, #3 in order', () => {
    const twice = judgement({ current: ['F4'], spans: [A_SPANS.f4, A_SPANS.f4] });
    expect(disagreements(twice, judgement({ current: ['F4'] })).map((d) => d.id)).toEqual([
      'span:current:F4:asserted:10-12',
      'span:current:F4:asserted:10-12#2',
    ]);
  });

  it('keeps a long unlisted wording within the 200-character id, with a hash of the whole', () => {
    const text = `F30 ${'very '.repeat(99)}long`;
    const id = unlistedDisagreementId('current', text);
    expect(id.length).toBeLessThanOrEqual(200);
    expect(id.endsWith(`~${fnv1a64(`f30 ${'very '.repeat(99)}long`)}`)).toBe(true);
    expect(unlistedDisagreementId('current', `${text}!`)).toBe(id);
    expect(unlistedDisagreementId('current', `${text}er`)).not.toBe(id);
  });
});
