import type { Db } from './db.ts';
import { nowIso, writeJson } from './json-columns.ts';

export type LlmPurpose = 'generate' | 'extract';
export type ResponseFormatMode = 'json_schema' | 'json_object' | 'text';
export type LlmCallStatus = 'ok' | 'rejected' | 'failed';

/** One attempt that did not give the final answer: why, and how long the client waited before the next. */
export interface AttemptRecord {
  error: string;
  status: number | null;
  waitMs: number;
  responseFormat: ResponseFormatMode;
}

/** What is written for one logical call (all its attempts). */
export interface LlmCallWrite {
  studyId: number;
  purpose: LlmPurpose;
  cacheKey: string;
  endpoint: string;
  model: string;
  promptHash: string;
  inputHash: string;
  parameters: Record<string, unknown>;
  responseFormat: ResponseFormatMode;
  status: LlmCallStatus;
  error: string | null;
  httpStatus: number | null;
  attempts: number;
  attemptLog: readonly AttemptRecord[];
  finishReason: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  latencyMs: number | null;
  content: string | null;
  rawResponse: string | null;
  tripleRowId: number | null;
  argumentRowId: number | null;
  extractionRunId: number | null;
  startedAt: string;
  /** The `llm_batches` row whose output answered the call; absent or null for a synchronous call. */
  batchId?: number | null;
}

/** A stored call: what was written, with JSON columns as text, its id and when it finished. */
export interface LlmCallRow extends Omit<LlmCallWrite, 'studyId' | 'parameters' | 'attemptLog' | 'batchId'> {
  id: number;
  batchId: number | null;
  parameters: string;
  attemptLog: string;
  finishedAt: string;
}

const SELECT = `SELECT id, purpose, cache_key AS cacheKey, endpoint, model, prompt_hash AS promptHash,
  input_hash AS inputHash, parameters, response_format AS responseFormat, status, error, http_status AS httpStatus,
  attempts, attempt_log AS attemptLog, finish_reason AS finishReason, input_tokens AS inputTokens,
  output_tokens AS outputTokens, latency_ms AS latencyMs, content, raw_response AS rawResponse,
  triple_id AS tripleRowId, argument_id AS argumentRowId, extraction_run_id AS extractionRunId,
  started_at AS startedAt, finished_at AS finishedAt, batch_id AS batchId FROM llm_calls`;

export async function insertLlmCall(db: Db, call: LlmCallWrite): Promise<number> {
  return await db.insert(
    `INSERT INTO llm_calls (study_id, purpose, cache_key, endpoint, model, prompt_hash, input_hash, parameters,
       response_format, status, error, http_status, attempts, attempt_log, finish_reason, input_tokens, output_tokens,
       latency_ms, content, raw_response, triple_id, argument_id, extraction_run_id, started_at, finished_at, batch_id)
     VALUES (@studyId, @purpose, @cacheKey, @endpoint, @model, @promptHash, @inputHash, @parameters,
       @responseFormat, @status, @error, @httpStatus, @attempts, @attemptLog, @finishReason, @inputTokens, @outputTokens,
       @latencyMs, @content, @rawResponse, @tripleRowId, @argumentRowId, @extractionRunId, @startedAt, @finishedAt, @batchId)`,
    {
      ...call,
      batchId: call.batchId ?? null,
      parameters: writeJson(call.parameters),
      attemptLog: writeJson(call.attemptLog),
      finishedAt: nowIso(),
    },
  );
}

/** The newest usable answer (`status = 'ok'`) to the request with this cache key, when there is one. */
export async function findCachedLlmCall(db: Db, cacheKey: string): Promise<LlmCallRow | undefined> {
  return await db.first<LlmCallRow>(
    `${SELECT} WHERE cache_key = ? AND status = 'ok' ORDER BY id DESC LIMIT 1`,
    [cacheKey],
  );
}

/** Every call about an argument (the one that generated it, those that extracted from it), oldest first. */
export async function listLlmCallsOfArgument(db: Db, argumentRowId: number): Promise<LlmCallRow[]> {
  return await db.all<LlmCallRow>(`${SELECT} WHERE argument_id = ? ORDER BY id`, [argumentRowId]);
}

/** Every call of an extraction run, oldest first. */
export async function listLlmCallsOfRun(db: Db, extractionRunId: number): Promise<LlmCallRow[]> {
  return await db.all<LlmCallRow>(`${SELECT} WHERE extraction_run_id = ? ORDER BY id`, [extractionRunId]);
}

/** Every call of a study, oldest first. */
export async function listLlmCalls(db: Db, studyId: number): Promise<LlmCallRow[]> {
  return await db.all<LlmCallRow>(`${SELECT} WHERE study_id = ? ORDER BY id`, [studyId]);
}
