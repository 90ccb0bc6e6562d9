import { z } from 'zod';
import { judgementSchema } from './schemas/annotation.ts';

/**
 * An annotator addresses an assigned item by its opaque key: random, issued per assignment (a
 * reassigned item gets a new one), so neither the key nor a URL carrying it reveals the argument's
 * id, the generating model or the test, and another annotator's key answers 404.
 */
export const itemKeySchema = z
  .string()
  .regex(/^[a-z0-9]{8,32}$/, 'an item key is 8–32 lowercase letters or digits');

/** PUT /api/studies/:study/items/:itemKey/annotation — an autosave (`save`) or a submission. */
export const saveAnnotationRequestSchema = z.strictObject({
  /** The version the client last saw: 0 when it started from nothing. A stale version gets 409. */
  version: z.number().int().nonnegative(),
  action: z.enum(['save', 'submit']),
  judgement: judgementSchema,
  /** Seconds spent on the item since the client's last successful save (added to the total). */
  secondsSpent: z.number().int().min(0).max(86_400).default(0),
  /**
   * A client-chosen id of this attempt (e.g. a UUID). A retried request whose first try was applied
   * but whose answer was lost is recognised by it and answered with the stored state, not a 409.
   */
  clientSaveId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'a client save id is 8–64 letters, digits or hyphens (a UUID will do)')
    .optional(),
});
export type SaveAnnotationRequest = z.input<typeof saveAnnotationRequestSchema>;
export type SaveAnnotation = z.output<typeof saveAnnotationRequestSchema>;

/** POST /api/studies/:study/items/:itemKey/annotation/reopen */
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

/** GET /api/studies/:study/items/:itemKey — what an annotator may see of one assigned item. */
export const annotationItemSchema = z.object({
  itemKey: itemKeySchema,
  /**
   * The argument as generated — or, when the study hides reasoning traces, with its trace blanked
   * out (every offset kept). Never the argument's `source` or any other imported free text.
   */
  text: z.string(),
  finishReason: z.string().nullable(),
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
      itemKey: itemKeySchema,
      calibration: z.boolean(),
      status: z.enum(['todo', 'draft', 'submitted']),
      /** Active seconds the annotator has spent on the item so far. */
      secondsSpent: z.number(),
      /** When the annotator last saved it; null when never. */
      updatedAt: z.string().nullable(),
    }),
  ),
  progress: z.object({
    total: z.number(),
    submitted: z.number(),
    drafts: z.number(),
    todo: z.number(),
    secondsSpent: z.number(),
  }),
  /** The key of the item to continue with: the first draft or to-do item in queue order; null when all are submitted. */
  next: itemKeySchema.nullable(),
});
export type Queue = z.infer<typeof queueSchema>;

/**
 * A rejected save as a history keeps it: the SHA-256 (hex) and size in bytes of the JSON it carried,
 * not the content — so stale saves cannot grow the database by what they send (the client keeps the
 * attempt as a local draft; the digest lets it be matched).
 */
export const rejectedAttemptSchema = z.object({ sha256: z.string(), bytes: z.number() });
export type RejectedAttempt = z.infer<typeof rejectedAttemptSchema>;

/**
 * GET /api/studies/:study/items/:itemKey/annotation/history — the caller's own history of the item,
 * oldest first: `id` numbers the entries from 1; `actor` is the caller's name, or null for a change
 * not made through the app (an import, the demo). A `conflict` (a rejected stale save) has
 * `judgement: null` and its `rejected` digest; every other entry has its judgement and `rejected: null`
 * (conflicts recorded before digests were kept also have their judgement).
 */
export const annotationHistorySchema = z.array(
  z.object({
    id: z.number(),
    actor: z.string().nullable(),
    action: z.enum(['save', 'submit', 'reopen', 'conflict', 'import', 'demo']),
    version: z.number(),
    judgement: judgementSchema.nullable(),
    rejected: rejectedAttemptSchema.nullable(),
    at: z.string(),
  }),
);
export type AnnotationHistoryEntry = z.infer<typeof annotationHistorySchema>[number];

/** GET /api/guidelines — the annotation guidelines the annotators follow, in the version saved with each annotation. */
export const guidelinesSchema = z.object({ version: z.string(), markdown: z.string() });
export type Guidelines = z.infer<typeof guidelinesSchema>;
