import { describe, expect, it } from 'vitest';
import { paperScaleScenario } from './paper-scale.ts';
import { scenarioSchema } from './scenario.ts';

describe('scenarioSchema', () => {
  it('accepts the paper-scale scenario: 8 models × 3 tests × 30 arguments, 50 gold, 2 extractors', () => {
    const scenario = paperScaleScenario();
    expect(scenario.models).toHaveLength(8);
    expect(scenario.tests).toEqual([1, 2, 3]);
    expect(scenario.models.length * scenario.tests.length * scenario.argumentsPerCell).toBe(720);
    expect(scenario.gold).toBe(50);
    expect(scenario.extractors.map((extractor) => extractor.name)).toEqual(['gpt-4.1', 'rules']);
  });

  it('refuses a primary extractor that is not among the extractors, repeated names, more gold than arguments, a rate above 1', () => {
    const base = paperScaleScenario();
    const problems = (value: unknown) => {
      const parsed = scenarioSchema.safeParse(value);
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(problems({ ...base, primaryExtractor: 'nobody' })).toEqual(['primaryExtractor']);
    expect(problems({ ...base, models: [base.models[0], base.models[0]] })).toEqual(['models']);
    expect(problems({ ...base, gold: 721 })).toEqual(['gold']);
    expect(problems({ ...base, negatedMention: 1.5 })).toEqual(['negatedMention']);
    expect(problems({ ...base, unknown: 1 })).toEqual(['']);
  });
});
