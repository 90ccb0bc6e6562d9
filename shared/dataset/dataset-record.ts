import { z } from 'zod';
import { classifiedDecisionSchema, decisionSchema } from '../adjudication-api.ts';
import { judgementSchema } from '../schemas/annotation.ts';
import { argumentSchema } from '../schemas/argument.ts';
import { type Extraction, extractionSchema } from '../schemas/extraction.ts';
import { tripleSchema } from '../schemas/triple.ts';
import { usernameSchema } from '../username.ts';

/** Where a final gold record came from: fixed by an adjudicator, accepted without disagreement, or imported. */
export const datasetGoldStatusSchema = z.enum(['fixed', 'accepted', 'imported']);
export type DatasetGoldStatus = z.infer<typeof datasetGoldStatusSchema>;

/** The design row of an argument drawn by the study's sample (the latest version that drew it). */
export const datasetSampleRowSchema = z.strictObject({
  version: z.number().int().positive(),
  stratum: z.string(),
  inclusion_probability: z.number().gt(0).max(1),
  weight: z.number().min(1),
});
export type DatasetSampleRow = z.infer<typeof datasetSampleRowSchema>;

/**
 * One annotator's submitted judgement: `annotator` is the pseudonym (A, B, … per argument,
 * shared/dataset/pseudonyms.ts), `name` the account only in an export made with `--names`.
 */
export const datasetAnnotationSchema = z.strictObject({
  annotator: z.string().regex(/^Z*[A-Y]$/, 'must be a pseudonym A…Y, ZA…'),
  name: usernameSchema.optional(),
  /** Active seconds the annotator spent on the argument (the workspace's timer). */
  seconds_spent: z.number().int().nonnegative(),
  judgement: judgementSchema,
});
export type DatasetAnnotation = z.infer<typeof datasetAnnotationSchema>;

/** The final gold: its status, who decided (pseudonymised unless `--names`), every decision and rationale. */
export const datasetGoldSchema = z.strictObject({
  status: datasetGoldStatusSchema,
  adjudicator: usernameSchema.nullable(),
  decisions: z.array(decisionSchema),
  judgement: judgementSchema,
});
export type DatasetGold = z.infer<typeof datasetGoldSchema>;

/**
 * One extractor's output as the extractions format writes it (without `argument_id`, which the record
 * carries) — `mentions` included when the extractor gave evidence spans — and its error classes against
 * the gold (null without final gold or usable output). The extraction's own fields are checked by
 * `extractionSchema` when the record is read.
 */
const datasetExtractionShape = z.looseObject({
  extractor: z.string(),
  error_classes: z.array(classifiedDecisionSchema).nullable(),
});

/** A dataset extraction as read back: the validated extraction with its error classes. */
export type DatasetExtraction = Omit<Extraction, 'argument_id'> & {
  error_classes: z.infer<typeof classifiedDecisionSchema>[] | null;
};

const recordShape = z.strictObject({
  argument_id: argumentSchema.shape.id,
  model: argumentSchema.shape.model,
  test: argumentSchema.shape.test,
  finish_reason: argumentSchema.shape.finish_reason,
  output_tokens: argumentSchema.shape.output_tokens,
  source: argumentSchema.shape.source,
  text: argumentSchema.shape.text,
  /** The triple the argument was written for, with its ground truth (factor lists and outcomes, mode). */
  triple: tripleSchema,
  sample: datasetSampleRowSchema.nullable(),
  /** The guideline versions the annotations and the gold were made under (derived; sorted). */
  guideline_versions: z.array(z.string()),
  annotations: z.array(datasetAnnotationSchema),
  gold: datasetGoldSchema.nullable(),
  extractions: z.array(datasetExtractionShape),
});

/**
 * One line of a dataset's `gold.jsonl` (`export dataset`, docs/FORMATS.md "Gold-standard dataset"):
 * one annotated argument with its text, triple, sample row, annotators' judgements, final gold and
 * every extractor's output. Reading checks each extraction by the extractions format and that no
 * pseudonym repeats within the record; the import checks the rest (the test against the triple's
 * mode, spans against the text) by the rules of the other imports.
 */
export const datasetRecordSchema = recordShape.transform((record, ctx) => {
  const extractions: DatasetExtraction[] = [];
  record.extractions.forEach((entry, index) => {
    const { error_classes, ...fields } = entry;
    const parsed = extractionSchema.safeParse({ argument_id: record.argument_id, ...fields });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: ['extractions', index, ...issue.path], message: issue.message });
      return;
    }
    const { argument_id: _argument, ...extraction } = parsed.data;
    extractions.push({ ...extraction, error_classes });
  });
  const seen = new Set<string>();
  record.annotations.forEach((annotation, index) => {
    if (seen.has(annotation.annotator))
      ctx.addIssue({
        code: 'custom',
        path: ['annotations', index, 'annotator'],
        message: `${annotation.annotator} appears twice`,
      });
    seen.add(annotation.annotator);
  });
  return { ...record, extractions };
});
export type DatasetRecord = z.output<typeof datasetRecordSchema>;
