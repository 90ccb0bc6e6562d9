import { z } from 'zod';

/** GET /api/studies/:study/report — the query string. */
export const reportQuerySchema = z.strictObject({
  format: z.enum(['json', 'md', 'html']).default('json'),
  seed: z.coerce.number().int().refine(Number.isSafeInteger, 'must be a safe integer').optional(),
  replicates: z.coerce.number().int().min(0).max(20_000).optional(),
  level: z.coerce.number().gt(0).lt(1).optional(),
  extractor: z.string().min(1).optional(),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;
