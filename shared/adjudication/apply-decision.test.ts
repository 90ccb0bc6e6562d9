import { describe, expect, it } from 'vitest';
import type { Disagreement, ResolutionChoice } from '../adjudication-api.ts';
import { agreedJudgement } from './agreed-judgement.ts';
import { applyDecision, disputedValue, resolvedValue } from './apply-decision.ts';
import { disagreements } from './disagreements.ts';
import { A_SPANS, B_SPANS, JUDGEMENT_A, JUDGEMENT_B } from './test-fixtures.ts';

const found = disagreements(JUDGEMENT_A, JUDGEMENT_B);
const byId = (id: string): Disagreement => {
  const disagreement = found.find((candidate) => candidate.id === id);
  if (!disagreement) throw new Error(`no disagreement ${id}`);
  return disagreement;
};
const agreed = agreedJudgement(JUDGEMENT_A, JUDGEMENT_B);
const CHOICES: ResolutionChoice[] = ['a', 'b', 'both', 'neither'];

describe('resolvedValue', () => {
  it('gives a cell A’s value, B’s, the union, or absent', () => {
    const cell = byId('cell:tsc1:F4');
    expect(CHOICES.map((choice) => resolvedValue(cell, choice))).toEqual([true, false, true, false]);
  });

  it('gives a span dispute the spans the choice keeps', () => {
    const style = byId('span:current:F6:asserted:20-40/25-45');
    expect(CHOICES.map((choice) => resolvedValue(style, choice))).toEqual([
      { a: true, b: false },
      { a: false, b: true },
      { a: true, b: true },
      { a: false, b: false },
    ]);
  });

  it('keeps no span when the side chosen has none', () => {
    expect(resolvedValue(byId('span:current:F7:asserted:90-95'), 'a')).toEqual({ a: false, b: false });
  });

  it('gives no value for an edited resolution', () => {
    expect(resolvedValue(byId('flag:truncated'), 'edited')).toBeNull();
  });
});

describe('disputedValue', () => {
  it('reads each kind of disputed point from a judgement', () => {
    expect(disputedValue(JUDGEMENT_A, byId('cell:tsc1:F4'))).toBe(true);
    expect(disputedValue(JUDGEMENT_B, byId('unlisted:tsc2:prior litigation'))).toBe(true);
    expect(disputedValue(JUDGEMENT_B, byId('flag:truncated'))).toBe(true);
    expect(disputedValue(JUDGEMENT_B, byId('span:current:F6:asserted:20-40/25-45'))).toEqual({
      a: false,
      b: true,
    });
  });

  it('does not count a span of another style as a copy', () => {
    const restyled = { ...agreed, spans: [{ ...A_SPANS.f6, style: 'code' as const }] };
    expect(disputedValue(restyled, byId('span:current:F6:asserted:20-40/25-45'))).toEqual({
      a: false,
      b: false,
    });
  });
});

describe('applyDecision', () => {
  it('ticks a cell in catalogue order, or unticks it', () => {
    const ticked = applyDecision(agreed, byId('cell:current:F7'), 'b');
    expect(ticked.current).toEqual(['F4', 'F6', 'F7']);
    expect(applyDecision(ticked, byId('cell:current:F7'), 'neither').current).toEqual(['F4', 'F6']);
  });

  it('adds an unlisted factor in the disputing side’s wording, or removes it', () => {
    const added = applyDecision(agreed, byId('unlisted:tsc2:prior litigation'), 'both');
    expect(added.unlisted).toContainEqual({ case: 'tsc2', text: 'Prior litigation' });
    expect(applyDecision(added, byId('unlisted:tsc2:prior litigation'), 'a').unlisted).toEqual(
      agreed.unlisted,
    );
  });

  it('sets a flag', () => {
    expect(applyDecision(agreed, byId('flag:truncated'), 'both').truncated).toBe(true);
  });

  it('keeps the chosen span of a style dispute and drops the other', () => {
    const both = applyDecision(agreed, byId('span:current:F6:asserted:20-40/25-45'), 'both');
    expect(both.spans).toEqual([...agreed.spans, A_SPANS.f6, B_SPANS.f6]);
    const onlyB = applyDecision(both, byId('span:current:F6:asserted:20-40/25-45'), 'b');
    expect(onlyB.spans).toEqual([...agreed.spans, B_SPANS.f6]);
  });

  it('leaves the gold as it is for an edited resolution', () => {
    expect(applyDecision(agreed, byId('cell:current:F7'), 'edited')).toBe(agreed);
  });

  it('changes only the point decided', () => {
    for (const disagreement of found)
      for (const choice of CHOICES) {
        const resolved = applyDecision(agreed, disagreement, choice);
        for (const other of found)
          if (other.id !== disagreement.id)
            expect(disputedValue(resolved, other)).toEqual(disputedValue(agreed, other));
        expect(disputedValue(resolved, disagreement)).toEqual(resolvedValue(disagreement, choice));
      }
  });
});
