import { z } from 'zod';
import { designNameSchema } from './sampling/designs.ts';
import { recordIdSchema } from './schemas/triple.ts';
import { repeatedUsername, usernameKey, usernameReferenceSchema } from './username.ts';

/** The argument attributes a sample can be stratified by. */
export const STRATUM_ATTRIBUTES = ['model', 'test', 'finish_reason', 'source', 'mode'] as const;
export const stratumAttributeSchema = z.enum(STRATUM_ATTRIBUTES);
export type StratumAttribute = z.infer<typeof stratumAttributeSchema>;

export const allocationSchema = z.union([
  z.literal('equal'),
  z.literal('proportional'),
  z.strictObject({ minimumPerStratum: z.number().int().positive() }),
]);

/** A stored version's allocation: a draw's, or for a batch of `sample --next` its design. */
export const storedAllocationSchema = z.union([
  allocationSchema,
  z.strictObject({ design: designNameSchema }),
]);

/** POST /api/studies/:study/samples — and the options of the `sample` command. */
export const drawSampleRequestSchema = z.strictObject({
  size: z.number().int().positive().max(100_000).default(50),
  allocation: allocationSchema.default('equal'),
  seed: z.number().int().refine(Number.isSafeInteger, 'must be a safe integer'),
  strata: z.array(stratumAttributeSchema).min(1).max(STRATUM_ATTRIBUTES.length).default(['model', 'test']),
  excludeSampled: z.boolean().default(false),
});
export type DrawSampleRequest = z.output<typeof drawSampleRequestSchema>;

/** One version of a study's sample as GET /api/studies/:study/samples lists it (and POST returns it). */
export const sampleSummarySchema = z.object({
  version: z.number().int(),
  seed: z.number().int(),
  size: z.number().int(),
  drawn: z.number().int(),
  allocation: storedAllocationSchema,
  strataBy: z.array(stratumAttributeSchema),
  excludedPrevious: z.boolean(),
  createdAt: z.string(),
  strata: z.array(
    z.object({ stratum: z.string(), populationSize: z.number(), requested: z.number(), drawn: z.number() }),
  ),
});
export type SampleSummary = z.infer<typeof sampleSummarySchema>;

/** POST /api/studies/:study/samples answers the new version and what fell short. */
export const drawnSampleSchema = z.object({ sample: sampleSummarySchema, warnings: z.array(z.string()) });

/** The most annotators one assignment may name, and calibration items or reassigned items one request may list. */
export const ASSIGNMENT_LIMITS = { annotators: 200, calibration: 1_000, items: 100_000 } as const;

/** Ids each listed once: a repeated id is a caller's slip that would otherwise reach a UNIQUE constraint. */
function distinctIds(ids: readonly string[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [index], message: `"${id}" is listed twice` });
    seen.add(id);
  });
}

/** POST /api/studies/:study/assignments — and the options of the `assign` command. */
export const assignRequestSchema = z.strictObject({
  annotators: z
    .array(usernameReferenceSchema)
    .min(1, 'name at least one annotator')
    .max(ASSIGNMENT_LIMITS.annotators)
    .superRefine((names, ctx) => {
      // Names compare case-insensitively (usernameKey): "alice" and "ALICE" are one annotator.
      const repeated = repeatedUsername(names);
      if (repeated)
        ctx.addIssue({
          code: 'custom',
          message: `"${repeated.repeat}" names the same annotator as "${repeated.first}"; name each once`,
        });
    }),
  perItem: z.number().int().positive().max(ASSIGNMENT_LIMITS.annotators).default(2),
  seed: z.number().int().refine(Number.isSafeInteger, 'must be a safe integer'),
  calibration: z
    .array(recordIdSchema)
    .max(ASSIGNMENT_LIMITS.calibration)
    .superRefine(distinctIds)
    .default([]),
  sampleVersion: z.number().int().positive().optional(),
});
export type AssignRequest = z.output<typeof assignRequestSchema>;

/** POST /api/studies/:study/assignments/reassign */
export const reassignRequestSchema = z
  .strictObject({
    from: usernameReferenceSchema,
    to: usernameReferenceSchema,
    items: z.array(recordIdSchema).max(ASSIGNMENT_LIMITS.items).superRefine(distinctIds).optional(),
  })
  .refine((request) => usernameKey(request.from) !== usernameKey(request.to), {
    message: 'from and to name the same annotator (names compare case-insensitively); name two people',
    path: ['to'],
  });
export type ReassignRequest = z.output<typeof reassignRequestSchema>;
