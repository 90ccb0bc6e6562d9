import { z } from 'zod';
import { judgementSchema } from './schemas/annotation.ts';

/** PUT /api/studies/:study/items/:argumentId/annotation — an autosave (`save`) or a submission. */
export const saveAnnotationRequestSchema = z.strictObject({
  /** The version the client last saw: 0 when it started from nothing. A stale version gets 409. */
  version: z.number().int().nonnegative(),
  action: z.enum(['save', 'submit']),
  judgement: judgementSchema,
  /** Seconds spent on the item since the client's last successful save (added to the total). */
  secondsSpent: z.number().int().min(0).max(86_400).default(0),
});
export type SaveAnnotationRequest = z.input<typeof saveAnnotationRequestSchema>;
export type SaveAnnotation = z.output<typeof saveAnnotationRequestSchema>;

/** POST /api/studies/:study/items/:argumentId/annotation/reopen */
export const reopenAnnotationRequestSchema = z.strictObject({ version: z.number().int().positive() });

export const annotationStateSchema = z.object({
  status: z.enum(['draft', 'submitted']),
  version: z.number(),
  judgement: judgementSchema,
  secondsSpent: z.number(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type AnnotationState = z.infer<typeof annotationStateSchema>;

/** GET /api/studies/:study/items/:argumentId — what an annotator may see of one assigned item. */
export const annotationItemSchema = z.object({
  argumentId: z.string(),
  tripleId: z.string(),
  text: z.string(),
  finishReason: z.string().nullable(),
  /** "synthetic demo" and the like: where the text came from when it is not a real model run. */
  source: z.string().nullable(),
  position: z.number(),
  queueLength: z.number(),
  calibration: z.boolean(),
  guidelineVersion: z.string(),
  /** The triple's factor lists, only when the study turns show_ground_truth on; otherwise null. */
  groundTruth: z
    .object({ current: z.array(z.string()), tsc1: z.array(z.string()), tsc2: z.array(z.string()) })
    .nullable(),
  annotation: annotationStateSchema.nullable(),
  canReopen: z.boolean(),
});
export type AnnotationItem = z.infer<typeof annotationItemSchema>;

/** GET /api/studies/:study/queue — the signed-in annotator's assigned items, in their order. */
export const queueSchema = z.object({
  items: z.array(
    z.object({
      position: z.number(),
      argumentId: z.string(),
      calibration: z.boolean(),
      status: z.enum(['todo', 'draft', 'submitted']),
    }),
  ),
  progress: z.object({ total: z.number(), submitted: z.number(), drafts: z.number(), todo: z.number() }),
  next: z.string().nullable(),
});
export type Queue = z.infer<typeof queueSchema>;
