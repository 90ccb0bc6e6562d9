import { describe, expect, it } from 'vitest';
import { planExpertHours } from './expert-hours.ts';
import { planCorrectedSampleSize } from './sample-size.ts';

describe('planExpertHours', () => {
  const base = { threshold: 0.9, halfWidth: 0.05, level: 0.95, annotationsPerArgument: 2 };

  it('adds each model’s shortfall and prices it at the median active seconds × k', () => {
    const differences = [0, -0.1, 0.1, 0, -0.2, 0.1];
    const plan = planExpertHours({
      ...base,
      models: [
        { model: 'a', population: 60, differences },
        { model: 'b', population: 60, differences },
      ],
      annotationSeconds: [0, 300, 600, 900],
    });
    const needed = planCorrectedSampleSize({
      halfWidth: 0.05,
      differenceVariance: 0.0136666666666667,
      level: 0.95,
      departureShare: 4 / 6,
      stratumSize: 60,
    }).items_per_stratum;
    expect(plan.per_model[0]?.needed).toBe(needed);
    const more = 2 * (needed - 6);
    expect(plan.designs[0]?.more_arguments).toBe(more);
    // median of 300, 600, 900 (the 0 recorded no time) = 600 s; × 2 annotations per argument.
    expect(plan.seconds_per_annotation).toBe(600);
    expect(plan.designs[0]?.expert_hours).toBeCloseTo((more * 2 * 600) / 3600, 10);
    expect(plan.designs[1]?.more_arguments).toBeNull();
  });

  it('λ tuned: s² of gold − λ·extractor at the least of λ̂, 0, 1 — never more gold than λ = 1 asks', () => {
    // gold 1, 1, 0, 1, 0, 1; the extractor 1, 1, 1, 1, 0, 1: differences 0, 0, −1, 0, 0, 0, s² = 1/6.
    const gold = [1, 1, 0, 1, 0, 1];
    const extractor = [1, 1, 1, 1, 0, 1];
    const pairs = gold.map((y, i) => ({ gold: y, extractor: extractor[i] ?? 0, inclusionProbability: 0.5 }));
    const differences = gold.map((y, i) => y - (extractor[i] ?? 0));
    const models = [{ model: 'a', population: 60, differences, pairs }];
    const plain = planExpertHours({ ...base, models, annotationSeconds: [] });
    const tuned = planExpertHours({ ...base, models, annotationSeconds: [], lambda: 'tuned' });
    // ȳ = 2/3, f̄ = 5/6: Σ(y − ȳ)(f − f̄) = (1 + 1 − 2 + 1 + 10 + 1)/18 = 2/3, Σ(f − f̄)² = 5/6,
    // λ̂ = 0.8; r = y − 0.8f = 0.2, 0.2, −0.8, 0.2, 0, 0.2 (mean 0): s² = 0.8/5 = 0.16 < 1/6 < 4/15 (λ = 0).
    expect(tuned.per_model[0]?.lambda).toBeCloseTo(0.8, 12);
    expect(tuned.per_model[0]?.difference_variance).toBeCloseTo(0.16, 12);
    expect(plain.per_model[0]?.difference_variance).toBeCloseTo(1 / 6, 12);
    expect(tuned.per_model[0]?.needed ?? 0).toBeLessThanOrEqual(plain.per_model[0]?.needed ?? 0);
    expect(plain.per_model[0]?.lambda).toBeUndefined();
    // An extractor unrelated to the gold (the opposite): λ = 0, s² = Var(gold) = 4/15 < s² of y − f.
    const opposite = pairs.map((pair) => ({ ...pair, extractor: 1 - pair.gold }));
    const far = planExpertHours({
      ...base,
      models: [
        {
          model: 'a',
          population: 60,
          differences: opposite.map((p) => p.gold - p.extractor),
          pairs: opposite,
        },
      ],
      annotationSeconds: [],
      lambda: 'tuned',
    });
    expect(far.per_model[0]?.lambda).toBe(0);
    expect(far.per_model[0]?.difference_variance).toBeCloseTo(4 / 15, 12);
  });

  it('pools the variance for a model with fewer than 2 differences; no timing gives no hours', () => {
    const plan = planExpertHours({
      ...base,
      models: [
        { model: 'a', population: 60, differences: [0, -0.1, 0.1] },
        { model: 'b', population: 60, differences: [0] },
      ],
      annotationSeconds: [],
    });
    expect(plan.per_model[1]?.difference_variance).toBeCloseTo(0.0066666666666667, 12);
    expect(plan.designs[0]?.expert_hours).toBeNull();
  });

  it('without any difference nothing is planned', () => {
    const plan = planExpertHours({
      ...base,
      models: [{ model: 'a', population: 60, differences: [] }],
      annotationSeconds: [60],
    });
    expect(plan.designs[0]?.more_arguments).toBeNull();
  });
});
