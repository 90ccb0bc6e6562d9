import { z } from 'zod';
import { factorIdSchema } from '../factors.ts';
import { caseSchema } from '../vocabulary.ts';
import { mentionStyleSchema } from './annotation.ts';

/** The most evidence spans one extraction may carry (a long argument has a few hundred at most). */
export const MAX_EXTRACTION_MENTIONS = 2_000;

/**
 * How an extractor read a mention: `asserted` (the factor is said to be present in the case),
 * `negated` ("F5 is not present in the input case") or `hypothetical` (a condition or general law:
 * "even if F19 were present"). Only asserted mentions put a factor in a case's list.
 */
export const extractionPolaritySchema = z.enum(['asserted', 'negated', 'hypothetical']);

/**
 * One piece of evidence for an extraction, so a reader (the adjudicator's reveal) can see why the
 * extractor said what it said: characters [start, end) of the ARGUMENT text, the case it was read
 * as being about (`null`: the text does not say which case), the factor ("unlisted" for one
 * outside the catalogue), the style of the wording and the polarity. Whether it lies inside the
 * text is a matter for whoever knows the text; the schema checks its shape only.
 *
 * @example extractionMentionSchema.parse({ start: 0, end: 2, case: 'tsc1', factor: 'F4', style: 'code', polarity: 'asserted' })
 */
export const extractionMentionSchema = z
  .strictObject({
    start: z.number().int().nonnegative(),
    end: z.number().int().positive(),
    case: caseSchema.nullable(),
    factor: z.union([factorIdSchema, z.literal('unlisted')]),
    style: mentionStyleSchema,
    polarity: extractionPolaritySchema,
  })
  .refine((mention) => mention.end > mention.start, { message: 'end must be after start', path: ['end'] });
export type ExtractionMention = z.output<typeof extractionMentionSchema>;

/** The `mentions` field of an extraction: at most MAX_EXTRACTION_MENTIONS, in text order. */
export const extractionMentionsSchema = z
  .array(extractionMentionSchema)
  .max(MAX_EXTRACTION_MENTIONS, `at most ${MAX_EXTRACTION_MENTIONS} mentions`);
