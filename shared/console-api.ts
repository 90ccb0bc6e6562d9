import { z } from 'zod';

/**
 * The study console's list of arguments (GET /api/studies/:study/arguments): the query a caller may
 * send, each value bounded, and the page the server answers. Sorted by argument id on the server.
 */

export const ARGUMENT_PAGE_SIZE_MAX = 100;

const yesNo = z.enum(['yes', 'no']);

export const argumentListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ARGUMENT_PAGE_SIZE_MAX).default(25),
  /** Part of the argument's id, its triple's id or its text (case-insensitive). */
  q: z.string().trim().max(200, 'a search is at most 200 characters').optional(),
  model: z.string().min(1).max(200).optional(),
  test: z.enum(['1', '2', '3']).transform(Number).optional(),
  sampled: yesNo.optional(),
  annotated: yesNo.optional(),
  adjudicated: yesNo.optional(),
});
export type ArgumentListQuery = z.output<typeof argumentListQuerySchema>;

export const argumentListPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every model and extractor of the study, for the filters and the columns. */
  models: z.array(z.string()),
  extractors: z.array(z.string()),
  items: z.array(
    z.object({
      argumentId: z.string(),
      tripleId: z.string(),
      model: z.string(),
      test: z.number().int(),
      sampled: z.boolean(),
      /** Submitted annotations. */
      annotations: z.number().int(),
      /** Final gold (fixed or imported). */
      adjudicated: z.boolean(),
      extractions: z.record(z.string(), z.enum(['extracted', 'failed'])),
    }),
  ),
});
export type ArgumentListPage = z.infer<typeof argumentListPageSchema>;
