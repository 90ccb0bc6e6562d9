/**
 * The adjudication API (role `adjudicator`, under /api/studies/:study/adjudication): from two
 * annotators' submitted judgements to one gold record, then the extractors revealed against it.
 * Items are addressed by an opaque key of their own (as annotators' items are), so neither the
 * queue nor a URL names the argument, its model or its test before the reveal.
 */
import { z } from 'zod';
import { itemKeySchema, rejectedAttemptSchema } from './annotation-api.ts';
import { factorIdSchema } from './factors.ts';
import { judgementSchema, mentionStyleSchema, polaritySchema, spanSchema } from './schemas/annotation.ts';
import { extractionMentionsSchema } from './schemas/extraction-mention.ts';
import { caseSchema } from './vocabulary.ts';

/** What the two annotators (shown as A and B) differ on; `id` is stable for the same pair of judgements. */
export const disagreementSchema = z.discriminatedUnion('kind', [
  /** A (case, factor) ticked by one annotator and not the other. */
  z.object({
    kind: z.literal('cell'),
    id: z.string().max(200),
    case: caseSchema,
    factor: factorIdSchema,
    a: z.boolean(),
    b: z.boolean(),
  }),
  /** An unlisted factor (its wording, folded) recorded by one annotator and not the other. */
  z.object({
    kind: z.literal('unlisted'),
    id: z.string().max(200),
    case: caseSchema,
    text: z.string().max(500),
    a: z.boolean(),
    b: z.boolean(),
  }),
  /**
   * A highlighted mention in one judgement with no counterpart in the other (same case, factor and
   * polarity, overlapping: docs/decisions/006-span-overlap.md), or matched spans whose style differs.
   */
  z.object({
    kind: z.literal('span'),
    id: z.string().max(200),
    a: spanSchema.nullable(),
    b: spanSchema.nullable(),
  }),
  /** A whole-response flag set by one and not the other. */
  z.object({
    kind: z.literal('flag'),
    id: z.string().max(200),
    flag: z.enum(['abstained', 'exact_phrase', 'truncated']),
    a: z.boolean(),
    b: z.boolean(),
  }),
]);
export type Disagreement = z.infer<typeof disagreementSchema>;

/** How one disagreement was resolved: A's value, B's, both (union), neither, or an edited value. */
export const resolutionChoiceSchema = z.enum(['a', 'b', 'both', 'neither', 'edited']);
export type ResolutionChoice = z.infer<typeof resolutionChoiceSchema>;

export const decisionSchema = z.strictObject({
  disagreementId: z.string().min(1).max(200),
  choice: resolutionChoiceSchema,
  rationale: z.string().max(2000).optional(),
});
export type Decision = z.infer<typeof decisionSchema>;

/** The stored gold of an item: the judgement, every decision with its rationale, who and when. */
export const goldStateSchema = z.object({
  /** `draft` while the adjudicator works; `fixed` once decided (what the reveal needs); `imported` from `import gold`. */
  status: z.enum(['draft', 'fixed', 'imported']),
  version: z.number(),
  judgement: judgementSchema,
  decisions: z.array(decisionSchema),
  adjudicator: z.string().nullable(),
  /** "accepted, no disagreement" when bulk-accepted; the import's file name when imported. */
  note: z.string().nullable(),
  updatedAt: z.string(),
  fixedAt: z.string().nullable(),
});
export type GoldState = z.infer<typeof goldStateSchema>;

/** GET …/adjudication — the items ready for adjudication (every assigned annotation submitted). */
export const adjudicationQueueSchema = z.object({
  items: z.array(
    z.object({
      itemKey: itemKeySchema,
      position: z.number(),
      annotations: z.number(),
      disagreements: z.number(),
      status: z.enum(['waiting', 'in_progress', 'fixed', 'accepted', 'imported']),
    }),
  ),
  /** Items whose annotations are not all submitted yet (not listed). */
  notReady: z.number(),
});
export type AdjudicationQueue = z.infer<typeof adjudicationQueueSchema>;

/** GET …/adjudication/items/:itemKey[?names=1] — one item for the adjudicator. */
export const adjudicationItemSchema = z.object({
  itemKey: itemKeySchema,
  position: z.number(),
  queueLength: z.number(),
  text: z.string(),
  finishReason: z.string().nullable(),
  /** The submitted annotations as A and B (in a fixed, seeded order); names only with `?names=1`. */
  annotations: z.array(
    z.object({
      label: z.enum(['A', 'B']),
      annotator: z.string().nullable(),
      judgement: judgementSchema,
      submittedAt: z.string().nullable(),
    }),
  ),
  disagreements: z.array(disagreementSchema),
  gold: goldStateSchema.nullable(),
  /** Whether the extractors may be shown: the gold is fixed (or imported). */
  canReveal: z.boolean(),
  /**
   * Added by the server side: whether adjudication has started (POST …/start or a first gold save),
   * which locks the annotators' reopening; opening the item does not start it.
   */
  started: z.boolean(),
});
export type AdjudicationItem = z.infer<typeof adjudicationItemSchema>;

/** PUT …/adjudication/items/:itemKey/gold — autosave (`save`) or decide (`fix`), versioned like annotations. */
export const saveGoldRequestSchema = z.strictObject({
  version: z.number().int().nonnegative(),
  action: z.enum(['save', 'fix']),
  judgement: judgementSchema,
  decisions: z.array(decisionSchema).max(500).default([]),
  clientSaveId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
});
export type SaveGoldRequest = z.input<typeof saveGoldRequestSchema>;
export type SaveGold = z.output<typeof saveGoldRequestSchema>;

/** POST …/adjudication/accept — bulk acceptance; only items without disagreement are accepted. */
export const acceptRequestSchema = z.strictObject({ itemKeys: z.array(itemKeySchema).min(1).max(1000) });
export const acceptResultSchema = z.object({
  accepted: z.array(itemKeySchema),
  skipped: z.array(z.object({ itemKey: itemKeySchema, reason: z.string() })),
});
export type AcceptResult = z.infer<typeof acceptResultSchema>;

/**
 * How one (case, factor) of an extractor compares with the gold (computed in shared/scoring, stored):
 * - `correct`: in both;
 * - `missed`: in the gold only; `goldStyle` is the style of the gold's asserted mention, or `unmarked`
 *   when the gold ticks it without a span;
 * - `negated_as_present`: the extractor asserts it where the gold marks a negated mention;
 * - `wrong_case`: the extractor asserts it for a case where the gold does not, and the gold has it
 *   for another case;
 * - `invented`: an unlisted (not in the catalogue) factor the extractor reports;
 * - `extra`: asserted by the extractor and present nowhere in the gold (no case, no mention).
 */
export const errorClassSchema = z.enum([
  'correct',
  'missed',
  'negated_as_present',
  'wrong_case',
  'invented',
  'extra',
]);
export type ErrorClass = z.infer<typeof errorClassSchema>;

/** The classes in the order reports and screens list them. */
export const ERROR_CLASSES: readonly ErrorClass[] = errorClassSchema.options;

/** Each class's short name (report columns, chips) and what it means, for legends. */
export const ERROR_CLASS_TEXT: Readonly<Record<ErrorClass, { label: string; meaning: string }>> = {
  correct: { label: 'correct', meaning: 'in both' },
  missed: { label: 'missed', meaning: 'in the gold only' },
  negated_as_present: {
    label: 'negated as present',
    meaning: 'asserted where the gold marks a negated mention',
  },
  wrong_case: { label: 'wrong case', meaning: 'the gold has it for another case' },
  invented: { label: 'invented', meaning: 'not one of the 26 factors' },
  extra: { label: 'extra', meaning: 'nowhere in the gold' },
};

export const classifiedDecisionSchema = z.object({
  case: caseSchema,
  /** A catalogue factor, or for `invented` the extractor's wording. */
  factor: z.union([factorIdSchema, z.string().max(500)]),
  class: errorClassSchema,
  goldStyle: z.union([mentionStyleSchema, z.literal('unmarked')]).nullable(),
  goldPolarity: polaritySchema.nullable(),
  /** Where the gold mentions it (to highlight), when it does. */
  spans: z.array(z.object({ start: z.number(), end: z.number() })),
});
export type ClassifiedDecision = z.infer<typeof classifiedDecisionSchema>;

/** GET …/adjudication/items/:itemKey/reveal — 403 until the gold is fixed. */
export const revealSchema = z.object({
  /** The argument as the admin sees it, now that the gold is fixed. */
  argumentId: z.string(),
  model: z.string(),
  test: z.number(),
  extractors: z.array(
    z.object({
      extractor: z.string(),
      status: z.enum(['extracted', 'failed', 'missing']),
      error: z.string().nullable(),
      decisions: z.array(classifiedDecisionSchema),
      counts: z.record(errorClassSchema, z.number()),
      /** The extractor's evidence, when it stores some (the rules extractor does): why it said what it said. */
      mentions: extractionMentionsSchema,
    }),
  ),
});
export type Reveal = z.infer<typeof revealSchema>;

/**
 * GET …/adjudication/items/:itemKey/gold/history — added by the server side (the route was named, its
 * shape was not): every change of the item's gold, oldest first. `id` numbers the entries from 1;
 * `actor` is the adjudicator or admin who acted, null for an import or the demo; `note` is the reason
 * of a reopening, or the gold's note ("accepted, no disagreement", an import's file name). A rejected
 * stale save is kept as the digest of its `{ judgement, decisions }` (`rejectedAttemptSchema`).
 */
export const goldHistorySchema = z.array(
  z.object({
    id: z.number(),
    actor: z.string().nullable(),
    action: z.enum(['save', 'fix', 'reopen', 'conflict', 'accept', 'import', 'demo']),
    status: goldStateSchema.shape.status,
    version: z.number(),
    /** null, as `decisions`, for a rejected stale save (`conflict`) kept as its `rejected` digest. */
    judgement: judgementSchema.nullable(),
    decisions: z.array(decisionSchema).nullable(),
    note: z.string().nullable(),
    rejected: rejectedAttemptSchema.nullable(),
    at: z.string(),
  }),
);
export type GoldHistoryEntry = z.infer<typeof goldHistorySchema>[number];

/** POST /api/studies/:study/arguments/:argumentId/gold/reopen (admin) — logged with its reason. */
export const reopenGoldRequestSchema = z.strictObject({ reason: z.string().trim().min(3).max(2000) });
