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

/** The most named rules one mention records (found, re-read, case, polarity: four in practice). */
export const MAX_MENTION_RULES = 8;

/** A rule's name as an extractor records it: `family.what-it-reads` ("comparison.unlike", "find.code"). */
export const ruleNameSchema = z
  .string()
  .max(64)
  .regex(/^[a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a rule name is family.name, in lower case');

/**
 * One piece of evidence for an extraction, so a reader (the adjudicator's reveal) can see why the
 * extractor said what it said: characters [start, end) of the ARGUMENT text, the case it was read
 * as being about (`null`: the text does not say which case), the factor ("unlisted" for one
 * outside the catalogue), the style of the wording and the polarity; optionally `rules`, the named
 * rules that produced the reading, in the order they applied (the rules extractor writes them:
 * docs/RULES-EXTRACTOR.md, "The rule table"; the last one decided). Whether it lies inside the
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
    rules: z.array(ruleNameSchema).min(1).max(MAX_MENTION_RULES).optional(),
  })
  .refine((mention) => mention.end > mention.start, { message: 'end must be after start', path: ['end'] });
export type ExtractionMention = z.output<typeof extractionMentionSchema>;

/** The `mentions` field of an extraction: at most MAX_EXTRACTION_MENTIONS, in text order. */
export const extractionMentionsSchema = z
  .array(extractionMentionSchema)
  .max(MAX_EXTRACTION_MENTIONS, `at most ${MAX_EXTRACTION_MENTIONS} mentions`);
