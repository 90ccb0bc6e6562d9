import { z } from 'zod';
import { ALT_ALIGNMENTS } from './scoring/alt-test-alignment.ts';
import { lambdaSettingSchema } from './scoring/power-tuning.ts';

/**
 * The most bootstrap replicates the server computes for one request: 10,000 keeps a large study's
 * report within seconds of one worker thread (docs/API.md); the CLI, which runs on the caller's own
 * machine, takes more.
 */
export const MAX_SERVED_REPLICATES = 10_000;

/** GET /api/studies/:study/report — the query string. */
export const reportQuerySchema = z.strictObject({
  format: z.enum(['json', 'md', 'html']).default('json'),
  seed: z.coerce.number().int().refine(Number.isSafeInteger, 'must be a safe integer').optional(),
  replicates: z.coerce
    .number()
    .int()
    .min(0)
    .max(
      MAX_SERVED_REPLICATES,
      `the server computes at most ${MAX_SERVED_REPLICATES.toLocaleString('en')} replicates; use the CLI's report command for more`,
    )
    .optional(),
  level: z.coerce.number().gt(0).lt(1).optional(),
  extractor: z.string().min(1).max(200).optional(),
  /** ε of the alternative annotator test (default 0.2). */
  altEpsilon: z.coerce
    .number()
    .gt(0, 'must lie between 0 and 1')
    .lt(1, 'must lie between 0 and 1')
    .optional(),
  /** How the alternative annotator test aligns two readings (default jaccard). */
  altAlignment: z.enum(ALT_ALIGNMENTS).optional(),
  /** λ of the corrected estimates: `1` the difference estimator (the paper's), `tuned` PPI++ (default 1). */
  lambda: lambdaSettingSchema.optional(),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;
