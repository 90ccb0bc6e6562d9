import { describe, expect, it } from 'vitest';
import { paperScaleScenario } from './paper-scale.ts';

describe('paperScaleScenario', () => {
  it('is the paper’s design: 8 models × 3 tests × 30 arguments, 50 gold, 2 extractors', () => {
    const scenario = paperScaleScenario();
    expect(scenario.models).toHaveLength(8);
    expect(scenario.tests).toEqual([1, 2, 3]);
    expect(scenario.models.length * scenario.tests.length * scenario.argumentsPerCell).toBe(720);
    expect(scenario.gold).toBe(50);
    expect(scenario.extractors.map((extractor) => extractor.name)).toEqual(['gpt-4.1', 'rules']);
  });

  it('puts some models’ AccH below the claim’s 0.90, so a wrong "holds" can happen', () => {
    // Per case a misattributed factor with probability m and an invented one with i, about five factors a case: AccH ≈ 1 − 3(m + i)/15.
    const accuracy = paperScaleScenario().models.map(
      (model) => 1 - (3 * (model.misattribute + model.invent)) / 15,
    );
    expect(Math.min(...accuracy)).toBeLessThan(0.9);
    expect(Math.max(...accuracy)).toBeGreaterThan(0.95);
  });
});
