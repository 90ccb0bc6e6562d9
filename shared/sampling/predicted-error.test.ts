import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExtractionMention } from '../schemas/extraction-mention.ts';
import {
  type ExtractionReading,
  extractorDisagreement,
  isUncertainReading,
  LENGTH_FROM,
  LENGTH_TO,
  lengthScore,
  predictedError,
} from './predicted-error.ts';

const reading = (lists: Partial<ExtractionReading> = {}): ExtractionReading => ({
  status: 'extracted',
  current: [],
  tsc1: [],
  tsc2: [],
  ...lists,
});

const mention = (overrides: Partial<ExtractionMention> = {}): ExtractionMention => ({
  start: 0,
  end: 2,
  case: 'current',
  factor: 'F4',
  style: 'code',
  polarity: 'asserted',
  rules: ['find.code'],
  ...overrides,
});

describe('extractorDisagreement', () => {
  it('is the Jaccard distance of the (case, factor) pairs', () => {
    // {current:F4, tsc1:F6} against {current:F4, current:F6}: one shared pair of three.
    const a = reading({ current: ['F4'], tsc1: ['F6'] });
    const b = reading({ current: ['F4', 'F6'] });
    expect(extractorDisagreement(a, b)).toBeCloseTo(2 / 3, 12);
  });

  it('is 0 when both list nothing or the same, 1 when one fails', () => {
    expect(extractorDisagreement(reading(), reading())).toBe(0);
    expect(extractorDisagreement(reading({ tsc2: ['F1'] }), reading({ tsc2: ['F1'] }))).toBe(0);
    expect(extractorDisagreement(reading({ status: 'failed' }), reading({ current: ['F1'] }))).toBe(1);
    expect(extractorDisagreement(reading(), reading({ current: ['F1'] }))).toBe(1);
  });
});

describe('isUncertainReading', () => {
  it('flags negated, hypothetical, paraphrased, caseless and interpreted readings', () => {
    expect(isUncertainReading(mention())).toBe(false);
    expect(isUncertainReading(mention({ style: 'name' }))).toBe(false);
    expect(isUncertainReading(mention({ polarity: 'negated' }))).toBe(true);
    expect(isUncertainReading(mention({ polarity: 'hypothetical' }))).toBe(true);
    expect(isUncertainReading(mention({ style: 'paraphrase' }))).toBe(true);
    expect(isUncertainReading(mention({ case: null }))).toBe(true);
    expect(isUncertainReading(mention({ rules: ['find.code', 'anaphora.pronoun'] }))).toBe(true);
    expect(isUncertainReading(mention({ rules: ['find.phrase', 'modality.possible-not-done'] }))).toBe(true);
    expect(isUncertainReading(mention({ rules: ['find.code', 'case.default-current'] }))).toBe(true);
    expect(isUncertainReading(mention({ rules: ['find.code', 'case.opening-case-words'] }))).toBe(false);
  });
});

describe('lengthScore', () => {
  it('is 0 up to LENGTH_FROM, 1 from LENGTH_TO, linear between', () => {
    expect(lengthScore(0)).toBe(0);
    expect(lengthScore(LENGTH_FROM)).toBe(0);
    expect(lengthScore((LENGTH_FROM + LENGTH_TO) / 2)).toBeCloseTo(0.5, 12);
    expect(lengthScore(LENGTH_TO)).toBe(1);
    expect(lengthScore(10 * LENGTH_TO)).toBe(1);
  });
});

describe('predictedError', () => {
  it('weighs disagreement, uncertain readings and text 0.5 : 0.3 : 0.2', () => {
    const rules = reading({
      current: ['F4'],
      mentions: [mention(), mention({ polarity: 'negated' }), mention({ style: 'paraphrase' }), mention()],
    });
    const primary = reading({ current: ['F4', 'F6'] });
    const result = predictedError({ textLength: LENGTH_FROM, rules, primary });
    // d = 1/2, u = 2/4, t = max(1/4 paraphrase, 0 length) = 1/4.
    expect(result.disagreement).toBeCloseTo(0.5, 12);
    expect(result.uncertainReadings).toBeCloseTo(0.5, 12);
    expect(result.text).toBeCloseTo(0.25, 12);
    expect(result.value).toBeCloseTo(0.5 * 0.5 + 0.3 * 0.5 + 0.2 * 0.25, 12);
  });

  it('renormalises the weights over the components that exist', () => {
    const rules = reading({ mentions: [mention({ polarity: 'negated' })] });
    const rulesOnly = predictedError({ textLength: LENGTH_TO, rules, primary: null });
    expect(rulesOnly.disagreement).toBeNull();
    expect(rulesOnly.value).toBeCloseTo((0.3 * 1 + 0.2 * 1) / 0.5, 12);
    const nothing = predictedError({ textLength: LENGTH_TO, rules: null, primary: null });
    expect(nothing.uncertainReadings).toBeNull();
    expect(nothing.value).toBe(1);
  });

  it('rises when the extractors disagree more', () => {
    const rules = reading({ current: ['F4'] });
    const agree = predictedError({ textLength: 2_000, rules, primary: reading({ current: ['F4'] }) });
    const differ = predictedError({ textLength: 2_000, rules, primary: reading({ tsc1: ['F7'] }) });
    expect(differ.value).toBeGreaterThan(agree.value);
  });

  it('never leaves [0, 1]', () => {
    const factors = fc.subarray(['F1', 'F2', 'F4', 'F6', 'F15'] as const);
    const readingArb = fc.record({
      status: fc.constantFrom('extracted' as const, 'failed' as const),
      current: factors,
      tsc1: factors,
      tsc2: factors,
      mentions: fc.array(
        fc.record({
          polarity: fc.constantFrom('asserted' as const, 'negated' as const, 'hypothetical' as const),
          style: fc.constantFrom('code' as const, 'name' as const, 'paraphrase' as const),
        }),
        { maxLength: 6 },
      ),
    });
    type RawReading = typeof readingArb extends fc.Arbitrary<infer T> ? T : never;
    const toReading = (raw: RawReading): ExtractionReading =>
      reading({ ...raw, mentions: raw.mentions.map((overrides) => mention(overrides)) });
    fc.assert(
      fc.property(
        fc.nat(50_000),
        fc.option(readingArb),
        fc.option(readingArb),
        (textLength, rules, primary) => {
          const { value } = predictedError({
            textLength,
            rules: rules ? toReading(rules) : null,
            primary: primary ? toReading(primary) : null,
          });
          return value >= 0 && value <= 1;
        },
      ),
    );
  });
});
