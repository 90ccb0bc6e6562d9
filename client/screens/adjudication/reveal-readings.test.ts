import { describe, expect, it } from 'vitest';
import type { ExtractionMention } from '../../../shared/schemas/extraction-mention.ts';
import { readingsFor } from './reveal-readings.ts';

const mention = (start: number, overrides: Partial<ExtractionMention> = {}): ExtractionMention => ({
  start,
  end: start + 5,
  case: 'current',
  factor: 'F4',
  style: 'paraphrase',
  polarity: 'asserted',
  ...overrides,
});

describe('readingsFor', () => {
  it('folds places read alike into one reading, in text order', () => {
    const readings = readingsFor([mention(80), mention(10), mention(40, { polarity: 'negated' })], {
      case: 'current',
      factor: 'F4',
    });
    expect(readings).toEqual([
      {
        label: 'paraphrase, asserted, Input case',
        places: [
          { start: 10, end: 15 },
          { start: 80, end: 85 },
        ],
      },
      { label: 'paraphrase, negated, Input case', places: [{ start: 40, end: 45 }] },
    ]);
  });

  it('keeps the mentions of that factor about that case or about no case, each place once', () => {
    const readings = readingsFor(
      [
        mention(10),
        mention(10),
        mention(20, { case: null }),
        mention(30, { case: 'tsc1' }),
        mention(40, { factor: 'F6' }),
      ],
      { case: 'current', factor: 'F4' },
    );
    expect(readings.map((reading) => [reading.label, reading.places.length])).toEqual([
      ['paraphrase, asserted, Input case', 1],
      ['paraphrase, asserted, no case', 1],
    ]);
  });

  it('has nothing to show for an extractor that stores no evidence', () => {
    expect(readingsFor([], { case: 'tsc2', factor: 'F8' })).toEqual([]);
  });
});
