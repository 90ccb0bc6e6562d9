import { describe, expect, it } from 'vitest';
import { agreedJudgement } from './agreed-judgement.ts';
import { decisionHolds, decisionProblems } from './check-decisions.ts';
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
        'decisions[0].disagreementId: "cell:tsc2:F1" is not a disagreement of this item; reload the item and decide what it lists',
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
    expect(problems).toEqual([
      'decisions[1].disagreementId: decides "flag:truncated" again (decisions[0] already does); keep one decision per disagreement',
    ]);
  });

  it('refuses to fix with disagreements undecided, naming how many and the first', () => {
    expect(decisionProblems(agreed, found, [], true)).toEqual([
      'decisions: 7 disagreements undecided (first: cell:current:F7); decide every one before fixing the gold',
    ]);
  });

  it('refuses to fix a gold that does not carry out a decision', () => {
    const problems = decisionProblems(
      agreed,
      found,
      [{ disagreementId: 'cell:current:F7', choice: 'b' }],
      true,
    );
    expect(problems[0]).toBe(
      'decisions[0]: resolved as B (F7 ticked in current), but the gold has F7 not ticked in current; change the gold or choose "edited"',
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
