import { describe, expect, it } from 'vitest';
import { extractionSchema } from '../schemas/extraction.ts';
import { MAX_EXTRACTION_MENTIONS } from '../schemas/extraction-mention.ts';
import { RULES_EXTRACTOR_VERSION, toExtractionRecord } from './extraction-record.ts';
import type { RulesExtraction, RulesMention } from './types.ts';

function extraction(overrides: Partial<RulesExtraction> = {}): RulesExtraction {
  return {
    current: ['F3', 'F10'],
    tsc1: [],
    tsc2: ['F16'],
    unlisted: [{ case: 'tsc2', text: 'F30 Market-dominance' }],
    abstention: 'none',
    truncated: false,
    mentions: [],
    ...overrides,
  };
}

describe('toExtractionRecord', () => {
  it('writes a valid extraction line named "rules"', () => {
    const record = toExtractionRecord('a1', extraction());
    const parsed = extractionSchema.parse(record);
    expect(parsed).toMatchObject({
      argument_id: 'a1',
      extractor: 'rules',
      current: ['F3', 'F10'],
      tsc2: ['F16'],
      unlisted: [{ case: 'tsc2', text: 'F30 Market-dominance' }],
      abstained: false,
      status: 'extracted',
      raw: `rules ${RULES_EXTRACTOR_VERSION}`,
    });
  });

  it('marks every abstention as abstained, even one that lists factors', () => {
    expect(toExtractionRecord('a1', extraction({ abstention: 'exact' })).abstained).toBe(true);
    expect(toExtractionRecord('a1', extraction({ abstention: 'near_miss', current: [] })).abstained).toBe(
      true,
    );
  });

  it('keeps the evidence spans without their wording, bounded', () => {
    const mention: RulesMention = {
      start: 4,
      end: 6,
      case: null,
      factor: 'F4',
      style: 'code',
      polarity: 'hypothetical',
      text: 'F4',
      rules: ['find.code', 'hypothetical.condition'],
    };
    const record = toExtractionRecord('a1', extraction({ mentions: [mention] }));
    expect(record.mentions).toEqual([
      {
        start: 4,
        end: 6,
        case: null,
        factor: 'F4',
        style: 'code',
        polarity: 'hypothetical',
        rules: ['find.code', 'hypothetical.condition'],
      },
    ]);
    const many = Array.from({ length: MAX_EXTRACTION_MENTIONS + 5 }, () => mention);
    const bounded = toExtractionRecord('a1', extraction({ mentions: many }));
    expect(bounded.mentions).toHaveLength(MAX_EXTRACTION_MENTIONS);
    expect(extractionSchema.safeParse(bounded).success).toBe(true);
  });
});
