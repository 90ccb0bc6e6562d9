import { describe, expect, it } from 'vitest';
import { factorIndex } from './factor-sets.ts';
import { mentionEvidence } from './mention-evidence.ts';
import { judgement } from './test-fixtures.ts';

const span = (
  caseId: 'current' | 'tsc1' | 'tsc2',
  factor: 'F4' | 'F5' | 'F6' | 'unlisted',
  style: 'code' | 'name' | 'paraphrase',
  polarity: 'asserted' | 'negated' = 'asserted',
  text?: string,
) => ({ start: 0, end: 5, case: caseId, factor, style, polarity, ...(text === undefined ? {} : { text }) });

describe('mentionEvidence', () => {
  it('takes the strongest style of a unit: code > name > paraphrase', () => {
    const evidence = mentionEvidence(
      judgement({
        current: ['F4', 'F6'],
        spans: [
          span('current', 'F4', 'paraphrase'),
          span('current', 'F4', 'code'),
          span('current', 'F6', 'paraphrase'),
          span('current', 'F6', 'name'),
        ],
      }),
    );
    expect(evidence.factorStyle(0, factorIndex('F4'))).toBe('code');
    expect(evidence.factorStyle(0, factorIndex('F6'))).toBe('name');
  });

  it('calls a unit without an asserted span unspanned, and keeps cases apart', () => {
    const evidence = mentionEvidence(
      judgement({ current: ['F4'], tsc1: ['F4'], spans: [span('tsc1', 'F4', 'name')] }),
    );
    expect(evidence.factorStyle(0, factorIndex('F4'))).toBe('unspanned');
    expect(evidence.factorStyle(1, factorIndex('F4'))).toBe('name');
  });

  it('marks negated mentions the judgement does not assert, and only those', () => {
    // F5 negated in TSC1 and not listed → negated; F4 negated in current but also listed → asserted, not negated.
    const evidence = mentionEvidence(
      judgement({
        current: ['F4'],
        spans: [
          span('tsc1', 'F5', 'code', 'negated'),
          span('current', 'F4', 'code', 'negated'),
          span('current', 'F4', 'code'),
        ],
      }),
    );
    expect(evidence.negated).toEqual([0, 1 << factorIndex('F5'), 0]);
    expect(evidence.factorStyle(0, factorIndex('F4'))).toBe('code');
  });

  it('matches unlisted spans by their normalised text', () => {
    const evidence = mentionEvidence(
      judgement({
        unlisted: [{ case: 'current', text: 'F30 Market-dominance' }],
        spans: [span('current', 'unlisted', 'name', 'asserted', 'f30 market DOMINANCE')],
      }),
    );
    expect(evidence.unlistedStyle(0, 'f30 market dominance')).toBe('name');
    expect(evidence.unlistedStyle(1, 'f30 market dominance')).toBe('unspanned');
  });
});
