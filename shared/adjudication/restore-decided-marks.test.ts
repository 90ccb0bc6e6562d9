import { describe, expect, it } from 'vitest';
import type { Decision } from '../adjudication-api.ts';
import type { Judgement } from '../schemas/annotation.ts';
import { agreedJudgement } from './agreed-judgement.ts';
import { disagreements } from './disagreements.ts';
import { goldFromDecisions } from './gold-from-decisions.ts';
import { restoreDecidedMarks } from './restore-decided-marks.ts';
import { A_SPANS, B_SPANS, JUDGEMENT_A, JUDGEMENT_B, span } from './test-fixtures.ts';

const found = disagreements(JUDGEMENT_A, JUDGEMENT_B);
const F6 = { case: 'current', factor: 'F6' } as const;

/** The gold with F6 unticked in the input case (its asserted marks go, as the grid does) and ticked again. */
function untickedAndTickedAgain(gold: Judgement): Judgement {
  const spans = gold.spans.filter(
    (mark) => !(mark.case === 'current' && mark.factor === 'F6' && mark.polarity === 'asserted'),
  );
  return { ...gold, spans, current: gold.current.includes('F6') ? gold.current : [...gold.current, 'F6'] };
}

describe('restoreDecidedMarks', () => {
  it("brings back the mark a decision kept (disagreement 4: B's style of F6), and only that", () => {
    const decisions: Decision[] = [{ disagreementId: 'span:current:F6:asserted:20-40/25-45', choice: 'b' }];
    const gold = goldFromDecisions(JUDGEMENT_A, JUDGEMENT_B, decisions);
    expect(gold.spans).toContainEqual(B_SPANS.f6);
    const ticked = untickedAndTickedAgain(gold);
    expect(ticked.spans).not.toContainEqual(B_SPANS.f6);

    const back = restoreDecidedMarks(ticked, found, decisions, F6);
    expect(back.restored).toEqual([4]);
    expect(back.ownMarksGone).toEqual([]);
    expect(back.judgement.spans).toContainEqual(B_SPANS.f6);
    expect(back.judgement.spans).not.toContainEqual(A_SPANS.f6);
  });

  it('names an Edited decision whose own marks are gone instead of guessing them', () => {
    const own = span(22, 42, 'current', 'F6', 'paraphrase');
    const decisions: Decision[] = [
      { disagreementId: 'span:current:F6:asserted:20-40/25-45', choice: 'edited' },
    ];
    const gold = { ...agreedJudgement(JUDGEMENT_A, JUDGEMENT_B), spans: [own] };
    const back = restoreDecidedMarks(untickedAndTickedAgain(gold), found, decisions, F6);
    expect(back).toMatchObject({ restored: [], ownMarksGone: [4] });
    expect(back.judgement.spans).not.toContainEqual(own);
    // While an own mark of that mention is still there, nothing is said.
    expect(restoreDecidedMarks(gold, found, decisions, F6).ownMarksGone).toEqual([]);
  });

  it('leaves the gold as it is for undecided disagreements, decisions that still hold, and other cells', () => {
    const agreed = agreedJudgement(JUDGEMENT_A, JUDGEMENT_B);
    const ticked = untickedAndTickedAgain(agreed);
    expect(restoreDecidedMarks(ticked, found, [], F6).judgement).toBe(ticked);
    const decided: Decision[] = [
      { disagreementId: 'span:current:F6:asserted:20-40/25-45', choice: 'neither' },
    ];
    expect(restoreDecidedMarks(ticked, found, decided, F6)).toEqual({
      judgement: ticked,
      restored: [],
      ownMarksGone: [],
    });
    const otherCell = restoreDecidedMarks(ticked, found, decided, { case: 'tsc1', factor: 'F4' });
    expect(otherCell.judgement).toBe(ticked);
  });
});
