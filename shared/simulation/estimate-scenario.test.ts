import { describe, expect, it } from 'vitest';
import { scenarioFromStudy, shrunkRate } from './estimate-scenario.ts';
import { buildPopulation } from './population.ts';
import { censusInput, sampledStudyInput } from './study-input.ts';
import { smallScenario } from './test-fixtures.ts';

describe('shrunkRate', () => {
  it('is (x + w·prior)/(n + w), the prior alone without trials', () => {
    expect(shrunkRate(3, 10, 0.5, 10)).toBeCloseTo(8 / 20, 12);
    expect(shrunkRate(0, 0, 0.2, 0)).toBe(0.2);
  });
});

describe('scenarioFromStudy', () => {
  const truth = smallScenario(80, 40);
  const population = buildPopulation(truth, 3);

  it('recovers the rates a population was drawn with, from a study where every argument has gold', () => {
    const { scenario } = scenarioFromStudy(censusInput(population));
    expect(scenario.models.map((model) => model.name)).toEqual(
      truth.models.map((model) => model.name).sort(),
    );
    expect(scenario.argumentsPerCell).toBe(80);
    for (const model of scenario.models) {
      const real = truth.models.find((candidate) => candidate.name === model.name);
      expect(model.miss).toBeCloseTo(real?.miss ?? -1, 1);
      expect(model.abstain).toBeCloseTo(real?.abstain ?? -1, 1);
    }
    const llm = scenario.extractors.find((extractor) => extractor.name === 'gpt-4.1');
    expect(llm?.recall.code).toBeCloseTo(0.98, 1);
    expect(llm?.recall.paraphrase).toBeCloseTo(0.8, 1);
    const bob = scenario.annotators.find((annotator) => annotator.name === 'bob');
    expect(bob?.miss).toBeCloseTo(0.08, 1);
    expect(bob?.spurious).toBeCloseTo(0.1, 1);
    expect(scenario.primaryExtractor).toBe('gpt-4.1');
    expect(
      scenario.styles.paraphrase /
        (scenario.styles.code +
          scenario.styles.name +
          scenario.styles.paraphrase +
          scenario.styles.unspanned),
    ).toBeCloseTo(0.25, 1);
  });

  it("takes the sample's gold count as the design's size", () => {
    const { scenario } = scenarioFromStudy(sampledStudyInput(population, truth, [], 1));
    expect(scenario.gold).toBe(40);
  });

  it('refuses a study without gold', () => {
    expect(() => scenarioFromStudy({ ...censusInput(population), gold: [] })).toThrow(RangeError);
  });
});
