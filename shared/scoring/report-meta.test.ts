import { describe, expect, it } from 'vitest';
import { emptyJudgement, judgementSchema } from '../schemas/annotation.ts';
import { countMarksWithoutSpan, designNotes } from './report-meta.ts';

describe('countMarksWithoutSpan', () => {
  it('counts ticked factors, and those without an asserted span as evidence', () => {
    const judgement = judgementSchema.parse({
      ...emptyJudgement(),
      current: ['F4', 'F6'],
      tsc1: ['F4'],
      spans: [{ start: 0, end: 5, case: 'current', factor: 'F4', polarity: 'asserted', style: 'code' }],
    });
    expect(countMarksWithoutSpan([judgement])).toEqual({ marks: 3, without_span: 2 });
    expect(countMarksWithoutSpan([])).toEqual({ marks: 0, without_span: 0 });
  });
});

describe('designNotes', () => {
  const design = { version: 2, strataBy: ['model'], excludedPrevious: false, strata: [], sampled: [] };

  it('says the gold stands in for a sample when none was drawn', () => {
    expect(designNotes(null, { gold: 3, drawn: 0, drawnWithGold: 0 })[0]).toMatch(
      /^No sample has been drawn/,
    );
  });

  it('says how much gold lies outside the sample', () => {
    expect(designNotes(design, { gold: 5, drawn: 4, drawnWithGold: 3 })).toEqual([
      '2 gold argument(s) lie outside sample version 2: they count in the gold figures, not in the corrected estimates.',
    ]);
  });

  it('says nothing when every gold argument was drawn', () => {
    expect(designNotes(design, { gold: 3, drawn: 4, drawnWithGold: 3 })).toEqual([]);
  });
});
