import { describe, expect, it } from 'vitest';
import { agreedJudgement } from './agreed-judgement.ts';
import { applyDecision } from './apply-decision.ts';
import { decisionHolds, decisionProblems, disagreementSubject, problemMessage } from './check-decisions.ts';
import { disagreements } from './disagreements.ts';
import { JUDGEMENT_A, JUDGEMENT_B } from './test-fixtures.ts';

const found = disagreements(JUDGEMENT_A, JUDGEMENT_B);
const agreed = agreedJudgement(JUDGEMENT_A, JUDGEMENT_B);

describe('decisionProblems', () => {
  it('accepts a draft with some disagreements undecided', () => {
    expect(decisionProblems(agreed, found, [{ disagreementId: 'cell:tsc1:F4', choice: 'b' }], false)).toEqual(
      [],
    );
  });

  it('refuses a decision naming no disagreement of the item', () => {
    expect(decisionProblems(agreed, found, [{ disagreementId: 'cell:tsc2:F1', choice: 'a' }], false)).toEqual(
      [
        {
          path: 'decisions[0].disagreementId',
          number: null,
          disagreementId: null,
          text: '"cell:tsc2:F1" is not a disagreement of this item; reload the item and decide what it lists',
        },
      ],
    );
  });

  it('refuses two decisions for one disagreement', () => {
    const problems = decisionProblems(
      agreed,
      found,
      [
        { disagreementId: 'flag:truncated', choice: 'a' },
        { disagreementId: 'flag:truncated', choice: 'b' },
      ],
      false,
    );
    expect(problems.map(problemMessage)).toEqual([
      'decisions[1].disagreementId: Disagreement 7 — the Truncated flag: decided twice (decisions[0] already does); keep one decision per disagreement',
    ]);
  });

  it('refuses to fix with disagreements undecided, naming the first as the screen numbers it and how many follow', () => {
    expect(
      decisionProblems(agreed, found, [{ disagreementId: 'cell:current:F7', choice: 'a' }], true),
    ).toEqual([
      {
        path: 'decisions',
        number: 2,
        disagreementId: 'cell:tsc1:F4',
        text: 'Disagreement 2 — F4 in TSC1: undecided (and 5 more after it); decide every disagreement before fixing the gold',
      },
    ]);
  });

  it('refuses to fix a gold that does not carry out a decision, numbered from 1 as on screen, saying what to do', () => {
    const problems = decisionProblems(
      agreed,
      found,
      [{ disagreementId: 'cell:current:F7', choice: 'b' }],
      true,
    );
    expect(problems[0]).toEqual({
      path: 'decisions[0]',
      number: 1,
      disagreementId: 'cell:current:F7',
      text: 'Disagreement 1 — F7 in the input case: decided as B (ticked), but the gold does not tick it. Choose B again to set it, or Edited to keep the gold as it is.',
    });
    expect(problemMessage(problems[0] ?? { path: '', number: null, disagreementId: null, text: '' })).toMatch(
      /^decisions\[0\]: Disagreement 1 — F7 in the input case: decided as B/,
    );
  });

  it("says to tick the cell again when a span decision's kept mark went with its unticked cell", () => {
    const span = found.find((disagreement) => disagreement.id === 'span:tsc1:F4:asserted:50-60');
    if (!span) throw new Error('the fixture lists span:tsc1:F4:asserted:50-60');
    // A's mark kept, then F4 unticked in TSC1: the mark went with it.
    const kept = applyDecision({ ...agreed, tsc1: ['F4'] }, span, 'a');
    const unticked = { ...kept, tsc1: [], spans: kept.spans.filter((mark) => mark.case !== 'tsc1') };
    const [problem] = decisionProblems(unticked, found, [{ disagreementId: span.id, choice: 'a' }], true);
    expect(problem?.text).toBe(
      "Disagreement 5 — a mark of F4 in TSC1: decided as A (A's mark kept), but the gold keeps neither mark: F4 in TSC1 is no longer ticked, which took the mark away. Tick F4 in TSC1 again (the mark comes back), or choose Edited to keep the gold as it is.",
    );
  });

  it('accepts every value for an edited resolution', () => {
    const problems = decisionProblems(
      agreed,
      found.filter((disagreement) => disagreement.id === 'flag:truncated'),
      [{ disagreementId: 'flag:truncated', choice: 'edited' }],
      true,
    );
    expect(problems).toEqual([]);
  });
});

describe('disagreementSubject', () => {
  it('names each kind as a sentence does', () => {
    expect(found.map(disagreementSubject)).toEqual([
      'F7 in the input case',
      'F4 in TSC1',
      'unlisted “Prior litigation” in TSC2',
      'a mark of F6 in the input case',
      'a mark of F4 in TSC1',
      'a mark of F7 in the input case',
      'the Truncated flag',
    ]);
  });
});

describe('decisionHolds', () => {
  const tsc1F4 = found.find((disagreement) => disagreement.id === 'cell:tsc1:F4');
  if (!tsc1F4) throw new Error('the fixture lists cell:tsc1:F4');

  it('holds when the gold has the value the choice gives (A ticked F4 in TSC1)', () => {
    expect(decisionHolds({ ...agreed, tsc1: ['F4'] }, tsc1F4, 'a')).toBe(true);
    expect(decisionHolds(agreed, tsc1F4, 'b')).toBe(true);
  });

  it('fails once the gold no longer carries the choice out', () => {
    expect(decisionHolds(agreed, tsc1F4, 'a')).toBe(false);
    expect(decisionHolds({ ...agreed, tsc1: ['F4'] }, tsc1F4, 'neither')).toBe(false);
  });

  it('always holds for an edited value', () => {
    expect(decisionHolds(agreed, tsc1F4, 'edited')).toBe(true);
    expect(decisionHolds({ ...agreed, tsc1: ['F4'] }, tsc1F4, 'edited')).toBe(true);
  });
});
