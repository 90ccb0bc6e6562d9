import { describe, expect, it } from 'vitest';
import type { Span } from '../schemas/annotation.ts';
import { checkSpans } from '../span-rules.ts';
import { createRng } from '../stats/rng.ts';
import type { WrittenAssertions } from './argument-writer.ts';
import { answerKeyJudgement, simulateAnnotation } from './simulate-annotations.ts';

const span = (
  start: number,
  caseId: Span['case'],
  factor: Span['factor'],
  polarity: Span['polarity'],
): Span => ({
  start,
  end: start + 2,
  case: caseId,
  factor,
  style: 'code',
  polarity,
});

/** current F4 F6, TSC1 F4; "F4" at 0 marks current and TSC1, "F6" at 10 current; F5 negated at 20. */
const answer: WrittenAssertions = Object.freeze<WrittenAssertions>({
  current: ['F4', 'F6'],
  tsc1: ['F4'],
  tsc2: [],
  unlisted: [],
  abstention: 'none',
  spans: [
    span(0, 'current', 'F4', 'asserted'),
    span(0, 'tsc1', 'F4', 'asserted'),
    span(10, 'current', 'F6', 'asserted'),
    span(20, 'current', 'F5', 'negated'),
  ],
});
const careful = { name: 'x', miss: 0, spurious: 0, unmarked: 0, styleSlip: 0 };

describe('simulateAnnotation', () => {
  it('reproduces the answer key, spans included, when the annotator never errs', () => {
    const judgement = simulateAnnotation(answer, false, careful, createRng(1));
    expect(judgement).toMatchObject({ current: ['F4', 'F6'], tsc1: ['F4'], tsc2: [], abstained: false });
    expect(judgement.spans).toEqual(answer.spans);
  });

  it('misses every mark at miss = 1 and adds one at spurious = 1', () => {
    const judgement = simulateAnnotation(answer, false, { ...careful, miss: 1, spurious: 1 }, createRng(1));
    expect(judgement.current.length + judgement.tsc1.length + judgement.tsc2.length).toBe(1);
  });

  it('drops the spans of a missed mark, so the span rules still hold', () => {
    const judgement = simulateAnnotation(answer, false, { ...careful, miss: 1 }, createRng(1));
    expect(judgement.spans).toEqual([span(20, 'current', 'F5', 'negated')]);
    expect(checkSpans(judgement, 30)).toEqual([]);
  });

  it('leaves every mention unhighlighted at unmarked = 1, keeping the marks', () => {
    const judgement = simulateAnnotation(answer, false, { ...careful, unmarked: 1 }, createRng(1));
    expect(judgement.spans).toEqual([]);
    expect(judgement.current).toEqual(['F4', 'F6']);
  });

  it('records every highlighted mention under a neighbouring style at styleSlip = 1', () => {
    const judgement = simulateAnnotation(answer, false, { ...careful, styleSlip: 1 }, createRng(1));
    expect(judgement.spans.map((item) => item.style)).toEqual(['name', 'name', 'name', 'name']);
  });
});

describe('answerKeyJudgement', () => {
  it('turns an exact abstention into abstained + exact_phrase, and keeps truncation', () => {
    const judgement = answerKeyJudgement(
      { ...answer, current: [], tsc1: [], spans: [], abstention: 'exact' },
      true,
    );
    expect(judgement).toMatchObject({ abstained: true, exact_phrase: true, truncated: true });
    expect(answerKeyJudgement({ ...answer, abstention: 'near_miss' }, false)).toMatchObject({
      abstained: true,
      exact_phrase: false,
    });
  });

  it('carries the writer’s spans', () => {
    expect(answerKeyJudgement(answer, false).spans).toEqual(answer.spans);
  });
});
