import { z } from 'zod';

/**
 * A coverage check from the report screen (issue 17): `simulate coverage` at the study's own design,
 * run by the server in a worker thread. R simulated studies of B bootstrap replicates each cost about
 * R·B bootstrap reports; the bounds keep one check within minutes on the server (docs/REPORT.md). The
 * CLI takes every size.
 */
export const MAX_CHECK_REPLICATES = 2000;
export const MAX_CHECK_BOOTSTRAP = 1000;
export const MAX_CHECK_WORK = 400_000;
export const DEFAULT_CHECK_REPLICATES = 200;
export const DEFAULT_CHECK_BOOTSTRAP = 200;
export const DEFAULT_CHECK_SEED = 2025;

/** POST /api/studies/:study/coverage/jobs — R, B and the seed (defaults 200, 200, 2025). */
export const coverageCheckRequestSchema = z
  .strictObject({
    replicates: z.number().int().min(1).max(MAX_CHECK_REPLICATES).default(DEFAULT_CHECK_REPLICATES),
    bootstrap: z.number().int().min(0).max(MAX_CHECK_BOOTSTRAP).default(DEFAULT_CHECK_BOOTSTRAP),
    seed: z.number().int().refine(Number.isSafeInteger, 'must be a safe integer').default(DEFAULT_CHECK_SEED),
  })
  .refine((request) => request.replicates * Math.max(1, request.bootstrap) <= MAX_CHECK_WORK, {
    message: `replicates × bootstrap may be at most ${MAX_CHECK_WORK.toLocaleString('en')} on the server; use the CLI's simulate coverage for more`,
    path: ['bootstrap'],
  });
export type CoverageCheckRequest = z.output<typeof coverageCheckRequestSchema>;

/** A coverage job id: 16 random bytes, base64url. */
export const coverageJobParamsSchema = z.object({
  jobId: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a coverage job id'),
});

/** How a check was run (stored as JSON): R, B, seed, populations K, and the report settings it used. */
export const coverageParametersSchema = z.object({
  replicates: z.number().int(),
  bootstrap: z.number().int(),
  seed: z.number().int(),
  populations: z.number().int(),
  level: z.number(),
  claim_threshold: z.number(),
  threshold: z.number(),
});
export type CoverageParameters = z.output<typeof coverageParametersSchema>;

const share = z.number().min(0).max(1).nullable();

/** One row of the coverage table as kept and shown: an interval method on one kind of figure. */
export const coverageRowSchema = z.object({
  family: z.string(),
  method: z.string(),
  intervals: z.number(),
  coverage: share,
  mc_error: z.number().nullable(),
  /** 95 % Wilson interval of the coverage at the effective number of independent intervals (absent in older checks). */
  mc_interval: z.object({ lower: z.number(), upper: z.number() }).nullable().optional(),
  meets_target: z.boolean().nullable(),
});

/** A claim's wrong-"holds" and wrong-"fails" rates over the simulated studies. */
export const coverageClaimSchema = z.object({
  checked: z.number(),
  studies: z.number(),
  wrong_holds_studies_share: share,
  wrong_holds_mc_error: z.number().nullable(),
  wrong_fails_studies_share: share,
  meets_target: z.boolean().nullable(),
});

/** The part of a coverage summary (shared/simulation/coverage-summary.ts) that is shown; the rest is kept, not read. */
export const coverageResultSchema = z.object({
  studies: z.number(),
  targets: z.object({ coverage: z.number(), wrong_holds: z.number() }),
  rows: z.array(coverageRowSchema),
  claims: z.object({ acch_above: coverageClaimSchema, ranking: coverageClaimSchema }),
});
export type CoverageResult = z.output<typeof coverageResultSchema>;

/** The design simulated, in a line: the scenario's shape (stored with the result). */
export const coverageDesignSchema = z.object({
  models: z.number(),
  tests: z.number(),
  arguments_per_cell: z.number(),
  gold: z.number(),
  allocation: z.string(),
  notes: z.array(z.string()),
});
export type CoverageDesign = z.output<typeof coverageDesignSchema>;

/** A stored coverage check as the API and the report read it. */
export const coverageCheckSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  /** The admin who started it, or null when it came from the CLI. */
  created_by: z.string().nullable(),
  source: z.enum(['screen', 'cli']),
  report_revision: z.number(),
  design_fingerprint: z.string(),
  parameters: coverageParametersSchema,
  design: coverageDesignSchema,
  result: coverageResultSchema,
});
export type CoverageCheck = z.output<typeof coverageCheckSchema>;

/** What a coverage job is doing: waiting, loading the study, estimating its design, simulating (done of total studies), storing. */
export const coverageProgressSchema = z.object({
  phase: z.enum(['loading', 'simulating', 'storing']),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  detail: z.string(),
});
export type CoverageProgress = z.output<typeof coverageProgressSchema>;

/** A coverage job: `running` with its progress, then `done` (the stored `check`), `failed` or `cancelled`. */
export const coverageJobSchema = z.object({
  id: z.string(),
  study: z.string(),
  status: z.enum(['running', 'done', 'failed', 'cancelled']),
  progress: coverageProgressSchema,
  parameters: z.object({ replicates: z.number(), bootstrap: z.number(), seed: z.number() }),
  started_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  check: coverageCheckSchema.nullable(),
});
export type CoverageJobView = z.output<typeof coverageJobSchema>;

/** GET /api/studies/:study/coverage — the latest stored check, and (for admins) the study's current or last job. */
export const coverageStateSchema = z.object({
  latest: coverageCheckSchema.nullable(),
  job: coverageJobSchema.nullable(),
});
export type CoverageState = z.output<typeof coverageStateSchema>;

/**
 * The report's appendix on the intervals' coverage (`report.coverage`): the study's latest check, and
 * whether the study's design is still the one it simulated (`current`) or changed since (`stale`,
 * with the reason); `absent` when no check was stored.
 */
export const coverageAppendixSchema = z.object({
  status: z.enum(['absent', 'current', 'stale']),
  check: coverageCheckSchema.nullable(),
  stale_reason: z.string().nullable(),
});
export type CoverageAppendix = z.output<typeof coverageAppendixSchema>;
