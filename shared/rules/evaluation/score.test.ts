import { describe, expect, it } from 'vitest';
import type { LabelledArgument } from './labelled-argument.ts';
import { addToScore, emptyScore, mergeScores, paraphraseRecall, ratio, scoreRow } from './score.ts';

function gold(overrides: Partial<LabelledArgument> = {}): LabelledArgument {
  return {
    id: 'g1',
    text: '',
    current: [],
    tsc1: [],
    tsc2: [],
    unlisted: [],
    abstained: false,
    exact_phrase: false,
    truncated: false,
    negated: [],
    ...overrides,
  };
}

import { precisionRecallF1 } from '../../stats/precision-recall-f1.ts';
import type { ScoredResult } from './score.ts';

const none: ScoredResult = {
  current: [],
  tsc1: [],
  tsc2: [],
  unlisted: [],
  abstention: 'none',
  truncated: false,
};

describe('scoring the rules against labelled arguments', () => {
  it('counts (argument, case, factor) units, paraphrase recall, negated-as-present and excluded cases', () => {
    const score = emptyScore();
    addToScore(
      score,
      gold({
        current: [{ factor: 'F15', style: 'code' }],
        tsc1: [{ factor: 'F4', style: 'paraphrase' }],
        negated: [{ case: 'tsc2', factor: 'F15' }],
      }),
      { ...none, current: ['F15'], tsc1: [], tsc2: ['F15', 'F6'] },
    );
    // F15 current right; F4 tsc1 missed; F15 tsc2 negated in gold yet listed; F6 tsc2 invented.
    expect(score.units).toEqual({ tp: 1, fp: 2, fn: 1 });
    expect(precisionRecallF1(score.units)).toEqual({ precision: 1 / 3, recall: 1 / 2, f1: 2 / 5 });
    expect(paraphraseRecall(score)).toBe(0);
    expect(score.negatedAsPresent).toEqual(['g1 tsc2 F15']);
    // F15 belongs to the current case only: putting it in TSC2 is a factor in an excluded case; F6 is not.
    expect(score.excludedCase).toEqual(['g1 tsc2 F15']);
  });

  it('matches unlisted factors by code or folded words, and scores abstention and truncation', () => {
    const score = emptyScore();
    addToScore(
      score,
      gold({
        unlisted: [{ case: 'tsc2', text: 'F30 Market-dominance' }],
        abstained: true,
        exact_phrase: true,
      }),
      { ...none, unlisted: [{ case: 'tsc2', text: 'f30' }], abstention: 'near_miss', truncated: true },
    );
    expect(score.unlisted).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(score.abstention).toEqual({ right: 0, total: 1, wrong: ['g1: exact read as near_miss'] });
    expect(score.truncation.wrong).toEqual(['g1: false read as true']);
  });

  it('pools scores and leaves empty ratios undefined, never outside [0, 1]', () => {
    const a = emptyScore();
    addToScore(a, gold({ current: [{ factor: 'F4', style: 'name' }] }), { ...none, current: ['F4'] });
    const pooled = mergeScores([a, a]);
    expect(pooled.units).toEqual({ tp: 2, fp: 0, fn: 0 });
    expect(pooled.arguments).toBe(2);
    expect(precisionRecallF1({ tp: 0, fp: 0, fn: 0 })).toEqual({ precision: null, recall: null, f1: null });
    expect(ratio(1, 0)).toBeNull();
    expect(scoreRow('set', pooled)).toMatch(/^set +2 +2\/0\/0 +1\.000 +1\.000 +1\.000/);
  });
});
