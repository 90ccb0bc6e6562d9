import { describe, expect, it } from 'vitest';
import type { Decision } from '../adjudication-api.ts';
import { checkSpans } from '../span-rules.ts';
import { agreedJudgement } from './agreed-judgement.ts';
import { disputedValue, resolvedValue } from './apply-decision.ts';
import { decisionProblems } from './check-decisions.ts';
import { disagreements } from './disagreements.ts';
import { goldFromDecisions, settleJudgementRules } from './gold-from-decisions.ts';
import { A_SPANS, B_SPANS, JUDGEMENT_A, JUDGEMENT_B, judgement, span } from './test-fixtures.ts';

const DECISIONS: Decision[] = [
  { disagreementId: 'cell:current:F7', choice: 'b', rationale: 'the rebuttal names F7' },
  { disagreementId: 'cell:tsc1:F4', choice: 'neither' },
  { disagreementId: 'unlisted:tsc2:prior litigation', choice: 'both' },
  { disagreementId: 'span:current:F6:asserted:20-40/25-45', choice: 'a' },
  { disagreementId: 'span:tsc1:F4:asserted:50-60', choice: 'neither' },
  { disagreementId: 'span:current:F7:asserted:90-95', choice: 'b' },
  { disagreementId: 'flag:truncated', choice: 'b' },
];

describe('goldFromDecisions', () => {
  it('equals the chosen resolutions, point by point', () => {
    const gold = goldFromDecisions(JUDGEMENT_A, JUDGEMENT_B, DECISIONS);
    const found = disagreements(JUDGEMENT_A, JUDGEMENT_B);
    for (const decision of DECISIONS) {
      const disagreement = found.find((candidate) => candidate.id === decision.disagreementId);
      if (!disagreement) throw new Error(`no disagreement ${decision.disagreementId}`);
      expect(disputedValue(gold, disagreement), decision.disagreementId).toEqual(
        resolvedValue(disagreement, decision.choice),
      );
    }
    expect(decisionProblems(gold, found, DECISIONS, true)).toEqual([]);
  });

  it('builds the expected gold from the fixture’s decisions', () => {
    expect(goldFromDecisions(JUDGEMENT_A, JUDGEMENT_B, DECISIONS)).toEqual({
      current: ['F4', 'F6', 'F7'],
      tsc1: [],
      tsc2: ['F10'],
      unlisted: [
        { case: 'current', text: 'F30 Market-dominance' },
        { case: 'tsc2', text: 'Prior litigation' },
      ],
      abstained: false,
      exact_phrase: false,
      truncated: true,
      spans: [A_SPANS.f4, A_SPANS.f5Negated, A_SPANS.f6, B_SPANS.f7],
      guideline_version: '1.0',
    });
  });

  it('is the agreed judgement when nothing is decided', () => {
    expect(goldFromDecisions(JUDGEMENT_A, JUDGEMENT_B, [])).toEqual(
      agreedJudgement(JUDGEMENT_A, JUDGEMENT_B),
    );
  });

  it('does not depend on the order of the decisions', () => {
    expect(goldFromDecisions(JUDGEMENT_A, JUDGEMENT_B, [...DECISIONS].reverse())).toEqual(
      goldFromDecisions(JUDGEMENT_A, JUDGEMENT_B, DECISIONS),
    );
  });

  it('ignores a decision naming no disagreement', () => {
    expect(
      goldFromDecisions(JUDGEMENT_A, JUDGEMENT_B, [{ disagreementId: 'cell:current:F1', choice: 'a' }]),
    ).toEqual(agreedJudgement(JUDGEMENT_A, JUDGEMENT_B));
  });

  it('takes an edited point from the adjudicator’s own version, a corrected span included', () => {
    const corrected = span(22, 41, 'current', 'F6', 'paraphrase');
    const edited = judgement({ tsc1: ['F4'], truncated: false, spans: [corrected] });
    const gold = goldFromDecisions(
      JUDGEMENT_A,
      JUDGEMENT_B,
      [
        { disagreementId: 'cell:tsc1:F4', choice: 'edited' },
        { disagreementId: 'span:current:F6:asserted:20-40/25-45', choice: 'edited' },
        { disagreementId: 'flag:truncated', choice: 'edited' },
      ],
      edited,
    );
    expect(gold.tsc1).toEqual(['F4']);
    expect(gold.truncated).toBe(false);
    expect(gold.spans).toEqual([A_SPANS.f4, A_SPANS.f5Negated, corrected]);
  });

  it('lets the cell win when decisions contradict the span rule, and says so when fixing', () => {
    const contradicting: Decision[] = [
      { disagreementId: 'cell:tsc1:F4', choice: 'neither' },
      { disagreementId: 'span:tsc1:F4:asserted:50-60', choice: 'a' },
    ];
    const gold = goldFromDecisions(JUDGEMENT_A, JUDGEMENT_B, contradicting);
    expect(gold.spans).not.toContainEqual(A_SPANS.tsc1F4);
    expect(checkSpans(gold, 100)).toEqual([]);
    const problems = decisionProblems(gold, disagreements(JUDGEMENT_A, JUDGEMENT_B), contradicting, false);
    expect(problems).toEqual([]);
    const whenFixing = decisionProblems(gold, disagreements(JUDGEMENT_A, JUDGEMENT_B), contradicting, true);
    expect(whenFixing[0]?.text).toBe(
      "Disagreement 5 — a mark of F4 in TSC1: decided as A (A's mark kept), but the gold keeps neither mark: Disagreement 2 leaves F4 in TSC1 unticked (decided as Neither), and a mark needs its factor ticked. The two decisions contradict each other: choose Neither here, or change Disagreement 2.",
    );
  });
});

describe('settleJudgementRules', () => {
  it('drops an asserted span of an unticked factor and keeps negated and unlisted ones', () => {
    const unlisted = span(0, 5, 'tsc1', 'unlisted', 'code', 'asserted', 'F30');
    const settled = settleJudgementRules(judgement({ spans: [A_SPANS.f4, A_SPANS.f5Negated, unlisted] }));
    expect(settled.spans).toEqual([A_SPANS.f5Negated, unlisted]);
  });

  it('clears exact_phrase without abstained', () => {
    expect(settleJudgementRules(judgement({ exact_phrase: true })).exact_phrase).toBe(false);
    expect(settleJudgementRules(judgement({ abstained: true, exact_phrase: true })).exact_phrase).toBe(true);
  });
});
