import { describe, expect, it } from 'vitest';
import { judgementDifferences, judgementSummary } from './judgement-differences.ts';
import { emptyJudgement, type Judgement, type Span } from './schemas/annotation.ts';

const TEXT = 'The defendant agreed not to disclose the formula, and F6 was present.';
const f4: Span = {
  start: 14,
  end: 48,
  case: 'current',
  factor: 'F4',
  style: 'paraphrase',
  polarity: 'asserted',
};
const f6: Span = { start: 54, end: 56, case: 'tsc1', factor: 'F6', style: 'code', polarity: 'asserted' };
const mine: Judgement = { ...emptyJudgement(), current: ['F4'], spans: [f4], comment: 'F4 is paraphrased.' };

describe('judgementDifferences', () => {
  it('names a flag that differs, where a count of factors and marks would say "0 and 0"', () => {
    expect(judgementDifferences({ ...mine, truncated: true }, mine)).toEqual([
      { aspect: 'flags', text: 'Truncated: set in theirs, not in yours.' },
    ]);
  });

  it('names every difference: factors, unlisted factors, marks (with their words), flags and comment', () => {
    const theirs: Judgement = {
      ...emptyJudgement(),
      tsc1: ['F6'],
      unlisted: [{ case: 'tsc2', text: 'Prior litigation' }],
      spans: [f6],
      abstained: true,
    };
    expect(judgementDifferences(theirs, mine, TEXT).map((line) => line.text)).toEqual([
      'Factors ticked in theirs only: F6 in TSC1; ticked in yours only: F4 in the input case.',
      'Unlisted factors recorded in theirs only: “Prior litigation” in TSC2.',
      'Marks kept in theirs only: F6 in TSC1 (“F6”); kept in yours only: F4 in the input case (“agreed not to disclose the formula”).',
      'Abstained: set in theirs, not in yours.',
      'Comment: theirs none, yours “F4 is paraphrased.”.',
    ]);
  });

  it('tells a mark whose style changed from the same mark, and names at most four then counts', () => {
    const restyled = { ...f4, style: 'name' as const };
    expect(judgementDifferences({ ...mine, spans: [restyled] }, mine)).toEqual([
      {
        aspect: 'marks',
        text: 'Marks kept in theirs only: F4 in the input case; kept in yours only: F4 in the input case.',
      },
    ]);
    const many: Judgement = { ...emptyJudgement(), current: ['F1', 'F2', 'F3', 'F4', 'F5', 'F6'] };
    expect(judgementDifferences(many, emptyJudgement())[0]?.text).toBe(
      'Factors ticked in theirs only: F1 in the input case, F2 in the input case, F3 in the input case, F4 in the input case and 2 more.',
    );
  });

  it('finds nothing between identical judgements', () => {
    expect(judgementDifferences(structuredClone(mine), mine, TEXT)).toEqual([]);
  });
});

describe('judgementSummary', () => {
  it('gives every aspect a line, "none" included', () => {
    expect(judgementSummary(emptyJudgement()).map((line) => line.text)).toEqual([
      'Factors ticked: none.',
      'Unlisted factors: none.',
      'Marks: none.',
      'Flags: none set.',
      'Comment: none.',
    ]);
    expect(
      judgementSummary({ ...mine, abstained: true, exact_phrase: true }).map((line) => line.text),
    ).toEqual([
      'Factors ticked: F4 in the input case.',
      'Unlisted factors: none.',
      'Marks: 1.',
      'Flags: Abstained, the exact phrase.',
      'Comment: “F4 is paraphrased.”.',
    ]);
  });
});
