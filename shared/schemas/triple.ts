import { z } from 'zod';
import { modeSchema, outcomeSchema } from '../vocabulary.ts';
import { factorListSchema } from './factor-list.ts';

export const recordIdSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');

const precedentSchema = z.strictObject({ factors: factorListSchema, outcome: outcomeSchema });

/** One line of triples JSONL: a current case and two decided precedents (TSC1, TSC2). */
export const tripleSchema = z.strictObject({
  id: recordIdSchema,
  mode: modeSchema,
  current: z.strictObject({ factors: factorListSchema }),
  tsc1: precedentSchema,
  tsc2: precedentSchema,
});
export type Triple = z.infer<typeof tripleSchema>;
