import { z } from 'zod';
import { reportQuerySchema } from './report-api.ts';

/**
 * What a report computation is doing: waiting for the one report worker, loading the study's rows
 * (step by step: triples, arguments, …), computing every figure, rendering the format asked for.
 * `step` of `steps` counts those stages in order, for a progress bar.
 */
export const reportProgressSchema = z.object({
  phase: z.enum(['waiting', 'loading', 'computing', 'rendering']),
  step: z.number().int().min(0),
  steps: z.number().int().min(1),
  detail: z.string(),
});
export type ReportProgress = z.output<typeof reportProgressSchema>;

/** POST /api/studies/:study/report/jobs — the body: the same settings as GET …/report's query. */
export const reportJobRequestSchema = reportQuerySchema;
export type ReportJobRequest = z.output<typeof reportJobRequestSchema>;

/** A job id: 16 random bytes, base64url. */
export const reportJobParamsSchema = z.object({
  jobId: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a report job id'),
});

/**
 * A report job as its caller sees it: `queued`/`running` with its progress, then `done` (the report at
 * `result`), `failed` (with the error) or `cancelled`. `cached`: answered from the report cache.
 */
export const reportJobSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed', 'cancelled']),
  progress: reportProgressSchema,
  format: z.enum(['json', 'md', 'html']),
  cached: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  result: z.string().nullable(),
});
export type ReportJobView = z.output<typeof reportJobSchema>;
