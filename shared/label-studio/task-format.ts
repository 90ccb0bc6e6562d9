import { z } from 'zod';

/**
 * One result item of a Label Studio annotation or prediction, as its JSON export writes it and its
 * import reads it: which control (`from_name`) of which object (`to_name`), the control's `type`
 * (`labels`, `choices`, `textarea`) and its `value`. A region's items share its `id` and carry its
 * `start`/`end` (character offsets into the text, UTF-16 code units as in JavaScript, `[start, end)`).
 * Fields Label Studio adds (`origin`, `score`, …) are kept out of the way, not refused.
 */
export const lsResultItemSchema = z.looseObject({
  id: z.string().optional(),
  from_name: z.string(),
  to_name: z.string().optional(),
  type: z.string(),
  value: z.looseObject({
    start: z.number().int().nonnegative().optional(),
    end: z.number().int().nonnegative().optional(),
    text: z.union([z.string(), z.array(z.string())]).optional(),
    labels: z.array(z.string()).optional(),
    choices: z.array(z.string()).optional(),
  }),
});
export type LsResultItem = z.infer<typeof lsResultItemSchema>;

/**
 * Who made an annotation, as Label Studio writes it: a user id (its JSON export), or `{ id, email, … }`
 * (older exports, and what its import resolves against the organisation's members).
 */
export const lsCompletedBySchema = z.union([
  z.number().int(),
  z.string(),
  z.looseObject({ id: z.number().int().optional(), email: z.string().optional() }),
]);
export type LsCompletedBy = z.infer<typeof lsCompletedBySchema>;

export const lsAnnotationSchema = z.looseObject({
  completed_by: lsCompletedBySchema.optional(),
  result: z.array(lsResultItemSchema),
  was_cancelled: z.boolean().optional(),
  ground_truth: z.boolean().optional(),
  lead_time: z.number().nullable().optional(),
});
export type LsAnnotation = z.infer<typeof lsAnnotationSchema>;

/**
 * A task of a Label Studio JSON export made with factor-audit's labelling configuration: `data.text`
 * and `data.argument_id` (what `export label-studio` put there), its annotations (and predictions,
 * which an import ignores). Label Studio's own fields (`id`, `project`, `created_at`, …) pass.
 */
export const lsTaskSchema = z.looseObject({
  data: z.looseObject({ text: z.string(), argument_id: z.string().min(1) }),
  annotations: z.array(lsAnnotationSchema).default([]),
});
export type LsTask = z.infer<typeof lsTaskSchema>;
