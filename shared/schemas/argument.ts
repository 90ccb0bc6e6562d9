import { z } from 'zod';
import { testSchema } from '../vocabulary.ts';
import { recordIdSchema } from './triple.ts';

/** One line of arguments JSONL: a generated 3-ply argument for one triple, by one model, in one test. */
export const argumentSchema = z.strictObject({
  id: recordIdSchema,
  triple_id: recordIdSchema,
  model: z.string().trim().min(1, 'must name the model'),
  test: testSchema,
  text: z.string(),
  finish_reason: z.string().min(1).optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  /** Where the text came from when it is not a real model run, e.g. "synthetic demo"; shown wherever the argument is. */
  source: z.string().trim().min(1).optional(),
});
export type Argument = z.infer<typeof argumentSchema>;
