import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { adminUserSchema, type CreateUserRequest, type UpdateUserRequest } from '../../shared/admin-api.ts';
import {
  argumentListPageSchema,
  extractionFailuresPageSchema,
  extractorRunsSchema,
  importHistoryPageSchema,
  importProblemsSchema,
  importSummarySchema,
  type UPLOAD_KINDS,
} from '../../shared/console-api.ts';
import { calibrationAgreementSchema } from '../../shared/progress/calibration-agreement.ts';
import {
  type assignRequestSchema,
  drawnSampleSchema,
  type drawSampleRequestSchema,
  type reassignRequestSchema,
  sampleSummarySchema,
} from '../../shared/sample-api.ts';
import { CSRF_HEADER, csrfTokenFor } from './csrf.ts';
import { ApiError } from './errors.ts';
import { errorFromResponse, fetchJson } from './fetchJson.ts';
import { studyPathSegment } from './studies.ts';

export type DrawSampleInput = z.input<typeof drawSampleRequestSchema>;

/**
 * The study console's server state (role `admin`): one query or mutation per admin route, each
 * answer checked by the schema the server answers with. Screens hold no logic of their own: every
 * action goes through the route, and so through the service the CLI uses.
 */

const USERS_PATH = '/api/admin/users';
export const USERS_KEY = ['admin', 'users'] as const;

function userPath(username: string): string {
  return `${USERS_PATH}/${encodeURIComponent(username)}`;
}

/** GET /api/admin/users */
export const usersQuery = queryOptions({
  queryKey: USERS_KEY,
  queryFn: ({ signal }) => fetchJson(USERS_PATH, adminUserSchema.array(), { signal }),
});

const createdUserSchema = z.object({ user: adminUserSchema, password: z.string().optional() });
export type CreatedUser = z.infer<typeof createdUserSchema>;

/** POST /api/admin/users — `password` in the answer only when the server generated it. */
export function createUser(body: CreateUserRequest): Promise<CreatedUser> {
  return fetchJson(USERS_PATH, createdUserSchema, { method: 'POST', body });
}

/** PATCH /api/admin/users/:username — roles and/or disabled. */
export function updateUser(username: string, body: UpdateUserRequest) {
  return fetchJson(userPath(username), adminUserSchema, { method: 'PATCH', body });
}

const passwordAnswerSchema = z.object({ password: z.string().optional() });

/** POST /api/admin/users/:username/password with no password: the server generates one, shown once. */
export function resetPassword(username: string): Promise<z.infer<typeof passwordAnswerSchema>> {
  return fetchJson(`${userPath(username)}/password`, passwordAnswerSchema, { method: 'POST', body: {} });
}

export function samplesKey(study: string) {
  return ['studies', study, 'samples'] as const;
}

/** GET /api/studies/:study/samples — every version, oldest first. */
export function samplesQuery(study: string) {
  return queryOptions({
    queryKey: samplesKey(study),
    queryFn: ({ signal }) =>
      fetchJson(`${studyPathSegment(study)}/samples`, sampleSummarySchema.array(), { signal }),
  });
}

/** POST /api/studies/:study/samples — draws a new version (the `sample` command's service). */
export function drawSample(study: string, body: DrawSampleInput) {
  return fetchJson(`${studyPathSegment(study)}/samples`, drawnSampleSchema, { method: 'POST', body });
}

const assignmentSummarySchema = z.object({
  sampleVersion: z.number().int(),
  items: z.number().int(),
  calibration: z.number().int(),
  loads: z.record(z.string(), z.number()),
});
export type AssignmentSummary = z.infer<typeof assignmentSummarySchema>;
export type AssignInput = z.input<typeof assignRequestSchema>;
export type ReassignInput = z.input<typeof reassignRequestSchema>;

/** POST /api/studies/:study/assignments/preview — the loads an assignment would give; nothing written. */
export function previewAssignment(study: string, body: AssignInput): Promise<AssignmentSummary> {
  return fetchJson(`${studyPathSegment(study)}/assignments/preview`, assignmentSummarySchema, {
    method: 'POST',
    body,
  });
}

/** POST /api/studies/:study/assignments — the `assign` command's service. */
export function assignSample(study: string, body: AssignInput): Promise<AssignmentSummary> {
  return fetchJson(`${studyPathSegment(study)}/assignments`, assignmentSummarySchema, {
    method: 'POST',
    body,
  });
}

const reassignAnswerSchema = z.object({
  moved: z.array(z.string()),
  skipped: z.array(z.object({ itemId: z.string(), reason: z.string() })),
});

/** POST /api/studies/:study/assignments/reassign — only unfinished items move; logged. */
export function reassignItems(study: string, body: ReassignInput) {
  return fetchJson(`${studyPathSegment(study)}/assignments/reassign`, reassignAnswerSchema, {
    method: 'POST',
    body,
  });
}

const assignmentLogPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(
    z.object({
      argumentId: z.string(),
      from: z.string().nullable(),
      to: z.string(),
      action: z.string(),
      actor: z.string().nullable(),
      at: z.string(),
    }),
  ),
});

export function assignmentLogKey(study: string) {
  return ['studies', study, 'assignments', 'log'] as const;
}

/** GET /api/studies/:study/assignment-log — a page of assignments and reassignments, newest first. */
export function assignmentLogQuery(study: string, page: number) {
  return queryOptions({
    queryKey: [...assignmentLogKey(study), page],
    queryFn: ({ signal }) =>
      fetchJson(
        `${studyPathSegment(study)}/assignment-log?page=${page}&pageSize=50`,
        assignmentLogPageSchema,
        {
          signal,
        },
      ),
    placeholderData: (previous) => previous,
  });
}

const studyProgressSchema = z.object({
  annotators: z.array(
    z.object({
      annotator: z.string(),
      assigned: z.number(),
      submitted: z.number(),
      drafts: z.number(),
      todo: z.number(),
      medianSecondsPerItem: z.number().nullable(),
      lastActivity: z.string().nullable(),
      stuck: z.boolean(),
    }),
  ),
  calibration: z.object({
    items: z.number(),
    minimumItems: z.number(),
    byAnnotator: z.record(z.string(), calibrationAgreementSchema),
  }),
  burndown: z.array(z.object({ day: z.string(), submitted: z.number(), remaining: z.number() })),
  strata: z.array(
    z.object({
      stratum: z.string(),
      items: z.number(),
      fullyAnnotated: z.number(),
      submittedAnnotations: z.number(),
    }),
  ),
  sampleVersion: z.number().nullable(),
  stuckAfterHours: z.number(),
});
export type StudyProgress = z.infer<typeof studyProgressSchema>;

/** How often the progress screen rereads while it is open. */
export const PROGRESS_REFRESH_MS = 10_000;

/** GET /api/studies/:study/progress, reread every ten seconds while a screen shows it. */
export function progressQuery(study: string) {
  return queryOptions({
    queryKey: ['studies', study, 'progress'],
    queryFn: ({ signal }) =>
      fetchJson(`${studyPathSegment(study)}/progress`, studyProgressSchema, { signal }),
    refetchInterval: PROGRESS_REFRESH_MS,
  });
}

/** The list's filters as the URL and the API carry them (strings; the server's schema parses them). */
export interface ArgumentFilters {
  page?: string;
  q?: string;
  model?: string;
  test?: string;
  sampled?: string;
  annotated?: string;
  adjudicated?: string;
}

/** GET /api/studies/:study/arguments — one page, filtered and sorted on the server. */
export function argumentListQuery(study: string, filters: ArgumentFilters, pageSize: number) {
  const search = new URLSearchParams({ pageSize: String(pageSize) });
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') search.set(key, value);
  return queryOptions({
    queryKey: ['studies', study, 'arguments', search.toString()],
    queryFn: ({ signal }) =>
      fetchJson(`${studyPathSegment(study)}/arguments?${search.toString()}`, argumentListPageSchema, {
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

const factorsSchema = z.array(z.string());
const judgementViewSchema = z.object({
  current: factorsSchema,
  tsc1: factorsSchema,
  tsc2: factorsSchema,
  abstained: z.boolean().optional(),
  truncated: z.boolean().optional(),
  comment: z.string().optional(),
});
export type JudgementView = z.infer<typeof judgementViewSchema>;

const argumentDetailSchema = z.object({
  argument: z.object({
    id: z.string(),
    triple_id: z.string(),
    model: z.string(),
    test: z.number(),
    text: z.string(),
    finish_reason: z.string().nullable().optional(),
  }),
  triple: z
    .object({
      id: z.string(),
      mode: z.string(),
      current: z.object({ factors: factorsSchema }),
      tsc1: z.object({ factors: factorsSchema, outcome: z.string() }),
      tsc2: z.object({ factors: factorsSchema, outcome: z.string() }),
    })
    .nullable(),
  extractions: z.array(
    z.object({
      extractor: z.string(),
      status: z.string().optional(),
      current: factorsSchema,
      tsc1: factorsSchema,
      tsc2: factorsSchema,
      error: z.string().nullable().optional(),
    }),
  ),
  annotations: z.array(
    z.object({
      annotator: z.string(),
      status: z.string(),
      judgement: judgementViewSchema,
      secondsSpent: z.number(),
      updatedAt: z.string(),
    }),
  ),
  gold: z
    .object({ status: z.string(), judgement: judgementViewSchema, adjudicator: z.string().nullable() })
    .nullable(),
});
export type ArgumentDetail = z.infer<typeof argumentDetailSchema>;

/** GET /api/studies/:study/arguments/:argumentId — everything about one argument (admins only). */
export function argumentDetailQuery(study: string, argumentId: string) {
  return queryOptions({
    queryKey: ['studies', study, 'argument', argumentId],
    queryFn: ({ signal }) =>
      fetchJson(
        `${studyPathSegment(study)}/arguments/${encodeURIComponent(argumentId)}`,
        argumentDetailSchema,
        { signal },
      ),
  });
}

export type UploadKind = (typeof UPLOAD_KINDS)[number];
export type ImportSummaryView = z.infer<typeof importSummarySchema>;

/**
 * POST /api/admin/imports with the file as the body, reporting the bytes sent (XMLHttpRequest: fetch
 * cannot tell upload progress). Resolves with the import's summary; rejects with an ApiError whose
 * details list every bad record (`import_invalid`).
 */
export function uploadImport(
  upload: {
    study: string;
    kind: UploadKind;
    file: File;
    replace: boolean;
    /** A scenario CSV's mode, when its name does not say it; a paper log's model, test and extractor. */
    fields?: Partial<Record<'mode' | 'model' | 'test' | 'extractor', string>>;
  },
  onProgress: (sent: number, total: number) => void,
): Promise<ImportSummaryView> {
  const query = new URLSearchParams({ study: upload.study, kind: upload.kind, file: upload.file.name });
  if (upload.replace) query.set('replace', 'yes');
  for (const [name, value] of Object.entries(upload.fields ?? {}))
    if (value !== undefined && value.trim() !== '') query.set(name, value.trim());
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/imports?${query.toString()}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    const csrf = csrfTokenFor('POST', document.cookie);
    if (csrf !== undefined) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : upload.file.size);
    xhr.onerror = () =>
      reject(
        new ApiError({
          status: 0,
          code: 'network',
          message: 'Cannot reach the server. Check your connection and try again.',
        }),
      );
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status > 299) {
        reject(errorFromResponse(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      const parsed = importSummarySchema.safeParse(JSON.parse(xhr.responseText));
      if (parsed.success) resolve(parsed.data);
      else
        reject(
          new ApiError({
            status: xhr.status,
            code: 'invalid_response',
            message: 'The server answered the upload in an unexpected shape.',
          }),
        );
    };
    xhr.send(upload.file);
  });
}

/** The bad records of a refused import, "LINE: message" each; empty for every other error. */
export function importProblems(error: ApiError): string[] {
  if (error.code !== 'import_invalid') return [];
  const details = importProblemsSchema.safeParse(error.details);
  return details.success ? details.data.problems.map((problem) => `${problem.line}: ${problem.message}`) : [];
}

export function importHistoryKey(study: string) {
  return ['studies', study, 'imports'] as const;
}

/** GET /api/studies/:study/imports — a page of the import history, newest first. */
export function importHistoryQuery(study: string, page: number) {
  return queryOptions({
    queryKey: [...importHistoryKey(study), page],
    queryFn: ({ signal }) =>
      fetchJson(`${studyPathSegment(study)}/imports?page=${page}&pageSize=20`, importHistoryPageSchema, {
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/studies/:study/extractors — counts per extractor and the command that reruns it. */
export function extractorRunsQuery(study: string) {
  return queryOptions({
    queryKey: ['studies', study, 'extractors'],
    queryFn: ({ signal }) =>
      fetchJson(`${studyPathSegment(study)}/extractors`, extractorRunsSchema, { signal }),
  });
}

/** GET /api/studies/:study/extractors/:name/failures — a page of failures with their errors. */
export function extractionFailuresQuery(study: string, extractor: string, page: number) {
  return queryOptions({
    queryKey: ['studies', study, 'extractors', extractor, 'failures', page],
    queryFn: ({ signal }) =>
      fetchJson(
        `${studyPathSegment(study)}/extractors/${encodeURIComponent(extractor)}/failures?page=${page}&pageSize=20`,
        extractionFailuresPageSchema,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}
