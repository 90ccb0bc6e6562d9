import { describe, expect, it } from 'vitest';
import { extractorVsGold } from './extractor-vs-gold.ts';
import { indexStudy } from './study-index.ts';
import { extraction, smallStudy } from './test-fixtures.ts';

const OPTIONS = { seed: 3, replicates: 300, level: 0.95, stratified: false };

describe('extractorVsGold', () => {
  // smallStudy: a1 6 tp; a2 5 tp + TSC2 F4 fn; a3 5 tp + TSC1 F3 fp; a4 6 tp + current F5 fp.
  const section = extractorVsGold(indexStudy(smallStudy()), OPTIONS).x;

  it('pools units: tp 22, fp 2, fn 1 → P 22/24, R 22/23, F1 44/47', () => {
    expect(section).toBeDefined();
    expect(section?.micro).toMatchObject({ tp: 22, fp: 2, fn: 1 });
    expect(section?.micro.precision.value).toBeCloseTo(22 / 24, 12);
    expect(section?.micro.recall.value).toBeCloseTo(22 / 23, 12);
    expect(section?.micro.f1.value).toBeCloseTo(44 / 47, 12);
    expect(section?.micro.precision.method).toBe('cluster-bootstrap');
    expect(section?.micro.precision.wilson).not.toBeNull();
  });

  it('splits by model: m1 tp 11 fn 1; m2 tp 11 fp 2', () => {
    expect(section?.by_model.m1).toMatchObject({ tp: 11, fp: 0, fn: 1 });
    expect(section?.by_model.m2).toMatchObject({ tp: 11, fp: 2, fn: 0 });
    expect(section?.by_model.m2?.precision.value).toBeCloseTo(11 / 13, 12);
  });

  it('gives κ over the 78 decisions of each argument: 12624/13560', () => {
    // a = 22, gold only b = 1, extractor only c = 2, d = 312 − 25 = 287; C = 23·24 + 289·288 = 83784;
    // κ = (312·309 − 83784)/(312² − 83784) = 12624/13560.
    expect(section?.kappa.value).toBeCloseTo(12624 / 13560, 12);
    expect(section?.agreement.decisions).toBe(312);
  });

  it('macro-averages the factors with at least one unit, listing the rest', () => {
    // F1 tp 8; F2 tp 8; F3 tp 3 fp 1; F4 tp 3 fn 1; F5 fp 1 → precisions 1, 1, 3/4, 1, 0 → mean 0.75.
    expect(section?.macro.factors_included).toBe(5);
    expect(section?.macro.factors_left_out).toHaveLength(21);
    expect(section?.macro.precision.value).toBeCloseTo((1 + 1 + 0.75 + 1 + 0) / 5, 12);
    expect(section?.by_factor.F5).toMatchObject({ tp: 0, fp: 1, fn: 0 });
  });

  it('leaves failed and missing extractions out, and counts them', () => {
    const input = smallStudy();
    const index = indexStudy({
      ...input,
      extractions: [
        extraction({ argument_id: 'a1', current: ['F1', 'F2'], tsc1: ['F2', 'F3'], tsc2: ['F1', 'F4'] }),
        extraction({ argument_id: 'a2', status: 'failed', error: 'timeout' }),
      ],
    });
    const failed = extractorVsGold(index, OPTIONS).x;
    expect(failed).toMatchObject({ items: 1, failed: 1, missing: 2 });
    expect(failed?.micro).toMatchObject({ tp: 6, fp: 0, fn: 0 });
  });

  it('resamples reproducibly and keeps each estimate inside its interval here', () => {
    const again = extractorVsGold(indexStudy(smallStudy()), OPTIONS).x;
    expect(again?.micro.precision.ci).toEqual(section?.micro.precision.ci);
    const { value, ci } = section?.micro.recall ?? { value: null, ci: null };
    expect(ci && value !== null && ci.lower <= value && value <= ci.upper).toBe(true);
  });
});
