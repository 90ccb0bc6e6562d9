import { describe, expect, it } from 'vitest';
import { predictionResults } from './judgement-results.ts';
import { TEXT } from './test-fixtures.ts';

describe('predictionResults', () => {
  it("writes the extractor's mentions as regions (leaving uncased ones out), ticks and abstention", () => {
    const items = predictionResults(TEXT, {
      argument_id: 'a',
      extractor: 'rules',
      current: ['F4'],
      tsc1: [],
      tsc2: [],
      unlisted: [{ case: 'tsc2', text: 'Market-dominance' }],
      status: 'extracted',
      abstained: true,
      mentions: [
        { start: 50, end: 52, case: 'current', factor: 'F4', style: 'code', polarity: 'asserted' },
        { start: 0, end: 3, case: null, factor: 'F6', style: 'code', polarity: 'hypothetical' },
      ],
    });
    expect(items.map((item) => `${item.id} ${item.from_name}`)).toEqual([
      'mention-1 span_current',
      'mention-1 style',
      'mention-1 polarity',
      'factors_current factors_current',
      'unlisted_tsc2 unlisted_tsc2',
      'flags flags',
    ]);
  });
});
