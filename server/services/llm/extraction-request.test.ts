import { describe, expect, it } from 'vitest';
import { extractionRunParameters, planExtraction, startingFormat } from './extraction-request.ts';
import { parsePromptTemplate } from './prompts.ts';

const config = {
  endpoint: 'https://api.openai.com/v1',
  model: 'gpt-4.1',
  prompt: parsePromptTemplate(
    'extraction',
    '<!-- system -->\nList factors as JSON.\n<!-- user -->\n{{argument}}',
    'test',
  ),
  temperature: 0.6,
  maxTokens: 1000,
  input: 'last-json' as const,
  responseFormat: 'auto' as const,
};

describe('planExtraction', () => {
  it("shows the argument's last ```json block and asks with the extraction schema", () => {
    const plan = planExtraction(config, 'Prose.\n```json\n{"a": 1}\n```\nMore.');
    expect(plan.input).toBe('{"a": 1}');
    expect(plan.chat.messages).toEqual([
      { role: 'system', content: 'List factors as JSON.' },
      { role: 'user', content: '{"a": 1}' },
    ]);
    expect(plan.chat.jsonSchema?.name).toBe('factor_extraction');
    expect(plan.inputHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives equal cache keys to equal inputs and different ones to other parameters', () => {
    const a = planExtraction(config, 'same text');
    expect(planExtraction(config, 'same text').cacheKey).toBe(a.cacheKey);
    expect(planExtraction({ ...config, temperature: 0.2 }, 'same text').cacheKey).not.toBe(a.cacheKey);
    expect(planExtraction({ ...config, responseFormat: 'json_schema' }, 'same text').cacheKey).not.toBe(
      a.cacheKey,
    );
    expect(planExtraction(config, 'other text').cacheKey).not.toBe(a.cacheKey);
  });
});

describe('extraction parameters', () => {
  it('records the run by model, endpoint, prompt hash and request parameters', () => {
    expect(extractionRunParameters(config)).toEqual({
      model: 'gpt-4.1',
      endpoint: 'https://api.openai.com/v1',
      prompt_hash: config.prompt.hash,
      temperature: 0.6,
      max_tokens: 1000,
      input: 'last-json',
      response_format: 'auto',
    });
  });

  it('starts auto at json_schema', () => {
    expect(startingFormat('auto')).toBe('json_schema');
    expect(startingFormat('text')).toBe('text');
  });
});
