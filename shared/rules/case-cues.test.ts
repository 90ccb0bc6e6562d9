import { describe, expect, it } from 'vitest';
import { findCaseCues } from './case-cues.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';

function cues(text: string) {
  return findCaseCues(text, SHIPPED_LEXICON).map((cue) => [
    text.slice(cue.start, cue.end),
    cue.target.kind === 'cases' ? cue.target.cases.join('+') : cue.target.kind,
  ]);
}

describe('findCaseCues', () => {
  it('names the current case in its usual wordings', () => {
    expect(
      cues('the input case, the Input Scenario, this case, the present matter, here').map((c) => c[1]),
    ).toEqual(['current', 'current', 'current', 'current', 'current']);
  });

  it('reads "our" before a thing of the case, "ours" and "my client" as the current case, not "our view" (3.3.0)', () => {
    expect(cues("our gearbox and ours; my client's ledger; in our view; our analysis")).toEqual([
      ['our gearbox', 'current'],
      ['ours', 'current'],
      ['my client', 'current'],
    ]);
  });

  it('reads "there" after "the" and a noun as the precedent in focus even before "was" (3.3.0)', () => {
    expect(cues('The chemist there was alone. There was a lock.')).toEqual([['there', 'focus']]);
  });

  it('reads "this plaintiff" and "the present record" as the current case', () => {
    expect(cues('whereas this plaintiff mailed its plans; the instant record shows; our defendant')).toEqual([
      ['this plaintiff', 'current'],
      ['the instant record', 'current'],
      ['our defendant', 'current'],
    ]);
  });

  it('reads a bare "input" as the current case', () => {
    expect(cues('Input and TSC1 share F4; which input lacks')).toEqual([
      ['Input', 'current'],
      ['TSC1', 'tsc1'],
      ['input', 'current'],
    ]);
  });

  it('reads a bare "current" as the current case only where it qualifies no noun', () => {
    expect(cues('D: F21 in TSC1, not current; current has F25; F17 in current only; current & TSC1')).toEqual(
      [
        ['TSC1', 'tsc1'],
        ['current', 'current'],
        ['current', 'current'],
        ['current', 'current'],
        ['current', 'current'],
        ['TSC1', 'tsc1'],
      ],
    );
    expect(cues('his current employer; the current market; current and former employees')).toEqual([]);
  });

  it('names the precedents by number, position and plural', () => {
    expect(cues('TSC1, TSC 2, TSC-1, Trade Secret Case 2, the first precedent, both precedents')).toEqual([
      ['TSC1', 'tsc1'],
      ['TSC 2', 'tsc2'],
      ['TSC-1', 'tsc1'],
      ['Trade Secret Case 2', 'tsc2'],
      ['the first precedent', 'tsc1'],
      ['both precedents', 'tsc1+tsc2'],
    ]);
    expect(cues('all three cases')).toEqual([['all three cases', 'current+tsc1+tsc2']]);
  });

  it('reads "both times" as the pair and "one of these precedents" as unidentified', () => {
    expect(cues('Both times; each time; one of these precedents')).toEqual([
      ['Both times', 'pair'],
      ['each time', 'pair'],
      ['one of these precedents', 'unidentified'],
    ]);
  });

  it('names the precedents by position with an adjective between: "the second earlier case", "the first old decision", "case two"', () => {
    expect(
      cues('In the second earlier case; the first old decision; the first prior ruling; case two'),
    ).toEqual([
      ['the second earlier case', 'tsc2'],
      ['the first old decision', 'tsc1'],
      ['the first prior ruling', 'tsc1'],
      ['case two', 'tsc2'],
    ]);
  });

  it('marks references that need context', () => {
    expect(
      cues('In both, the plaintiff there; both also involve; the cited case; the precedent').map((c) => c[1]),
    ).toEqual(['pair', 'focus', 'pair', 'focus', 'focus']);
    expect(cues("the plaintiff's precedent and the counterexample").map((c) => c[1])).toEqual([
      'role',
      'counterexample',
    ]);
  });

  it('does not read existential "there" or "both" before a case name as references', () => {
    expect(cues('There is no evidence; there was none')).toEqual([]);
    expect(cues('in both TSC1 and the input case').map((c) => c[0])).toEqual(['TSC1', 'the input case']);
  });

  it('is not fooled by "present" as an adjective', () => {
    expect(cues('F4 is present in the facts')).toEqual([]);
  });
});
