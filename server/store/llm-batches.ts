import type { Db } from './db.ts';
import { nowIso } from './json-columns.ts';
import type { LlmPurpose } from './llm-calls.ts';

/** A provider batch's lifecycle (OpenAI's Batch object `status`). */
export const PROVIDER_BATCH_STATUSES = [
  'validating',
  'failed',
  'in_progress',
  'finalizing',
  'completed',
  'expired',
  'cancelling',
  'cancelled',
] as const;
export type ProviderBatchStatus = (typeof PROVIDER_BATCH_STATUSES)[number];

/** Statuses after which the provider does no more work on a batch: its files can be collected. */
export const TERMINAL_BATCH_STATUSES: readonly ProviderBatchStatus[] = [
  'completed',
  'expired',
  'cancelled',
  'failed',
];

export type BatchRequestStatus = 'prepared' | 'submitted' | 'succeeded' | 'failed' | 'unanswered';

export interface BatchJobRow {
  id: number;
  studyId: number;
  purpose: LlmPurpose;
  endpoint: string;
  model: string;
  extractorId: number | null;
  test: 1 | 2 | 3 | null;
  /** JSON text; the batch service reads it through its schema. */
  config: string;
  createdAt: string;
}

export interface BatchRow {
  id: number;
  jobId: number;
  extractionRunId: number | null;
  providerBatchId: string;
  inputFileId: string;
  requests: number;
  bytes: number;
  status: ProviderBatchStatus;
  completed: number;
  failed: number;
  outputFileId: string | null;
  errorFileId: string | null;
  error: string | null;
  submittedAt: string;
  checkedAt: string | null;
  collectedAt: string | null;
}

export interface BatchRequestRow {
  id: number;
  jobId: number;
  customId: string;
  argumentRowId: number | null;
  tripleRowId: number | null;
  cacheKey: string;
  inputHash: string;
  batchId: number | null;
  status: BatchRequestStatus;
  error: string | null;
  submissions: number;
}

const JOB_SELECT = `SELECT id, study_id AS studyId, purpose, endpoint, model, extractor_id AS extractorId, test,
  config, created_at AS createdAt FROM llm_batch_jobs`;

const BATCH_SELECT = `SELECT id, job_id AS jobId, extraction_run_id AS extractionRunId,
  provider_batch_id AS providerBatchId, input_file_id AS inputFileId, requests, bytes, status, completed, failed,
  output_file_id AS outputFileId, error_file_id AS errorFileId, error, submitted_at AS submittedAt,
  checked_at AS checkedAt, collected_at AS collectedAt FROM llm_batches`;

const REQUEST_SELECT = `SELECT id, job_id AS jobId, custom_id AS customId, argument_id AS argumentRowId,
  triple_id AS tripleRowId, cache_key AS cacheKey, input_hash AS inputHash, batch_id AS batchId, status, error,
  submissions FROM llm_batch_requests`;

// ---------------------------------------------------------------------------------------------
// Jobs

export async function insertBatchJob(
  db: Db,
  job: Omit<BatchJobRow, 'id' | 'createdAt'>,
): Promise<BatchJobRow> {
  const createdAt = nowIso();
  const id = await db.insert(
    `INSERT INTO llm_batch_jobs (study_id, purpose, endpoint, model, extractor_id, test, config, created_at)
     VALUES (@studyId, @purpose, @endpoint, @model, @extractorId, @test, @config, @createdAt)`,
    { ...job, createdAt },
  );
  return { ...job, id, createdAt };
}

export async function findBatchJob(db: Db, studyId: number, jobId: number): Promise<BatchJobRow | undefined> {
  return await db.first<BatchJobRow>(`${JOB_SELECT} WHERE study_id = ? AND id = ?`, [studyId, jobId]);
}

export async function listBatchJobs(db: Db, studyId: number): Promise<BatchJobRow[]> {
  return await db.all<BatchJobRow>(`${JOB_SELECT} WHERE study_id = ? ORDER BY id`, [studyId]);
}

/** A job's requests counted by status (statuses without requests are absent). */
export async function countBatchRequests(
  db: Db,
  jobId: number,
): Promise<Partial<Record<BatchRequestStatus, number>>> {
  const rows = await db.all<{ status: BatchRequestStatus; count: number }>(
    'SELECT status, count(*) AS count FROM llm_batch_requests WHERE job_id = ? GROUP BY status',
    [jobId],
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

// ---------------------------------------------------------------------------------------------
// Provider batches

export async function insertBatch(
  db: Db,
  batch: Pick<
    BatchRow,
    'jobId' | 'extractionRunId' | 'providerBatchId' | 'inputFileId' | 'requests' | 'bytes' | 'status'
  >,
): Promise<number> {
  return await db.insert(
    `INSERT INTO llm_batches (job_id, extraction_run_id, provider_batch_id, input_file_id, requests, bytes, status, submitted_at)
     VALUES (@jobId, @extractionRunId, @providerBatchId, @inputFileId, @requests, @bytes, @status, @submittedAt)`,
    { ...batch, submittedAt: nowIso() },
  );
}

/** What the provider said about a batch when last asked. */
export async function updateBatchState(
  db: Db,
  batchId: number,
  state: Pick<BatchRow, 'status' | 'completed' | 'failed' | 'outputFileId' | 'errorFileId' | 'error'>,
): Promise<void> {
  await db.run(
    `UPDATE llm_batches SET status = @status, completed = @completed, failed = @failed,
       output_file_id = @outputFileId, error_file_id = @errorFileId, error = @error, checked_at = @checkedAt
     WHERE id = @batchId`,
    { ...state, batchId, checkedAt: nowIso() },
  );
}

export async function markBatchCollected(db: Db, batchId: number): Promise<void> {
  await db.run('UPDATE llm_batches SET collected_at = ? WHERE id = ?', [nowIso(), batchId]);
}

export async function listBatchesOfJob(db: Db, jobId: number): Promise<BatchRow[]> {
  return await db.all<BatchRow>(`${BATCH_SELECT} WHERE job_id = ? ORDER BY id`, [jobId]);
}

/** Batches of an extraction run not yet collected (the run is finished when there are none). */
export async function countUncollectedBatchesOfRun(db: Db, extractionRunId: number): Promise<number> {
  return (
    (
      await db.first<{ n: number }>(
        'SELECT count(*) AS n FROM llm_batches WHERE extraction_run_id = ? AND collected_at IS NULL',
        [extractionRunId],
      )
    )?.n ?? 0
  );
}

// ---------------------------------------------------------------------------------------------
// Requests

export async function insertBatchRequest(
  db: Db,
  request: Pick<
    BatchRequestRow,
    'jobId' | 'customId' | 'argumentRowId' | 'tripleRowId' | 'cacheKey' | 'inputHash'
  >,
): Promise<number> {
  return await db.insert(
    `INSERT INTO llm_batch_requests (job_id, custom_id, argument_id, triple_id, cache_key, input_hash, status)
     VALUES (@jobId, @customId, @argumentRowId, @tripleRowId, @cacheKey, @inputHash, 'prepared')`,
    request,
  );
}

/** A request written to a file again (a retry): back to `prepared`, its cache key refreshed. */
export async function prepareBatchRequestAgain(
  db: Db,
  requestId: number,
  cacheKey: string,
  inputHash: string,
): Promise<void> {
  await db.run(
    `UPDATE llm_batch_requests SET status = 'prepared', error = NULL, batch_id = NULL, cache_key = ?, input_hash = ?
     WHERE id = ?`,
    [cacheKey, inputHash, requestId],
  );
}

/** The request now travels in `batchId`: `submitted`, one more submission. */
export async function submitBatchRequest(db: Db, requestId: number, batchId: number): Promise<void> {
  await db.run(
    `UPDATE llm_batch_requests SET status = 'submitted', batch_id = ?, submissions = submissions + 1
     WHERE id = ?`,
    [batchId, requestId],
  );
}

/** The request's outcome is stored: `succeeded`, or `failed`/`unanswered` with why. */
export async function settleBatchRequest(
  db: Db,
  requestId: number,
  status: Extract<BatchRequestStatus, 'succeeded' | 'failed' | 'unanswered'>,
  error: string | null,
): Promise<void> {
  await db.run('UPDATE llm_batch_requests SET status = ?, error = ? WHERE id = ?', [
    status,
    error,
    requestId,
  ]);
}

/** The requests a batch carries that have no stored outcome yet. */
export async function listSubmittedRequestsOfBatch(db: Db, batchId: number): Promise<BatchRequestRow[]> {
  return await db.all<BatchRequestRow>(
    `${REQUEST_SELECT} WHERE batch_id = ? AND status = 'submitted' ORDER BY id`,
    [batchId],
  );
}

/** A job's requests in these statuses, `limit` at a time after request id `afterId` (keyset paging). */
export async function listBatchRequestsPage(
  db: Db,
  jobId: number,
  statuses: readonly BatchRequestStatus[],
  afterId: number,
  limit: number,
): Promise<BatchRequestRow[]> {
  if (statuses.length === 0) return [];
  const marks = statuses.map(() => '?').join(', ');
  return await db.all<BatchRequestRow>(
    `${REQUEST_SELECT} WHERE job_id = ? AND status IN (${marks}) AND id > ? ORDER BY id LIMIT ?`,
    [jobId, ...statuses, afterId, limit],
  );
}

/** Arguments a batch of this extractor still carries (prepared or submitted): not to be asked twice. */
export async function argumentsInOpenBatches(db: Db, extractorId: number): Promise<Set<number>> {
  const rows = await db.all<{ argumentRowId: number }>(
    `SELECT r.argument_id AS argumentRowId FROM llm_batch_requests r JOIN llm_batch_jobs j ON j.id = r.job_id
     WHERE j.extractor_id = ? AND r.status IN ('prepared', 'submitted')`,
    [extractorId],
  );
  return new Set(rows.map((row) => row.argumentRowId));
}

/** Triples a generation batch for this model and test still carries. */
export async function triplesInOpenBatches(
  db: Db,
  studyId: number,
  model: string,
  test: number,
): Promise<Set<number>> {
  const rows = await db.all<{ tripleRowId: number }>(
    `SELECT r.triple_id AS tripleRowId FROM llm_batch_requests r JOIN llm_batch_jobs j ON j.id = r.job_id
     WHERE j.study_id = ? AND j.purpose = 'generate' AND j.model = ? AND j.test = ?
       AND r.status IN ('prepared', 'submitted')`,
    [studyId, model, test],
  );
  return new Set(rows.map((row) => row.tripleRowId));
}

// ---------------------------------------------------------------------------------------------
// What a batch builder reads of the arguments: their texts, a page at a time, so that a study of
// 100,000 arguments is never held in memory at once.

export interface ArgumentText {
  rowId: number;
  /** The external id. */
  id: string;
  text: string;
}

export async function listArgumentTextsPage(
  db: Db,
  studyId: number,
  afterRowId: number,
  limit: number,
): Promise<ArgumentText[]> {
  return await db.all<ArgumentText>(
    `SELECT a.id AS rowId, a.external_id AS id, a.text FROM arguments a WHERE a.study_id = ? AND a.id > ? ORDER BY a.id LIMIT ?`,
    [studyId, afterRowId, limit],
  );
}

export async function findArgumentText(db: Db, argumentRowId: number): Promise<ArgumentText | undefined> {
  return await db.first<ArgumentText>(
    'SELECT a.id AS rowId, a.external_id AS id, a.text FROM arguments a WHERE a.id = ?',
    [argumentRowId],
  );
}

/** The triples `model` has argued in `test` (by row id). */
export async function triplesArguedBy(
  db: Db,
  studyId: number,
  model: string,
  test: number,
): Promise<Set<number>> {
  const rows = await db.all<{ tripleRowId: number }>(
    'SELECT triple_id AS tripleRowId FROM arguments WHERE study_id = ? AND model = ? AND test = ?',
    [studyId, model, test],
  );
  return new Set(rows.map((row) => row.tripleRowId));
}

/** Every argument id (external) of a study. */
export async function argumentIdsOfStudy(db: Db, studyId: number): Promise<Set<string>> {
  const rows = await db.all<{ id: string }>('SELECT external_id AS id FROM arguments WHERE study_id = ?', [
    studyId,
  ]);
  return new Set(rows.map((row) => row.id));
}
