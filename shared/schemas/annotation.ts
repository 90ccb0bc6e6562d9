import { z } from 'zod';
import { factorIdSchema } from '../factors.ts';
import { usernameSchema } from '../username.ts';
import { caseSchema } from '../vocabulary.ts';
import { dedupeUnlisted, factorListSchema, judgedUnlistedMentionSchema } from './factor-list.ts';
import { recordIdSchema } from './triple.ts';

export const mentionStyleSchema = z.enum(['code', 'name', 'paraphrase']);
export type MentionStyle = z.infer<typeof mentionStyleSchema>;
export const polaritySchema = z.enum(['asserted', 'negated']);
export type Polarity = z.infer<typeof polaritySchema>;

/**
 * The most a judgement may hold. Every string and list the server accepts is bounded, so a caller's
 * mistake (or a runaway client) is a 400 naming the field, never a 500 or a row nobody can read.
 * Each bound is far above honest use: 26 factors, a few dozen marks, a paragraph of comment.
 */
export const JUDGEMENT_LIMITS = {
  /** Entries of one case's factor list (codes or labels; repeats collapse, so 26 would do). */
  factorReferences: 100,
  /** Characters of one factor reference ("F4 Agreed-not-to-disclose (P)"). */
  factorReference: 200,
  unlisted: 200,
  spans: 2_000,
  /** Characters of a span's `text` (the wording of an unlisted factor it marks). */
  spanText: 2_000,
  comment: 5_000,
  guidelineVersion: 40,
} as const;

/**
 * A highlighted mention: characters [start, end) of the argument text, the case and factor it is
 * about ("unlisted" for a factor outside the catalogue, with its wording in `text`), its style and
 * polarity. Whether it lies inside the text is checked where the text is known (import, API).
 */
export const spanSchema = z
  .strictObject({
    start: z.number().int().nonnegative(),
    end: z.number().int().positive(),
    case: caseSchema,
    factor: z.union([factorIdSchema, z.literal('unlisted')]),
    style: mentionStyleSchema,
    polarity: polaritySchema,
    text: z.string().max(JUDGEMENT_LIMITS.spanText).optional(),
  })
  .refine((span) => span.end > span.start, { message: 'end must be after start', path: ['end'] });
export type Span = z.infer<typeof spanSchema>;

/** One case's factor list as a person enters it: bounded before it is normalised. */
const judgedFactorListSchema = z
  .array(z.string().max(JUDGEMENT_LIMITS.factorReference))
  .max(JUDGEMENT_LIMITS.factorReferences)
  .pipe(factorListSchema);

/** The judgement itself, shared by an annotator's annotation and the adjudicated gold. */
const judgementFields = {
  current: judgedFactorListSchema,
  tsc1: judgedFactorListSchema,
  tsc2: judgedFactorListSchema,
  unlisted: z
    .array(judgedUnlistedMentionSchema)
    .max(JUDGEMENT_LIMITS.unlisted)
    .default([])
    .transform(dedupeUnlisted),
  abstained: z.boolean(),
  exact_phrase: z.boolean().default(false),
  truncated: z.boolean().default(false),
  spans: z.array(spanSchema).max(JUDGEMENT_LIMITS.spans).default([]),
  comment: z.string().max(JUDGEMENT_LIMITS.comment).optional(),
  guideline_version: z.string().max(JUDGEMENT_LIMITS.guidelineVersion).optional(),
} as const;

function checkFlags(record: { abstained: boolean; exact_phrase: boolean }, ctx: z.RefinementCtx): void {
  if (record.exact_phrase && !record.abstained)
    ctx.addIssue({ code: 'custom', path: ['exact_phrase'], message: 'exact_phrase needs abstained: true' });
}

/** Per case the factors asserted, unlisted mentions, flags, spans and a comment: what one reader decided. */
export const judgementSchema = z.strictObject(judgementFields).superRefine(checkFlags);
export type Judgement = z.output<typeof judgementSchema>;

/** A judgement that marks nothing: no factor, no span, no flag (where every annotation starts). */
export function emptyJudgement(): Judgement {
  return {
    current: [],
    tsc1: [],
    tsc2: [],
    unlisted: [],
    abstained: false,
    exact_phrase: false,
    truncated: false,
    spans: [],
  };
}

/**
 * One line of annotations JSONL: one annotator's marks for one argument, as the UI saves them. The
 * annotator follows the user-name rule: importing makes an account for a name not yet known.
 */
export const annotationSchema = z
  .strictObject({
    argument_id: recordIdSchema,
    annotator: usernameSchema,
    ...judgementFields,
  })
  .superRefine(checkFlags);
export type Annotation = z.output<typeof annotationSchema>;

/** One line of gold JSONL: the adjudicated judgement for one argument; the adjudicator is named as a user is. */
export const goldSchema = z
  .strictObject({
    argument_id: recordIdSchema,
    adjudicator: usernameSchema.optional(),
    ...judgementFields,
  })
  .superRefine(checkFlags);
export type Gold = z.output<typeof goldSchema>;

/** The judgement part of an annotation or gold record (everything but who and which argument). */
export function judgementOf(record: Annotation | Gold): Judgement {
  const { argument_id: _argument, ...rest } = record;
  if ('annotator' in rest) {
    const { annotator: _annotator, ...judgement } = rest;
    return judgement;
  }
  const { adjudicator: _adjudicator, ...judgement } = rest;
  return judgement;
}
