import { describe, expect, it } from 'vitest';
import { designNamedBy } from './source-blinding.ts';

describe('designNamedBy', () => {
  it('names the model, the test and the mode of the issue’s example upload', () => {
    expect(designNamedBy('OpenAI gpt-4o batch, Test 2 (reordered)', ['gpt-4o', 'llama-3'])).toEqual([
      'gpt-4o',
      'Test 2',
      'reordered',
    ]);
  });

  it('matches a model as a whole token only, whatever its case', () => {
    expect(designNamedBy('run of GPT-4O-mini', ['gpt-4o'])).toEqual(['gpt-4o']);
    expect(designNamedBy('co1 lab notes', ['o1'])).toEqual([]);
  });

  it('reads tests and modes in their usual spellings, and nothing in a neutral label', () => {
    expect(designNamedBy('test3, non-arguable set', [])).toEqual(['test3', 'non-arguable']);
    expect(designNamedBy('latest 2 (contest 1)', [])).toEqual([]);
    expect(designNamedBy('synthetic demo', ['demo-reasoner', 'demo-prose'])).toEqual([]);
  });
});
