import { describe, expect, it } from 'vitest';
import { paperScaleScenario } from '../simulation/paper-scale.ts';
import { preparePopulation, simulateStudy } from '../simulation/simulate-coverage.ts';
import { studentTQuantile } from '../stats/student-t-quantile.ts';
import type { CorrectedFigure } from './corrected-estimates.ts';
import { differenceEstimate } from './difference-estimator.ts';
import { chooseLambda, halfWidthOf, MIN_GOLD_FOR_OWN_LAMBDA, stratumLambda } from './power-tuning.ts';

const pairs = (gold: number[], extractor: number[]) =>
  gold.map((y, i) => ({ gold: y, extractor: extractor[i] ?? 0, inclusionProbability: 0.5 }));

describe('stratumLambda', () => {
  it('takes λ̂ from the stratum itself from 10 pairs on, else from the pool', () => {
    // Pool: y = 1, 0, 1, 0, 1; f = 1, 0, 1, 1, 1: Ĉov/V̂ar = 0.6/0.8 = 0.75.
    const pool = pairs([1, 0, 1, 0, 1], [1, 0, 1, 1, 1]);
    const few = pairs([1, 1], [1, 0]);
    const fromPool = stratumLambda(few, pool);
    expect(fromPool.source).toBe('pool');
    expect(fromPool.lambda).toBeCloseTo(0.75, 12);
    // Own: f = y on 10 pairs: λ̂ = 1.
    const y = [1, 0, 1, 1, 0, 1, 1, 1, 0, 1];
    expect(MIN_GOLD_FOR_OWN_LAMBDA).toBe(10);
    expect(stratumLambda(pairs(y, y), pool)).toEqual({ lambda: 1, source: 'own' });
  });
});

describe('chooseLambda', () => {
  const estimate = (differences: number[]) =>
    differenceEstimate([{ key: 'h', populationSize: 30, extractorValues: [0.5, 0.5], differences }], {
      level: 0.95,
    });

  it('keeps the narrowest of λ̂, λ = 0 and λ = 1, ties going to λ = 1', () => {
    const narrow = estimate([0, 0.1, 0.2]);
    const wide = estimate([0, 0.5, 1]);
    expect(chooseLambda({ tuned: narrow, goldOnly: wide, difference: wide })).toBe('tuned');
    expect(chooseLambda({ tuned: wide, goldOnly: narrow, difference: wide })).toBe('gold_only');
    expect(chooseLambda({ tuned: narrow, goldOnly: narrow, difference: narrow })).toBe('difference');
    // By hand: s² of 0, 0.1, 0.2 is 0.01; V = (1 − 3/30)·0.01/3 = 0.003; t_{0.975, 2} = 4.3027.
    expect(halfWidthOf(narrow)).toBeCloseTo(studentTQuantile(0.975, 2) * Math.sqrt(0.003), 12);
  });
});

describe('the tuned report is never wider than gold only or λ = 1 (simulated paper-scale studies)', () => {
  it('over 12 seeded studies, every corrected figure: t_ν·√V̂ ≤ both, and its λ in [0, 1]', () => {
    const scenario = paperScaleScenario();
    const base = {
      scenario,
      replicates: 12,
      bootstrap: 0,
      seed: 2025,
      populations: 2,
      level: 0.95,
      claimThreshold: 0.9,
      threshold: 0.6,
    };
    const tunedSettings = { ...base, lambda: 'tuned' as const };
    const prepared = [preparePopulation(base, 0), preparePopulation(base, 1)];
    const halfWidth = (figure: CorrectedFigure) =>
      figure.variance === null
        ? Number.POSITIVE_INFINITY
        : figure.degrees_of_freedom === null
          ? 0
          : studentTQuantile(0.975, figure.degrees_of_freedom) * Math.sqrt(figure.variance);
    let figures = 0;
    let narrower = 0;
    for (let r = 0; r < 12; r++) {
      const population = prepared[r % 2];
      if (!population) throw new Error('no population');
      const tuned = simulateStudy(tunedSettings, population, r).corrected;
      const plain = simulateStudy(base, population, r).corrected;
      for (const [extractor, byModel] of Object.entries(tuned))
        for (const [model, tests] of Object.entries(byModel))
          for (const [test, byMetric] of Object.entries(tests))
            for (const [metric, figure] of Object.entries(byMetric)) {
              if (!figure || figure.value === null) continue;
              const same = plain[extractor]?.[model]?.[test]?.[metric as 'acch'];
              if (!same) throw new Error('figure missing at λ = 1');
              figures++;
              const half = halfWidth(figure);
              expect(half).toBeLessThanOrEqual((figure.gold_only_half_width ?? Infinity) + 1e-12);
              expect(half).toBeLessThanOrEqual(halfWidth(same) + 1e-12);
              if (half < halfWidth(same) - 1e-12) narrower++;
              expect(figure.lambda_choice).toBeDefined();
              for (const stratum of figure.strata) {
                expect(stratum.lambda).toBeGreaterThanOrEqual(0);
                expect(stratum.lambda).toBeLessThanOrEqual(1);
              }
              expect(figure.extractor_only).toBe(same.extractor_only);
            }
    }
    expect(figures).toBeGreaterThan(500);
    expect(narrower).toBeGreaterThan(0);
  }, 60_000);
});
