import { describe, expect, it } from 'vitest';
import type { FactorId } from '../factors.ts';
import { emptyJudgement } from '../schemas/annotation.ts';
import { extractionSchema } from '../schemas/extraction.ts';
import { ALT_DECISIONS, altAlignment, extractionReading, judgementReading } from './alt-test-alignment.ts';
import { factorMask } from './factor-sets.ts';

const reading = (current: FactorId[], tsc1: FactorId[] = [], abstained = false) => ({
  masks: [factorMask(current), factorMask(tsc1), 0] as const,
  abstained,
});

describe('altAlignment', () => {
  it('is the Jaccard similarity of the asserted (case, factor) pairs (worked by hand)', () => {
    // A = {cur F1, cur F2, tsc1 F3}, B = {cur F1, tsc1 F3, tsc1 F4}: |A ∩ B| = 2, |A ∪ B| = 4.
    expect(altAlignment(reading(['F1', 'F2'], ['F3']), reading(['F1'], ['F3', 'F4']), 'jaccard')).toBe(0.5);
  });

  it('keeps the case: F1 in the current case is not F1 in TSC1', () => {
    expect(altAlignment(reading(['F1']), reading([], ['F1']), 'jaccard')).toBe(0);
  });

  it('counts abstention as one more element when flagged', () => {
    // {cur F1, abstained} against {abstained}: 1 of 2; {abstained} against {}: 0 of 1.
    expect(altAlignment(reading(['F1'], [], true), reading([], [], true), 'jaccard')).toBe(0.5);
    expect(altAlignment(reading([], [], true), reading([], [], false), 'jaccard')).toBe(0);
    expect(altAlignment(reading([], [], true), reading([], [], true), 'jaccard')).toBe(1);
  });

  it('aligns two empty readings at 1', () => {
    expect(altAlignment(reading([]), reading([]), 'jaccard')).toBe(1);
  });

  it('with accuracy, is the share of the 78 decisions agreed on (abstention not among them)', () => {
    expect(ALT_DECISIONS).toBe(78);
    // Symmetric difference {cur F2, tsc1 F4}: 1 − 2/78.
    expect(
      altAlignment(reading(['F1', 'F2'], ['F3']), reading(['F1'], ['F3', 'F4']), 'accuracy'),
    ).toBeCloseTo(76 / 78, 15);
    expect(altAlignment(reading([], [], true), reading([]), 'accuracy')).toBe(1);
  });
});

describe('readings', () => {
  it("takes an annotator's lists and abstained flag", () => {
    const judgement = { ...emptyJudgement(), current: ['F4' as const], abstained: true };
    expect(judgementReading(judgement)).toEqual({ masks: [factorMask(['F4']), 0, 0], abstained: true });
  });

  it("takes the extractor's flag where it sets one, else abstains when it asserts nothing", () => {
    const parse = (record: object) =>
      extractionReading(extractionSchema.parse({ argument_id: 'a1', extractor: 'x', ...record }));
    expect(parse({ current: ['F1'], abstained: true }).abstained).toBe(true);
    expect(parse({ abstained: false }).abstained).toBe(false);
    expect(parse({}).abstained).toBe(true);
    expect(parse({ current: ['F1'] }).abstained).toBe(false);
    // An unlisted mention is an assertion: not an abstention, though it is no element of the set.
    expect(parse({ unlisted: [{ case: 'current', text: 'F30 market dominance' }] })).toEqual({
      masks: [0, 0, 0],
      abstained: false,
    });
  });
});
