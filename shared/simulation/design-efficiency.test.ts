import { describe, expect, it } from 'vitest';
import { defaultFloor } from '../sampling/designs.ts';
import { type ComparisonUnit, comparisonUnits } from './design-comparison.ts';
import { designVarianceRatio, oracleScores } from './design-efficiency.ts';
import { paperScaleScenario } from './paper-scale.ts';
import { buildPopulation } from './population.ts';

const unit = (id: string, gold: number, extractor: number): ComparisonUnit => ({
  id,
  model: 'm',
  test: 1,
  gold: { acch: gold, recu: gold, abstain: 0 },
  extractor: { acch: extractor, recu: extractor, abstain: 0 },
  predictedError: 0,
  metricError: { acch: 0, recu: 0 },
});

describe('designVarianceRatio', () => {
  // Four units, residuals 0, 0, 0, 1 (mean ¼): centred squares 1/16, 1/16, 1/16, 9/16.
  const units = [unit('a', 1, 1), unit('b', 1, 1), unit('c', 1, 1), unit('d', 1, 0)];

  it('is 1 for equal scores, and by hand for unequal π', () => {
    const options = { budget: 2, floor: 0.1, metric: 'acch' as const };
    expect(designVarianceRatio(units, [0.5, 0.5, 0.5, 0.5], options)).toBeCloseTo(1, 12);
    // Scores 0, 0, 0, 1: π = 0.1·3 + 1 → the rest gets π = (2 − 1)/3 = 1/3 each, d gets 1.
    // Active: 3 · (2/3)/(1/3) · 1/16 + 0 = 6/16; uniform π = ½: (1)(12/16) = 12/16; ratio ½.
    expect(designVarianceRatio(units, [0, 0, 0, 1], options)).toBeCloseTo(0.5, 12);
  });

  it("on the paper's population the oracle beats Jaccard on AccH, and RecU's bound stays near 0.7", () => {
    const population = comparisonUnits(buildPopulation(paperScaleScenario(), 2025), 'gpt-4.1', 'rules');
    const options = { budget: 50, floor: defaultFloor(50, population.length) };
    const jaccard = population.map((u) => u.predictedError);
    const oracle = oracleScores(population, 0.25);
    const a = (scores: number[]) =>
      designVarianceRatio(population, scores, { ...options, metric: 'acch' }) ?? 0;
    const r = (scores: number[]) =>
      designVarianceRatio(population, scores, { ...options, metric: 'recu' }) ?? 0;
    expect(a(oracle)).toBeLessThan(a(jaccard));
    expect(r(oracle)).toBeLessThan(r(jaccard));
    expect(r(oracle)).toBeGreaterThan(0.6);
    expect(oracleScores(population, 0.25).every((x) => x >= 0 && x <= 1)).toBe(true);
  });
});
