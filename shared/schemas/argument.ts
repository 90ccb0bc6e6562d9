import { z } from 'zod';
import { testSchema } from '../vocabulary.ts';
import { recordIdSchema } from './triple.ts';

/**
 * The longest argument text taken, in characters: a million, some 150,000 words — far past every 3-ply
 * argument with its reasoning trace, and short of what would make one import line a memory hazard.
 */
export const ARGUMENT_TEXT_MAX = 1_000_000;

/** One line of arguments JSONL: a generated 3-ply argument for one triple, by one model, in one test. */
export const argumentSchema = z.strictObject({
  id: recordIdSchema,
  triple_id: recordIdSchema,
  model: z.string().trim().min(1, 'must name the model').max(200, 'must be at most 200 characters'),
  test: testSchema,
  text: z
    .string()
    .max(
      ARGUMENT_TEXT_MAX,
      `must be at most ${ARGUMENT_TEXT_MAX.toLocaleString('en')} characters (no generated argument is this long: check the file)`,
    ),
  finish_reason: z.string().min(1).max(50, 'must be at most 50 characters').optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  /** Where the text came from when it is not a real model run, e.g. "synthetic demo"; shown wherever the argument is. */
  source: z.string().trim().min(1).max(500, 'must be at most 500 characters').optional(),
});
export type Argument = z.infer<typeof argumentSchema>;
