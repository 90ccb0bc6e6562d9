import { describe, expect, it } from 'vitest';
import { extractionSchema } from './extraction.ts';
import { extractionMentionSchema, MAX_EXTRACTION_MENTIONS } from './extraction-mention.ts';

const mention = {
  start: 10,
  end: 13,
  case: 'tsc1',
  factor: 'F4',
  style: 'code',
  polarity: 'asserted',
} as const;
const base = { argument_id: 'a1', extractor: 'rules', current: [], tsc1: ['F4'], tsc2: [] };

describe('extractionMentionSchema', () => {
  it('accepts a mention, an unplaced one (case null), an unlisted and a hypothetical one', () => {
    expect(extractionMentionSchema.parse(mention)).toEqual(mention);
    expect(extractionMentionSchema.safeParse({ ...mention, case: null }).success).toBe(true);
    expect(extractionMentionSchema.safeParse({ ...mention, factor: 'unlisted' }).success).toBe(true);
    expect(extractionMentionSchema.safeParse({ ...mention, polarity: 'hypothetical' }).success).toBe(true);
  });

  it('refuses an empty or reversed span, a made-up factor and unknown fields', () => {
    expect(extractionMentionSchema.safeParse({ ...mention, end: 10 }).success).toBe(false);
    expect(extractionMentionSchema.safeParse({ ...mention, factor: 'F9' }).success).toBe(false);
    expect(extractionMentionSchema.safeParse({ ...mention, text: 'F4' }).success).toBe(false);
  });
});

describe('the rules a mention records', () => {
  it('accepts named rules, in order, and refuses malformed, empty or too many', () => {
    const named = { ...mention, rules: ['find.code', 'comparison.in-a-not-in-b'] };
    expect(extractionMentionSchema.parse(named)).toEqual(named);
    expect(extractionMentionSchema.safeParse({ ...mention, rules: [] }).success).toBe(false);
    expect(extractionMentionSchema.safeParse({ ...mention, rules: ['Find code'] }).success).toBe(false);
    expect(extractionMentionSchema.safeParse({ ...mention, rules: ['x'.repeat(70)] }).success).toBe(false);
    expect(
      extractionMentionSchema.safeParse({ ...mention, rules: Array.from({ length: 9 }, () => 'find.code') })
        .success,
    ).toBe(false);
  });
});

describe('extractionSchema with mentions', () => {
  it('keeps the mentions of an extracted record, and leaves them out when absent', () => {
    expect(extractionSchema.parse({ ...base, mentions: [mention] }).mentions).toEqual([mention]);
    expect(extractionSchema.parse(base)).not.toHaveProperty('mentions');
  });

  it(`bounds them at ${MAX_EXTRACTION_MENTIONS}`, () => {
    const many = Array.from({ length: MAX_EXTRACTION_MENTIONS + 1 }, () => mention);
    expect(extractionSchema.safeParse({ ...base, mentions: many }).success).toBe(false);
    expect(extractionSchema.safeParse({ ...base, mentions: many.slice(1) }).success).toBe(true);
  });

  it('refuses mentions on a failed extraction', () => {
    const failed = {
      argument_id: 'a1',
      extractor: 'rules',
      status: 'failed',
      error: 'x',
      mentions: [mention],
    };
    expect(extractionSchema.safeParse(failed).error?.issues[0]?.message).toBe(
      'a failed extraction carries no mentions',
    );
  });
});
