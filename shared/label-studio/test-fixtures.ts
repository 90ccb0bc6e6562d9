/**
 * A frozen argument and a judgement that uses every part of the mapping, for the tests of this folder
 * (not part of the public API): spans of each style and polarity under two cases, an unlisted span with
 * its wording, ticks without spans, unlisted factors of two cases, flags, comment and guideline version.
 */
import { emptyJudgement, type Judgement } from '../schemas/annotation.ts';

export const TEXT =
  'The defendant signed a confidentiality agreement (F4). TSC1 lacks F6. Market-dominance mattered in TSC2. Agreed-not-to-disclose also held in TSC1.';

export function richJudgement(): Judgement {
  return {
    ...emptyJudgement(),
    current: ['F4', 'F10'],
    tsc1: ['F4'],
    tsc2: [],
    unlisted: [
      { case: 'tsc2', text: 'Market-dominance' },
      { case: 'current', text: 'F30 Prior litigation' },
    ],
    abstained: true,
    exact_phrase: true,
    truncated: true,
    spans: [
      { start: 14, end: 48, case: 'current', factor: 'F4', style: 'paraphrase', polarity: 'asserted' },
      { start: 50, end: 52, case: 'current', factor: 'F4', style: 'code', polarity: 'asserted' },
      { start: 55, end: 69, case: 'tsc1', factor: 'F6', style: 'code', polarity: 'negated' },
      {
        start: 70,
        end: 86,
        case: 'tsc2',
        factor: 'unlisted',
        style: 'name',
        polarity: 'asserted',
        text: 'Market-dominance',
      },
      { start: 104, end: 126, case: 'tsc1', factor: 'F4', style: 'name', polarity: 'asserted' },
    ],
    comment: 'clear | "quoted"\nsecond line',
    guideline_version: '2025-06.1',
  };
}
