import { describe, expect, it } from 'vitest';
import { cellMetrics } from './cell-metrics.ts';
import { correctedEstimates } from './corrected-estimates.ts';
import type { ReportInput } from './report-input.ts';
import { indexStudy } from './study-index.ts';
import { argument, extraction, judgement, TRIPLE_T, TRIPLE_U } from './test-fixtures.ts';

const G = { current: TRIPLE_T.current.factors, tsc1: TRIPLE_T.tsc1.factors, tsc2: TRIPLE_T.tsc2.factors };

/**
 * Model m, Test 1: four arguments over triple T, the design drew a1, a2, a3 (gold on those); Test 2:
 * two arguments, a5 drawn. The extractor adds current F5 on a1 and a4 (AccH 5/6); gold never does.
 * The arithmetic of each figure is in its test.
 */
function input(): ReportInput {
  const args = [
    argument('a1', 'm', 1),
    argument('a2', 'm', 1),
    argument('a3', 'm', 1),
    argument('a4', 'm', 1),
    { ...argument('a5', 'm', 2), triple_id: 'T2' },
    { ...argument('a6', 'm', 2), triple_id: 'T2' },
  ];
  return {
    study: 's',
    triples: [TRIPLE_T, { ...TRIPLE_T, id: 'T2', mode: 'reordered' }, TRIPLE_U],
    arguments: args,
    extractions: args.map((a) =>
      extraction({
        argument_id: a.id,
        ...G,
        ...(a.id === 'a1' || a.id === 'a4' ? { current: ['F1', 'F2', 'F5'] } : {}),
      }),
    ),
    annotations: [],
    gold: ['a1', 'a2', 'a3', 'a5'].map((id) => ({ argumentId: id, judgement: judgement(G) })),
    reported: [],
    design: {
      version: 1,
      strataBy: ['model', 'test'],
      excludedPrevious: false,
      strata: args.map((a) => ({ argumentId: a.id, stratum: `model=m|test=${a.test}` })),
      sampled: ['a1', 'a2', 'a3', 'a5'],
    },
  };
}

describe('correctedEstimates', () => {
  const index = indexStudy(input());
  const corrected = correctedEstimates(index, cellMetrics(index, { seed: 1, replicates: 0 }), 0.95).x?.m;

  it('corrects the extractor mean by the sampled differences (Test 1 AccH = 35/36)', () => {
    // extractor mean (5/6 + 1 + 1 + 5/6)/4 = 11/12; mean difference (1/6 + 0 + 0)/3 = 1/18.
    const figure = corrected?.['1']?.acch;
    expect(figure?.value).toBeCloseTo(11 / 12 + 1 / 18, 12);
    expect(figure?.extractor_only).toBeCloseTo(11 / 12, 12);
    expect(figure).toMatchObject({
      sampled: 3,
      population: 4,
      variance_pooled: false,
      method: 'student-t',
      degrees_of_freedom: 2,
    });
    // s² of [1/6, 0, 0]: mean 1/18, Σ(d − 1/18)² = (1/9)² + 2·(1/18)² = 1/81 + 2/324 = 1/54; s² = 1/108.
    // Var = (1 − 3/4)·(1/108)/3 = 1/1296; ν = 3 − 1 = 2, half-width t_{0.975, 2}·1/36 = 4.3027/36
    // (NIST/SEMATECH e-Handbook 1.3.6.7.2).
    const half = 4.302652729911275 / 36;
    expect(figure?.ci?.lower).toBeCloseTo(35 / 36 - half, 9);
    // 35/36 + half = 1.0267: AccH is a proportion, so the interval stops at 1 and says it was clipped.
    expect(figure?.ci?.upper).toBe(1);
    expect(figure?.clipped).toBe(true);
  });

  it('pools the variance across the model’s tests when a stratum has fewer than 3 sampled', () => {
    // Test 2: n = 1 (a5, difference 0) of N = 2 → s² from the pool of all m's differences [1/6, 0, 0, 0]:
    // mean 1/24, Σ = (1/8)² + 3·(1/24)² = 1/64 + 1/192 = 1/48, s² = 1/144; Var = (1 − 1/2)·(1/144)/1 = 1/288.
    // ν from the pool of 4: 3, t_{0.975, 3} = 3.1824.
    const figure = corrected?.['2']?.acch;
    expect(figure?.value).toBe(1);
    expect(figure?.variance_pooled).toBe(true);
    expect(figure?.degrees_of_freedom).toBe(3);
    expect(1 - (figure?.ci?.lower ?? 0)).toBeCloseTo(3.182446305284263 * Math.sqrt(1 / 288), 9);
    expect(figure?.ci?.upper).toBe(1);
  });

  it('combines Tests 1 and 2 with weights N_h/N', () => {
    // m̂ = (4/6)·35/36 + (2/6)·1
    expect(corrected?.['1_2']?.acch?.value).toBeCloseTo((4 / 6) * (35 / 36) + 2 / 6, 12);
  });

  it('gives RatioAbstain on Test 3 only', () => {
    expect(corrected?.['1']?.abstain).toBeUndefined();
  });
});

describe('correctedEstimates with λ tuned (PPI++)', () => {
  const index = indexStudy(input());
  const cells = cellMetrics(index, { seed: 1, replicates: 0 });
  const plain = correctedEstimates(index, cells, 0.95).x?.m;
  const tuned = correctedEstimates(index, cells, 0.95, 'tuned').x?.m;

  it('Test 1 AccH by hand: λ̂ cross-fitted from one other pair is 1; gold only floored and wider; λ = 1 kept', () => {
    // Test 1: gold AccH 1, 1, 1 (no spread: the floor s² = 1 at n = 3), V(λ = 0) = (1 − 3/4)·1/3 = 1/12,
    // half-width t_{0.975, 2}·√(1/12) = 4.3027·0.28868 = 1.2421. λ = 1: differences 1/6, 0, 0,
    // s² = 1/108, V = (1/4)·(1/108)/3 = 1/1296. λ̂ from the model's other stratum (a5 alone): fewer
    // than 2 pairs, 1. The figure keeps λ = 1: the same value and interval as the plain report.
    const figure = tuned?.['1']?.acch;
    expect(figure?.lambda_choice).toBe('difference');
    expect(figure?.lambda).toBe(1);
    expect(figure?.gold_only_half_width).toBeCloseTo(4.302653 * Math.sqrt(1 / 12), 4);
    expect(figure?.variance).toBeCloseTo(1 / 1296, 12);
    expect(figure?.value).toBe(plain?.['1']?.acch?.value);
    expect(figure?.ci).toEqual(plain?.['1']?.acch?.ci);
    expect(figure?.strata[0]).toMatchObject({ lambda: 1, lambda_source: 'fixed' });
  });

  it('a λ = 1 report carries no λ fields at all', () => {
    expect(plain?.['1']?.acch).not.toHaveProperty('lambda');
    expect(plain?.['1']?.acch).not.toHaveProperty('lambda_choice');
  });
});
