import { describe, expect, it } from 'vitest';
import { buildJudgement } from '../test/factories.ts';
import { checkSpans, factorsWithoutSpan } from './span-rules.ts';

const asserted = {
  start: 0,
  end: 2,
  case: 'current',
  factor: 'F4',
  style: 'code',
  polarity: 'asserted',
} as const;

describe('checkSpans', () => {
  it('accepts a span inside the text that agrees with its case', () => {
    expect(checkSpans(buildJudgement({ spans: [asserted] }), 10)).toEqual([]);
  });
  it('refuses a span past the end of the text', () => {
    expect(checkSpans(buildJudgement({ spans: [{ ...asserted, end: 11 }] }), 10)).toEqual([
      'spans[0]: ends at 11, after the end of the text (10 characters)',
    ]);
  });
  it('refuses an asserted span for a factor its case does not list', () => {
    expect(checkSpans(buildJudgement({ spans: [{ ...asserted, case: 'tsc2' }] }), 10)[0]).toMatch(
      /tsc2 does not list F4/,
    );
  });
  it('lets a negated span name a factor absent from its case', () => {
    expect(
      checkSpans(buildJudgement({ spans: [{ ...asserted, case: 'tsc2', polarity: 'negated' }] }), 10),
    ).toEqual([]);
  });
});

describe('factorsWithoutSpan', () => {
  it('counts the ticked factors that no asserted span supports', () => {
    // buildJudgement ticks current F4, F6; tsc1 F4; tsc2 F10 — four marks, one evidenced.
    expect(factorsWithoutSpan(buildJudgement({ spans: [asserted] }))).toBe(3);
    expect(factorsWithoutSpan(buildJudgement({ spans: [{ ...asserted, polarity: 'negated' }] }))).toBe(4);
  });
});
