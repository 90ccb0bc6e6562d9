import { describe, expect, it } from 'vitest';
import { paperScaleScenario } from './paper-scale.ts';
import { scenarioSchema } from './scenario.ts';

describe('scenarioSchema', () => {
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
