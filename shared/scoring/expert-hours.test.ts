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
