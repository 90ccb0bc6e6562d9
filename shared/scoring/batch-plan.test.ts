import { describe, expect, it } from 'vitest';
import { studentTQuantile } from '../stats/student-t-quantile.ts';
import { batchVariance, planLambda, plannedBatchSize } from './batch-plan.ts';
import { planExpertHours } from './expert-hours.ts';

// Worked by hand (the doc comment's formulas). N = 20, the pilot drawn from all 20 (R_old = 20), 2
// drawn, R = 18 left, g = 0.9. Units: r = y − f = 1 with π = ½ (w = 2), r = 0 with π = ¼ (w = 4).
// Hájek mean r̄ = (2·1 + 4·0)/6 = 1/3; r̃ = 2/3, −1/3; c = 2/(2 − 1) = 2.
// Σ w r̃² = 2·4/9 + 4·1/9 = 4/3;  Σ w r̃²/π = (8/9)/½ + (4/9)/¼ = 32/9.
// active: A = c·g²·n·32/9 = 2·0.81·2·32/9 = 11.52, B = c·g·4/3 = 2.4, V(m) = (11.52/m − 2.4)/400.
// stratified: S² = c·(4/3)/6 = 4/9, V(m) = 0.81·(1 − m/18)·(4/9)/m = 0.36·(1/m − 1/18).
const pilot = {
  population: 20,
  pilotRest: 20,
  rest: 18,
  units: [
    { gold: 1, extractor: 0, inclusionProbability: 0.5 },
    { gold: 0, extractor: 0, inclusionProbability: 0.25 },
  ],
  lambda: 1,
  halfWidth: 0.3,
  level: 0.95,
};

describe('batchVariance', () => {
  it('the worked example: active V(3) = (3.84 − 2.4)/400 = 0.0036, stratified V(3) = 0.36·5/18 = 0.1', () => {
    expect(batchVariance(pilot, 'active')(3)).toBeCloseTo(0.0036, 12);
    expect(batchVariance(pilot, 'stratified')(3)).toBeCloseTo(0.1, 12);
    expect(batchVariance(pilot, 'stratified')(18)).toBe(0);
  });

  it('with equal π the active formula is the SRS one exactly: (R/N)²(1 − m/R)s²/m', () => {
    // N = 100, all 100 the pilot's rest, 10 drawn with π = 0.1, R = 90; residuals 0,1,0,0,1,0,0,0,1,0: s² = 0.2333….
    const residuals = [0, 1, 0, 0, 1, 0, 0, 0, 1, 0];
    const input = {
      population: 100,
      pilotRest: 100,
      rest: 90,
      units: residuals.map((r) => ({ gold: r, extractor: 0, inclusionProbability: 0.1 })),
      lambda: 1,
      halfWidth: 0.1,
      level: 0.95,
    };
    const s2 = (3 * 0.7 ** 2 + 7 * 0.3 ** 2) / 9;
    for (const m of [3, 10, 40, 89])
      for (const design of ['active', 'stratified'] as const)
        expect(batchVariance(input, design)(m)).toBeCloseTo((0.9 ** 2 * (1 - m / 90) * s2) / m, 12);
    expect(plannedBatchSize(input, 'active')).toBe(plannedBatchSize(input, 'stratified'));
  });
});

describe('plannedBatchSize', () => {
  it('the worked example at ± 0.3: active 3 (4.303·√0.0036 = 0.258), stratified 10 (9 gives 0.326)', () => {
    expect(studentTQuantile(0.975, 2) * Math.sqrt(0.0036)).toBeCloseTo(0.2582, 4);
    expect(plannedBatchSize(pilot, 'active')).toBe(3);
    // m = 9: t₈ = 2.306, √(0.36·(1/9 − 1/18)) = 0.1414 → 0.326 > 0.3; m = 10: t₉ = 2.262·√0.016 = 0.286.
    expect(studentTQuantile(0.975, 8) * Math.sqrt(0.36 * (1 / 9 - 1 / 18))).toBeGreaterThan(0.3);
    expect(studentTQuantile(0.975, 9) * Math.sqrt(0.36 * (1 / 10 - 1 / 18))).toBeLessThan(0.3);
    expect(plannedBatchSize(pilot, 'stratified')).toBe(10);
  });

  it('never more than what is left; null without two pilot units or a rest', () => {
    expect(plannedBatchSize({ ...pilot, halfWidth: 1e-6 }, 'stratified')).toBe(18);
    expect(plannedBatchSize({ ...pilot, units: pilot.units.slice(0, 1) }, 'active')).toBeNull();
    expect(plannedBatchSize({ ...pilot, rest: 0 }, 'active')).toBeNull();
  });
});

describe('planLambda', () => {
  it('1 unless tuned; tuned keeps the λ of the least planned variance (f = y: λ = 1 gives 0)', () => {
    const units = [
      { gold: 1, extractor: 1, inclusionProbability: 0.5 },
      { gold: 0, extractor: 0, inclusionProbability: 0.25 },
      { gold: 1, extractor: 1, inclusionProbability: 0.25 },
    ];
    const base = { ...pilot, units };
    expect(planLambda(base, 'active', false)).toBe(1);
    expect(planLambda(base, 'active', true)).toBe(1);
    // An extractor that says the opposite: λ̂ clipped to 0, and 0 (gold only) beats λ = 1.
    const opposite = units.map((unit) => ({ ...unit, extractor: 1 - unit.gold }));
    expect(planLambda({ ...pilot, units: opposite }, 'stratified', true)).toBe(0);
  });
});

describe('planExpertHours after an active batch', () => {
  it('two models like the worked example: batches of 3 (active) and 10 (stratified) each, the active one lifted to the 8 that bring 2 gold to the 10 a claim needs; hours at the median 120 s, k = 1.5', () => {
    const model = (name: string) => ({
      model: name,
      population: 20,
      differences: [1, 0],
      batch: { pilotRest: 20, rest: 18, units: pilot.units },
    });
    const plan = planExpertHours({
      models: [model('a'), model('b')],
      annotationSeconds: [120, 0, 60, 180],
      annotationsPerArgument: 1.5,
      threshold: 0.9,
      halfWidth: 0.3,
      level: 0.95,
    });
    expect(plan.designs.map((row) => [row.design, row.more_arguments])).toEqual([
      ['active', 16],
      ['stratified', 20],
    ]);
    // 16 · 1.5 · 120 / 3600 = 0.8 h; 20 · 1.5 · 120 / 3600 = 1 h.
    expect(plan.designs[0]?.expert_hours).toBeCloseTo(0.8, 12);
    expect(plan.designs[1]?.expert_hours).toBeCloseTo(1, 12);
    // needed: the cell's gold after the batch (2 + 10; 2 + max(3, 10 − 2)).
    expect(plan.per_model[0]).toMatchObject({ needed: 12, active_needed: 10, sampled: 2 });
  });
});
