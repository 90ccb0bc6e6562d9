import { z } from 'zod';
import { modeSchema, testSchema } from './vocabulary.ts';

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

/** The kinds of file an admin may upload (the `import` command's kinds). */
export const UPLOAD_KINDS = [
  'triples',
  'arguments',
  'extractions',
  'annotations',
  'gold',
  'reported',
  'paper-log',
] as const;

/** The largest upload the server reads (the body is the file itself). */
export const UPLOAD_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * POST /api/admin/imports?study=&kind=&file=[&replace=yes][&mode=][&model=&test=[&extractor=]] — the
 * body is the file. `mode` is a scenario CSV's when its name does not say it; `model`, `test` and
 * `extractor` are a paper log's (the command's --mode, --model, --test and --extractor).
 */
export const importUploadQuerySchema = z.strictObject({
  study: z.string().min(1).max(64, 'a study name is at most 64 characters'),
  kind: z.enum(UPLOAD_KINDS),
  file: z
    .string()
    .min(1)
    .max(200, 'a file name is at most 200 characters')
    .regex(/^[\w. -]+$/, 'a file name is letters, digits, spaces, ".", "_" or "-" (no folders)')
    .refine(
      (name) => name !== '.' && name !== '..',
      'a file name cannot be "." or ".." (name the file itself)',
    ),
  replace: z.enum(['yes', 'no']).optional(),
  mode: modeSchema.optional(),
  model: z
    .string()
    .trim()
    .min(1, 'name the model')
    .max(200, 'a model name is at most 200 characters')
    .optional(),
  test: z
    .enum(['1', '2', '3'], 'the test is 1, 2 or 3')
    .transform((test) => testSchema.parse(Number(test)))
    .optional(),
  extractor: z
    .string()
    .trim()
    .min(1, 'name the extractor')
    .max(200, 'an extractor name is at most 200 characters')
    .optional(),
});
export type ImportUploadQuery = z.output<typeof importUploadQuerySchema>;

/** GET /api/studies/:study/imports?page= */
export const importHistoryQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const importHistoryPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(
    z.object({
      kind: z.string(),
      fileName: z.string(),
      sha256: z.string(),
      importedAt: z.string(),
      records: z.number().int(),
      inserted: z.number().int(),
      replaced: z.number().int(),
      unchanged: z.number().int(),
      /** The admin who uploaded it; null for the command line. */
      actor: z.string().nullable(),
    }),
  ),
});
export type ImportHistoryPage = z.infer<typeof importHistoryPageSchema>;

export const importSummarySchema = z.object({
  kind: z.string(),
  file: z.string(),
  sha256: z.string(),
  study: z.string(),
  studyCreated: z.boolean(),
  counts: z.object({
    records: z.number(),
    inserted: z.number(),
    replaced: z.number(),
    unchanged: z.number(),
  }),
  warnings: z.array(z.string()),
});

/** The details of a refused import (`import_invalid`): every bad record by line. */
export const importProblemsSchema = z.object({
  file: z.string(),
  problems: z.array(z.object({ line: z.number(), message: z.string() })),
});

/** The most runs of one extractor the extraction runs screen lists (the latest). */
export const RUNS_LISTED = 10;

/**
 * GET /api/studies/:study/extractors — each extractor's counts over the study and over the latest
 * sample, its latest runs, and the command that reruns its failures.
 */
export const extractorRunsSchema = z.array(
  z.object({
    name: z.string(),
    kind: z.enum(['imported', 'llm', 'rules']),
    version: z.string().nullable(),
    extracted: z.number().int(),
    failed: z.number().int(),
    /** The study's arguments it has no output for. */
    notRun: z.number().int(),
    /** The same counts over the latest sample's items (what the gold covers); null without a sample. */
    sample: z
      .object({
        version: z.number().int(),
        items: z.number().int(),
        extracted: z.number().int(),
        failed: z.number().int(),
        notRun: z.number().int(),
      })
      .nullable(),
    /** How many runs (and imports) it has had; `runs` lists the latest RUNS_LISTED, newest first. */
    runCount: z.number().int(),
    runs: z.array(
      z.object({
        startedAt: z.string(),
        /** null for an import (it has no duration), or for a run that never finished (stopped, or still running). */
        finishedAt: z.string().nullable(),
        /** The imported file, for an import. */
        importFile: z.string().nullable(),
        /** How it ran (model, prompt hash, lexicon, …), each value as text. */
        parameters: z.array(z.object({ name: z.string(), value: z.string() })),
        /** Extractions whose stored output is from this run. */
        stored: z.number().int(),
      }),
    ),
    /** The command line that retries its failures (an imported extractor's: re-import its file). */
    rerun: z.string(),
  }),
);

/** GET /api/studies/:study/extractors/:name/failures?page=&pageSize= */
export const extractionFailuresQuerySchema = importHistoryQuerySchema;
export const extractionFailuresPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(z.object({ argumentId: z.string(), error: z.string() })),
});
