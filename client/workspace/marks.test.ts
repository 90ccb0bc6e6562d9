import { describe, expect, it } from 'vitest';
import { emptyJudgement, judgementSchema } from '../../shared/schemas/annotation.ts';
import { checkSpans } from '../../shared/span-rules.ts';
import { addSpan, toggleCell } from './judgement-edit.ts';
import { addMark, type MarkInput, markOfSpan, marksOf, removeMark, replaceMark } from './marks.ts';

// "F4 and F6 were present in both the input case and TSC1." (guideline rule 2)
const TEXT = 'F4 and F6 were present in both the input case and TSC1. F5 is not present in TSC2.';
const SHARED: MarkInput = {
  start: 7,
  end: 9,
  factor: 'F6',
  polarity: 'asserted',
  style: 'code',
  cases: ['tsc1', 'current'],
};
const F4: MarkInput = { ...SHARED, start: 0, end: 2, factor: 'F4', cases: ['current'] };
const F5_NEGATED: MarkInput = {
  start: 56,
  end: 58,
  factor: 'F5',
  polarity: 'negated',
  style: 'code',
  cases: ['tsc2'],
};

const consistent = (judgement: ReturnType<typeof emptyJudgement>) => {
  expect(judgementSchema.parse(judgement)).toEqual(judgement);
  expect(checkSpans(judgement, TEXT.length)).toEqual([]);
  return judgement;
};

describe('marks', () => {
  it('store a mark of two cases as two spans with the same offsets, and read them back as one', () => {
    const judgement = consistent(addMark(emptyJudgement(), SHARED));
    expect(judgement.spans).toEqual([
      { start: 7, end: 9, case: 'current', factor: 'F6', polarity: 'asserted', style: 'code' },
      { start: 7, end: 9, case: 'tsc1', factor: 'F6', polarity: 'asserted', style: 'code' },
    ]);
    expect(judgement.current).toEqual(['F6']);
    expect(judgement.tsc1).toEqual(['F6']);
    expect(marksOf(judgement)).toEqual([{ ...SHARED, cases: ['current', 'tsc1'], indices: [0, 1] }]);
  });

  it('keep marks apart that differ in anything but the case, in the order of their spans', () => {
    const judgement = consistent(
      ([F5_NEGATED, SHARED, F4, { ...SHARED, style: 'name', cases: ['tsc2'] }] satisfies MarkInput[]).reduce(
        addMark,
        emptyJudgement(),
      ),
    );
    const marks = marksOf(judgement);
    expect(marks.map((mark) => [mark.factor, mark.style, mark.cases, mark.indices])).toEqual([
      ['F4', 'code', ['current'], [0]],
      ['F6', 'code', ['current', 'tsc1'], [1, 2]],
      ['F6', 'name', ['tsc2'], [3]],
      ['F5', 'code', ['tsc2'], [4]],
    ]);
    expect(markOfSpan(marks, 2)?.factor).toBe('F6');
    expect(markOfSpan(marks, 9)).toBeUndefined();
  });

  it('remove a mark whole, unticking each cell it was the last evidence of', () => {
    const withF6ByHand = toggleCell(emptyJudgement(), 'tsc2', 'F6');
    const judgement = addMark(addMark(withF6ByHand, F4), SHARED);
    const [, shared] = marksOf(judgement);
    if (!shared) throw new Error('no shared mark');
    const removed = consistent(removeMark(judgement, shared));
    expect(removed.spans).toHaveLength(1);
    expect(removed.current).toEqual(['F4']);
    expect(removed.tsc1).toEqual([]);
    expect(removed.tsc2).toEqual(['F6']);
  });

  it('replace a mark by another set of cases, keeping the spans of other marks', () => {
    const judgement = addMark(addMark(emptyJudgement(), F4), SHARED);
    const [, shared] = marksOf(judgement);
    if (!shared) throw new Error('no shared mark');
    const replaced = consistent(replaceMark(judgement, shared, { ...SHARED, cases: ['tsc2'] }));
    expect(marksOf(replaced).map((mark) => [mark.factor, mark.cases])).toEqual([
      ['F4', ['current']],
      ['F6', ['tsc2']],
    ]);
    expect(replaced.current).toEqual(['F4']);
    expect(replaced.tsc1).toEqual([]);
    expect(replaceMark(judgement, shared, { ...SHARED, cases: ['tsc1', 'current'] })).toBe(judgement);
  });

  it('refuse a mark without a case', () => {
    expect(() => addMark(emptyJudgement(), { ...SHARED, cases: [] })).toThrow(RangeError);
  });

  it('read spans made one per case, before marks had several, as one mark', () => {
    const span = { start: 0, end: 2, factor: 'F4', polarity: 'asserted', style: 'code' } as const;
    const oneByOne = addSpan(addSpan(emptyJudgement(), { ...span, case: 'tsc1' }), {
      ...span,
      case: 'current',
    });
    expect(marksOf(oneByOne).map((mark) => mark.cases)).toEqual([['current', 'tsc1']]);
  });
});
