import { describe, expect, it } from 'vitest';
import { type AssertedSets, type CaseMasks, factorMask } from '../scoring/factor-sets.ts';
import { ensembleValues, metricDisagreement, metricValues } from './two-extractor-readings.ts';

const none = (): AssertedSets['unlisted'] => [new Set(), new Set(), new Set()];
const sets = (current: string[], tsc1: string[] = [], tsc2: string[] = []): AssertedSets => ({
  masks: [
    factorMask(current as Parameters<typeof factorMask>[0]),
    factorMask(tsc1 as Parameters<typeof factorMask>[0]),
    factorMask(tsc2 as Parameters<typeof factorMask>[0]),
  ],
  unlisted: none(),
});
// G: current {F1, F2, F3, F4}, TSC1 {}, TSC2 {}: N = 4.
const truth: CaseMasks = sets(['F1', 'F2', 'F3', 'F4']).masks;

describe('two extractors read one argument', () => {
  it('one reader: AccH 1 − NH/N, RecU 1 − NU/N, the empty indicator', () => {
    expect(metricValues(truth, sets(['F1', 'F2', 'F5']))).toEqual({ acch: 0.75, recu: 0.5, abstain: 0 });
    expect(metricValues(truth, sets([]))).toEqual({ acch: 1, recu: 0, abstain: 1 });
  });

  it('ensemble: AccH the mean of the two, RecU of the union, the primary’s empty indicator', () => {
    // Primary: F1, F2 and an extra F5; second: F1, F3.
    const primary = sets(['F1', 'F2', 'F5']);
    const second = sets(['F1', 'F3']);
    const values = ensembleValues(truth, primary, second);
    expect(values.acch).toBeCloseTo((0.75 + 1) / 2, 12);
    expect(values.recu).toBeCloseTo(0.75, 12); // F1, F2, F3 of 4 used by the union
    expect(values.abstain).toBe(0);
    // Without the second reading: the primary's own values.
    expect(ensembleValues(truth, primary, null)).toEqual(metricValues(truth, primary));
  });

  it('per-metric disagreement: hallucinated units one lists and the other not; used factors only the second lists', () => {
    // Primary: F1, F2, F5 (F5 hallucinated); second: F1, F3, F6 (F6 hallucinated).
    const d = metricDisagreement(truth, sets(['F1', 'F2', 'F5']), sets(['F1', 'F3', 'F6']));
    expect(d.acch).toBeCloseTo(2 / 4, 12); // F5 and F6
    expect(d.recu).toBeCloseTo(1 / 4, 12); // F3: the primary may have missed it; F2 (second's miss) does not count
    expect(metricDisagreement(truth, sets(['F1']), null)).toEqual({ acch: 1, recu: 1 });
    expect(metricDisagreement(truth, sets(['F1']), sets(['F1']))).toEqual({ acch: 0, recu: 0 });
  });
});
