import { describe, expect, it } from 'vitest';
import { choosePrimaryExtractor } from './primary-extractor.ts';

describe('choosePrimaryExtractor', () => {
  it('is null without extractors', () => {
    expect(choosePrimaryExtractor([])).toEqual({ extractor: null, notes: [] });
  });

  it('prefers gpt-4.1, the original study’s extractor, else the first', () => {
    expect(choosePrimaryExtractor(['a-rules', 'gpt-4.1']).extractor).toBe('gpt-4.1');
    expect(choosePrimaryExtractor(['a-rules', 'b-llm']).extractor).toBe('a-rules');
  });

  it('takes the requested extractor when the study has it', () => {
    expect(choosePrimaryExtractor(['gpt-4.1', 'rules'], 'rules')).toEqual({ extractor: 'rules', notes: [] });
  });

  it('falls back to the default with a note when the requested extractor is unknown', () => {
    expect(choosePrimaryExtractor(['rules'], 'gpt-5')).toEqual({
      extractor: 'rules',
      notes: ['No extractor "gpt-5"; the claims use the default extractor.'],
    });
  });
});
