import { describe, expect, it } from 'vitest';
import { createRng } from '../stats/rng.ts';
import { answerKeyJudgement, simulateAnnotation } from './simulate-annotations.ts';

const key = {
  current: ['F4', 'F6'] as const,
  tsc1: ['F4'] as const,
  tsc2: [] as const,
  unlisted: [],
  abstention: 'none' as const,
};
const answer = { ...key, current: [...key.current], tsc1: [...key.tsc1], tsc2: [] };

describe('simulateAnnotation', () => {
  it('reproduces the answer key when the annotator never errs', () => {
    const judgement = simulateAnnotation(answer, false, { name: 'x', miss: 0, spurious: 0 }, createRng(1));
    expect(judgement).toMatchObject({ current: ['F4', 'F6'], tsc1: ['F4'], tsc2: [], abstained: false });
  });
  it('misses every mark at miss = 1 and adds one at spurious = 1', () => {
    const judgement = simulateAnnotation(answer, false, { name: 'x', miss: 1, spurious: 1 }, createRng(1));
    expect(judgement.current.length + judgement.tsc1.length + judgement.tsc2.length).toBe(1);
  });
});

describe('answerKeyJudgement', () => {
  it('turns an exact abstention into abstained + exact_phrase, and keeps truncation', () => {
    const judgement = answerKeyJudgement(
      { current: [], tsc1: [], tsc2: [], unlisted: [], abstention: 'exact' },
      true,
    );
    expect(judgement).toMatchObject({ abstained: true, exact_phrase: true, truncated: true });
    expect(answerKeyJudgement({ ...answer, abstention: 'near_miss' }, false)).toMatchObject({
      abstained: true,
      exact_phrase: false,
    });
  });
});
