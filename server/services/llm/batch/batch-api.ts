import { createReadStream } from 'node:fs';
import OpenAI, { APIError, toStreamingFile } from 'openai';
import { z } from 'zod';
import { PROVIDER_BATCH_STATUSES, type ProviderBatchStatus } from '../../../store/llm-batches.ts';
import { BATCH_ENDPOINT } from './batch-lines.ts';
import { jsonlLines, streamChunks } from './jsonl-stream.ts';

/** A provider batch as we keep it: its state, its counts and its files. */
export interface BatchInfo {
  id: string;
  status: ProviderBatchStatus;
  inputFileId: string;
  outputFileId: string | null;
  errorFileId: string | null;
  total: number;
  completed: number;
  failed: number;
  /** Why a batch failed as a whole (validation errors), else null. */
  error: string | null;
}

/**
 * What the batch steps need of a provider: upload a request file, create, retrieve and cancel a
 * batch, and read an output or error file line by line.
 */
export interface BatchApi {
  upload(path: string, name: string): Promise<{ id: string }>;
  create(inputFileId: string, metadata: Record<string, string>): Promise<BatchInfo>;
  retrieve(batchId: string): Promise<BatchInfo>;
  cancel(batchId: string): Promise<BatchInfo>;
  lines(fileId: string): AsyncGenerator<string>;
}

/** A provider call that failed: which, and why ("HTTP 404: …", "connection failed: …"). */
export class BatchApiError extends Error {
  constructor(
    readonly operation: string,
    message: string,
  ) {
    super(`${operation}: ${message}`);
    this.name = 'BatchApiError';
  }
}

// The Batch object, as OpenAI documents it; vLLM and others send the same fields. Only what we use
// is checked; an unknown status is refused here rather than stored.
const batchObjectSchema = z.object({
  id: z.string().min(1),
  status: z.enum(PROVIDER_BATCH_STATUSES),
  input_file_id: z.string().min(1),
  output_file_id: z.string().nullish(),
  error_file_id: z.string().nullish(),
  request_counts: z
    .object({ total: z.number().int(), completed: z.number().int(), failed: z.number().int() })
    .nullish(),
  errors: z
    .object({
      data: z
        .array(
          z.object({ code: z.string().nullish(), message: z.string().nullish(), line: z.number().nullish() }),
        )
        .nullish(),
    })
    .nullish(),
});

const fileObjectSchema = z.object({ id: z.string().min(1) });

function toBatchInfo(value: unknown, operation: string): BatchInfo {
  const parsed = batchObjectSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BatchApiError(
      operation,
      `the answer is not a batch (${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'})`,
    );
  }
  const batch = parsed.data;
  const first = batch.errors?.data?.[0];
  const error = first
    ? [first.code, first.message, first.line == null ? null : `line ${first.line}`]
        .filter((part) => part)
        .join(': ')
    : null;
  return {
    id: batch.id,
    status: batch.status,
    inputFileId: batch.input_file_id,
    outputFileId: batch.output_file_id ?? null,
    errorFileId: batch.error_file_id ?? null,
    total: batch.request_counts?.total ?? 0,
    completed: batch.request_counts?.completed ?? 0,
    failed: batch.request_counts?.failed ?? 0,
    error: error || null,
  };
}

function describe(error: unknown): string {
  if (error instanceof APIError && typeof error.status === 'number')
    return `HTTP ${error.status}: ${error.message.replace(/^\d{3}\s*/, '')}`;
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

async function call<T>(operation: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BatchApiError) throw error;
    throw new BatchApiError(operation, describe(error));
  }
}

export interface BatchApiOptions {
  baseURL: string;
  apiKey: string;
  /** Per request. */
  timeoutMs: number;
  /** Per upload: a file of 200 MB needs minutes. */
  uploadTimeoutMs: number;
  /** The `openai` client's own retries (429, 5xx, connection errors, with its backoff). */
  maxRetries: number;
}

/**
 * The Batch API of an OpenAI-compatible endpoint through the `openai` client: `files.create` with
 * purpose `batch` (the file streamed from disk, never read into memory whole), `batches.create` for
 * `/v1/chat/completions` within `24h`, retrieve, cancel, and `files.content` read as a stream of
 * lines. Every answer is checked by a schema; every failure becomes a `BatchApiError` naming the
 * operation.
 */
export function openAiBatchApi(options: BatchApiOptions): BatchApi {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    maxRetries: options.maxRetries,
    timeout: options.timeoutMs,
  });
  return {
    async upload(path, name) {
      // A streamed body cannot be replayed, so the client's retries are off for the upload and it
      // is retried here with a fresh stream each time.
      let last: unknown;
      for (let attempt = 0; attempt <= options.maxRetries; attempt += 1) {
        try {
          const file = await client.files.create(
            {
              file: toStreamingFile(createReadStream(path), name, { type: 'application/jsonl' }),
              purpose: 'batch',
            },
            { maxRetries: 0, timeout: options.uploadTimeoutMs },
          );
          const parsed = fileObjectSchema.safeParse(file);
          if (!parsed.success) throw new BatchApiError('files.create', 'the answer is not a file object');
          return { id: parsed.data.id };
        } catch (error) {
          last = error;
          const status = error instanceof APIError ? error.status : undefined;
          const retryable = status === undefined || status === 408 || status === 429 || status >= 500;
          if (error instanceof BatchApiError || !retryable) break;
        }
      }
      throw last instanceof BatchApiError ? last : new BatchApiError('files.create', describe(last));
    },
    create: (inputFileId, metadata) =>
      call('batches.create', async () =>
        toBatchInfo(
          await client.batches.create({
            input_file_id: inputFileId,
            endpoint: BATCH_ENDPOINT,
            completion_window: '24h',
            metadata,
          }),
          'batches.create',
        ),
      ),
    retrieve: (batchId) =>
      call('batches.retrieve', async () =>
        toBatchInfo(await client.batches.retrieve(batchId), 'batches.retrieve'),
      ),
    cancel: (batchId) =>
      call('batches.cancel', async () => toBatchInfo(await client.batches.cancel(batchId), 'batches.cancel')),
    async *lines(fileId) {
      const response = await call('files.content', () => client.files.content(fileId));
      const body = response.body;
      if (!body) return;
      try {
        yield* jsonlLines(streamChunks(body));
      } catch (error) {
        throw new BatchApiError('files.content', describe(error));
      }
    },
  };
}
