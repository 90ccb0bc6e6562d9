import { z } from 'zod';

/** The argument attributes a sample can be stratified by. */
export const STRATUM_ATTRIBUTES = ['model', 'test', 'finish_reason', 'source', 'mode'] as const;
export const stratumAttributeSchema = z.enum(STRATUM_ATTRIBUTES);
export type StratumAttribute = z.infer<typeof stratumAttributeSchema>;

export const allocationSchema = z.union([
  z.literal('equal'),
  z.literal('proportional'),
  z.strictObject({ minimumPerStratum: z.number().int().positive() }),
]);

/** POST /api/studies/:study/samples — and the options of the `sample` command. */
export const drawSampleRequestSchema = z.strictObject({
  size: z.number().int().positive().max(100_000).default(50),
  allocation: allocationSchema.default('equal'),
  seed: z.number().int().refine(Number.isSafeInteger, 'must be a safe integer'),
  strata: z.array(stratumAttributeSchema).min(1).default(['model', 'test']),
  excludeSampled: z.boolean().default(false),
});
export type DrawSampleRequest = z.output<typeof drawSampleRequestSchema>;

/** POST /api/studies/:study/assignments — and the options of the `assign` command. */
export const assignRequestSchema = z.strictObject({
  annotators: z.array(z.string().trim().min(1)).min(1, 'name at least one annotator'),
  perItem: z.number().int().positive().default(2),
  seed: z.number().int().refine(Number.isSafeInteger, 'must be a safe integer'),
  calibration: z.array(z.string().trim().min(1)).default([]),
  sampleVersion: z.number().int().positive().optional(),
});
export type AssignRequest = z.output<typeof assignRequestSchema>;

/** POST /api/studies/:study/assignments/reassign */
export const reassignRequestSchema = z.strictObject({
  from: z.string().trim().min(1),
  to: z.string().trim().min(1),
  items: z.array(z.string().trim().min(1)).optional(),
});
export type ReassignRequest = z.output<typeof reassignRequestSchema>;
