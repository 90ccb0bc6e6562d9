import { describe, expect, it } from 'vitest';
import {
  type ActivePredictor,
  activeScores,
  compareDesign,
  comparisonUnits,
  formatDesignSummary,
  simulateDesignStudy,
} from './design-comparison.ts';
import { paperScaleScenario } from './paper-scale.ts';
import { buildPopulation } from './population.ts';

const units = comparisonUnits(buildPopulation(paperScaleScenario(), 3), 'gpt-4.1', 'rules');

describe('design comparison', () => {
  it('reads every argument of the paper-scale population with a predicted error in [0, 1]', () => {
    expect(units.length).toBeGreaterThan(700);
    for (const unit of units) expect(unit.predictedError).toBeGreaterThanOrEqual(0);
    for (const unit of units) expect(unit.predictedError).toBeLessThanOrEqual(1);
  });

  it('a stratified study draws exactly the budget; an active one about it', () => {
    const sampled = (design: 'stratified' | 'active') =>
      simulateDesignStudy(units, { design, budget: 50, lambda: 1, level: 0.95, seed: 4 })
        .filter((o) => o.metric === 'recu')
        .reduce((s, o) => s + o.sampled, 0);
    expect(sampled('stratified')).toBe(50);
    const systematic = simulateDesignStudy(units, {
      design: 'active',
      budget: 50,
      lambda: 1,
      level: 0.95,
      seed: 4,
      activeDraw: 'systematic',
    });
    expect(systematic.filter((o) => o.metric === 'recu').reduce((s, o) => s + o.sampled, 0)).toBe(50);
    expect(Math.abs(sampled('active') - 50)).toBeLessThan(25);
  });

  it('PPI++ per figure is never wider than gold only; coverage is a share', () => {
    const summary = compareDesign(units, {
      design: 'active',
      budget: 50,
      lambda: 'tuned',
      level: 0.95,
      studies: 10,
      seed: 1,
      claimThreshold: 0.9,
    });
    for (const metric of ['acch', 'recu', 'abstain'] as const) {
      expect(summary.metrics[metric].widerThanGoldOnly).toBe(0);
      expect(summary.metrics[metric].coverage ?? 0).toBeGreaterThanOrEqual(0);
      expect(summary.metrics[metric].coverage ?? 1).toBeLessThanOrEqual(1);
    }
    expect(formatDesignSummary(summary, 'title')).toContain('AccH, Tests 1–2');
  });

  it("the report's estimator: PPI++ never wider than gold only under every design; the same draw as the Hájek estimator", () => {
    for (const design of ['stratified', 'neyman', 'active'] as const) {
      const summary = compareDesign(units, {
        design,
        budget: 50,
        lambda: 'tuned',
        level: 0.95,
        studies: 6,
        seed: 2,
        claimThreshold: 0.9,
        estimator: 'report',
      });
      expect(summary.estimator).toBe('report');
      for (const metric of ['acch', 'recu', 'abstain'] as const) {
        expect(summary.metrics[metric].intervals).toBeGreaterThan(0);
        expect(summary.metrics[metric].widerThanGoldOnly).toBe(0);
      }
    }
    // The same draw whichever estimator reads it.
    const outcomes = simulateDesignStudy(units, {
      design: 'stratified',
      budget: 50,
      lambda: 1,
      level: 0.95,
      seed: 4,
      estimator: 'report',
    });
    const hajek = simulateDesignStudy(units, {
      design: 'stratified',
      budget: 50,
      lambda: 1,
      level: 0.95,
      seed: 4,
    });
    expect(outcomes.map((o) => o.sampled)).toEqual(hajek.map((o) => o.sampled));
    expect(outcomes.some((o) => o.lower !== null)).toBe(true);
  });
});

describe('design comparison: predictions and predictors of issue 28', () => {
  const ensemble = comparisonUnits(buildPopulation(paperScaleScenario(), 3), 'gpt-4.1', 'rules', 'ensemble');

  it('the ensemble prediction has a smaller RecU residual than the primary’s on the same arguments', () => {
    const spread = (list: typeof units) =>
      list.reduce((s, u) => s + (Number.isNaN(u.gold.recu) ? 0 : (u.gold.recu - u.extractor.recu) ** 2), 0);
    expect(ensemble.map((u) => u.id)).toEqual(units.map((u) => u.id));
    expect(ensemble.map((u) => u.gold)).toEqual(units.map((u) => u.gold));
    expect(spread(ensemble)).toBeLessThan(0.7 * spread(units));
  });

  it('activeScores: jaccard as is, squared, or the per-metric mix scaled to a largest of 1', () => {
    expect(activeScores(units, { kind: 'jaccard' })).toEqual(units.map((u) => u.predictedError));
    expect(activeScores(units, { kind: 'jaccard-squared' })).toEqual(units.map((u) => u.predictedError ** 2));
    const mixed = activeScores(units, { kind: 'metric', accHWeight: 1 });
    expect(Math.max(...mixed)).toBeCloseTo(1, 12);
    // With all the weight on AccH, e ∝ the AccH disagreement squared.
    const largest = Math.max(...units.map((u) => u.metricError.acch ** 2));
    units.forEach((u, i) => {
      expect(mixed[i]).toBeCloseTo(u.metricError.acch ** 2 / largest, 12);
    });
    expect(() => activeScores(units, { kind: 'metric', accHWeight: 2 })).toThrow(RangeError);
  });

  it('an active study draws with the chosen predictor (a different batch than Jaccard’s)', () => {
    const drawn = (predictor: ActivePredictor) =>
      simulateDesignStudy(units, {
        design: 'active',
        budget: 50,
        lambda: 1,
        level: 0.95,
        seed: 4,
        predictor,
      }).map((o) => o.sampled);
    expect(drawn({ kind: 'metric', accHWeight: 0.5 })).not.toEqual(drawn({ kind: 'jaccard' }));
  });
});
