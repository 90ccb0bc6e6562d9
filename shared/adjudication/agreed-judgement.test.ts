import { describe, expect, it } from 'vitest';
import { checkSpans } from '../span-rules.ts';
import { agreedJudgement } from './agreed-judgement.ts';
import { A_SPANS, JUDGEMENT_A, JUDGEMENT_B, judgement } from './test-fixtures.ts';

describe('agreedJudgement', () => {
  it('keeps what both annotators of the fixture agree on, in A’s wording', () => {
    expect(agreedJudgement(JUDGEMENT_A, JUDGEMENT_B)).toEqual({
      current: ['F4', 'F6'],
      tsc1: [],
      tsc2: ['F10'],
      unlisted: [{ case: 'current', text: 'F30 Market-dominance' }],
      abstained: false,
      exact_phrase: false,
      truncated: false,
      spans: [A_SPANS.f4, A_SPANS.f5Negated],
      guideline_version: '1.0',
    });
  });

  it('is a judgement the span rules accept', () => {
    expect(checkSpans(agreedJudgement(JUDGEMENT_A, JUDGEMENT_B), 100)).toEqual([]);
  });

  it('sets a flag only when both set it', () => {
    const both = judgement({ abstained: true, exact_phrase: true });
    expect(agreedJudgement(both, both)).toMatchObject({ abstained: true, exact_phrase: true });
    expect(agreedJudgement(both, judgement({ abstained: true }))).toMatchObject({
      abstained: true,
      exact_phrase: false,
    });
  });

  it('drops the guideline version when the two differ', () => {
    const agreed = agreedJudgement(
      judgement({ guideline_version: '1.0' }),
      judgement({ guideline_version: '1.1' }),
    );
    expect(agreed.guideline_version).toBeUndefined();
  });

  it('is the judgement itself, without its comment, when both are the same', () => {
    const { comment: _comment, ...withoutComment } = JUDGEMENT_A;
    expect(agreedJudgement(JUDGEMENT_A, JUDGEMENT_A)).toEqual(withoutComment);
  });
});
