import { describe, expect, it } from 'vitest';
import { pairSpans, sameMention } from './span-pairing.ts';
import { A_SPANS, B_SPANS, JUDGEMENT_A, JUDGEMENT_B, span } from './test-fixtures.ts';

describe('pairSpans', () => {
  it('sorts the fixture into agreed mentions, a style dispute and one-sided spans', () => {
    expect(pairSpans(JUDGEMENT_A.spans, JUDGEMENT_B.spans)).toEqual({
      agreed: [A_SPANS.f4, A_SPANS.f5Negated],
      disputed: [
        { a: A_SPANS.f6, b: B_SPANS.f6 },
        { a: A_SPANS.tsc1F4, b: null },
        { a: null, b: B_SPANS.f7 },
      ],
    });
  });

  it('treats an asserted and a negated reading of one sentence as two one-sided spans', () => {
    const asserted = span(0, 10, 'current', 'F4', 'code', 'asserted');
    const negated = span(0, 10, 'current', 'F4', 'code', 'negated');
    expect(sameMention(asserted, negated)).toBe(false);
    expect(pairSpans([asserted], [negated]).disputed).toEqual([
      { a: asserted, b: null },
      { a: null, b: negated },
    ]);
  });

  it('does not match spans that only touch (half-open ranges)', () => {
    expect(pairSpans([span(0, 10, 'current', 'F4')], [span(10, 20, 'current', 'F4')]).agreed).toEqual([]);
  });

  it('does not match the same range marked for another case or factor', () => {
    const result = pairSpans([span(0, 10, 'current', 'F4')], [span(0, 10, 'tsc1', 'F4')]);
    expect(result.disputed).toHaveLength(2);
  });

  it('leaves a second A span of another style one-sided when its partner already agrees with A', () => {
    const code = span(0, 10, 'current', 'F4', 'code');
    const name = span(0, 10, 'current', 'F4', 'name');
    const result = pairSpans([code, name], [span(0, 10, 'current', 'F4', 'code')]);
    expect(result.agreed).toEqual([code]);
    expect(result.disputed).toEqual([{ a: name, b: null }]);
  });

  it('pairs each span at most once: a second B span of another style stands alone', () => {
    const a = span(0, 20, 'current', 'F4', 'code');
    const b1 = span(0, 5, 'current', 'F4', 'name');
    const b2 = span(10, 15, 'current', 'F4', 'paraphrase');
    expect(pairSpans([a], [b1, b2]).disputed).toEqual([
      { a, b: b1 },
      { a: null, b: b2 },
    ]);
  });

  it('matches unlisted spans only when their folded texts agree', () => {
    const a = span(0, 10, 'current', 'unlisted', 'code', 'asserted', 'F30 Market-dominance');
    const same = span(2, 12, 'current', 'unlisted', 'code', 'asserted', 'f30 market dominance');
    const other = span(2, 12, 'current', 'unlisted', 'code', 'asserted', 'F31 Prior-litigation');
    expect(pairSpans([a], [same]).agreed).toEqual([a]);
    expect(pairSpans([a], [other]).agreed).toEqual([]);
  });

  it('finds nothing to agree or dispute without spans', () => {
    expect(pairSpans([], [])).toEqual({ agreed: [], disputed: [] });
  });
});
