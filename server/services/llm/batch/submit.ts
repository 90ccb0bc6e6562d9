import { errors } from '../../../errors.ts';
import type { Db } from '../../../store/db.ts';
import { finishExtractionRun, insertExtractionRun } from '../../../store/extractors.ts';
import {
  type ArgumentText,
  type BatchJobRow,
  type BatchRequestRow,
  findArgumentText,
  findBatchJob,
  insertBatch,
  insertBatchJob,
  insertBatchRequest,
  listArgumentTextsPage,
  listBatchRequestsPage,
  prepareBatchRequestAgain,
  settleBatchRequest,
  submitBatchRequest,
  triplesArguedBy,
} from '../../../store/llm-batches.ts';
import type { StudyRow } from '../../../store/studies.ts';
import { listTriples, type StoredTriple } from '../../../store/triples.ts';
import { writeExtraction } from '../../extraction/extraction-writer.ts';
import { extractionSelection, extractorRowFor } from '../../extraction/run-extraction.ts';
import { requireStudy } from '../../study/studies.ts';
import { chatCompletionBody } from '../chat-request.ts';
import { extractionFromCache } from '../extraction-outcome.ts';
import {
  type ExtractionPlan,
  type ExtractionRequestConfig,
  extractionRunParameters,
  planExtraction,
  startingFormat,
} from '../extraction-request.ts';
import { generationSelection, selectionCounts } from '../generate-arguments.ts';
import { type GenerationRequestConfig, planGeneration } from '../generation-request.ts';
import { type BatchApi, BatchApiError } from './batch-api.ts';
import { BatchFileWriter, type WrittenBatchFile } from './batch-files.ts';
import {
  type ExtractionJobConfig,
  extractionJobConfig,
  extractionRequestConfigOf,
  type GenerationJobConfig,
  generationJobConfig,
  generationRequestConfigOf,
  readJobConfig,
} from './batch-job.ts';
import { batchRequestLine, customIdOf } from './batch-lines.ts';
import type { BatchLimits } from './batch-split.ts';

/** How a submission runs: the provider, the file limits, where files are written, Ctrl-C, progress. */
export interface SubmitOptions {
  api: BatchApi;
  limits: BatchLimits;
  /** Where the request files are written before upload (a temporary directory inside it). */
  workDir?: string;
  signal?: AbortSignal;
  onProgress?: (progress: SubmitProgress) => void;
}

export interface SubmitProgress {
  phase: 'preparing' | 'uploading';
  done: number;
  total: number;
}

export interface SubmittedBatch {
  providerBatchId: string;
  requests: number;
  bytes: number;
}

/** What a submission (or a retry's resubmission) did. */
export interface SubmissionSummary {
  /** The job the requests belong to; null when nothing needed a request. */
  jobId: number | null;
  /** Answered from the cache (earlier usable answers to the same request) and stored now. */
  cacheHits: number;
  /** Requests written to files. */
  requests: number;
  files: number;
  bytes: number;
  batches: SubmittedBatch[];
  /** Requests written but not in a created batch (a provider error or Ctrl-C stopped the upload). */
  unsent: number;
  /** The provider call that stopped the upload, if one did. */
  error: string | null;
  interrupted: boolean;
}

// Arguments and requests are read this many at a time, and each page is written in one transaction.
const PAGE = 1000;

/** Uploads each file, creates its batch, and records the batch with its requests in one transaction. */
async function sendFiles(
  db: Db,
  job: BatchJobRow,
  runId: number | null,
  files: readonly WrittenBatchFile[],
  options: SubmitOptions,
): Promise<Pick<SubmissionSummary, 'batches' | 'unsent' | 'error' | 'interrupted'>> {
  const batches: SubmittedBatch[] = [];
  let unsent = files.reduce((sum, file) => sum + file.requests, 0);
  const total = unsent;
  for (const [index, file] of files.entries()) {
    if (options.signal?.aborted) return { batches, unsent, error: null, interrupted: true };
    options.onProgress?.({ phase: 'uploading', done: total - unsent, total });
    try {
      const uploaded = await options.api.upload(file.path, file.name);
      const created = await options.api.create(uploaded.id, {
        factor_audit_job: String(job.id),
        factor_audit_file: `${index + 1}/${files.length}`,
      });
      await db.transaction(async () => {
        const batchId = await insertBatch(db, {
          jobId: job.id,
          extractionRunId: runId,
          providerBatchId: created.id,
          inputFileId: uploaded.id,
          requests: file.requests,
          bytes: file.bytes,
          status: created.status,
        });
        for (const requestId of file.requestIds) await submitBatchRequest(db, requestId, batchId);
      });
      batches.push({ providerBatchId: created.id, requests: file.requests, bytes: file.bytes });
      unsent -= file.requests;
    } catch (error) {
      if (error instanceof BatchApiError)
        return { batches, unsent, error: error.message, interrupted: false };
      throw error;
    }
  }
  options.onProgress?.({ phase: 'uploading', done: total, total });
  return { batches, unsent, error: null, interrupted: false };
}

/** Sends what `writer` holds for `job`, then deletes the local files. */
async function finishSubmission(
  db: Db,
  job: BatchJobRow | null,
  runId: number | null,
  writer: BatchFileWriter,
  cacheHits: number,
  options: SubmitOptions,
): Promise<SubmissionSummary> {
  try {
    const files = writer.finish();
    const requests = files.reduce((sum, file) => sum + file.requests, 0);
    const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
    const base = { jobId: job?.id ?? null, cacheHits, requests, files: files.length, bytes };
    if (options.signal?.aborted)
      return { ...base, batches: [], unsent: requests, error: null, interrupted: true };
    const sent = job ? await sendFiles(db, job, runId, files, options) : null;
    // A submission answered wholly from the cache is finished at once; otherwise its run finishes
    // when its last batch is collected.
    if (runId !== null && requests === 0) await finishExtractionRun(db, runId);
    return { ...base, batches: [], unsent: 0, error: null, interrupted: false, ...sent };
  } finally {
    writer.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// Extraction

export interface SubmitExtractionRequest extends SubmitOptions {
  db: Db;
  study: string;
  /** The extractor name the results are stored under (kind llm). */
  extractorName: string;
  config: ExtractionRequestConfig;
  onlySampled?: boolean;
}

export interface ExtractionSubmission extends SubmissionSummary {
  extractor: string;
  /** Arguments considered (after --only-sampled). */
  considered: number;
  /** Already extracted with these parameters. */
  skipped: number;
  /** Waiting in a batch of this extractor already. */
  inBatch: number;
}

/**
 * `extract --extractor llm --batch`: the requests the synchronous path would make, written as batch
 * input files and submitted. The same selection (arguments already extracted with these parameters,
 * or waiting in a batch of this extractor, are skipped), the same request (`planExtraction`: prompt,
 * parameters, schema, cache key) and the same cache (an answer already received is stored now, not
 * asked again). Arguments are read a page at a time and files are written as they fill, so memory
 * does not grow with the study. Every request is recorded (`llm_batch_requests`) before its file is
 * uploaded and every batch as soon as the provider created it: `batch status`/`collect`/`retry` need
 * nothing else after a restart. One extraction run records the submission.
 */
export async function submitExtractionBatch(request: SubmitExtractionRequest): Promise<ExtractionSubmission> {
  const { db, config } = request;
  const study = await requireStudy(db, request.study);
  const row = await extractorRowFor(db, study, { name: request.extractorName, kind: 'llm', version: null });
  const parameters = extractionRunParameters(config);
  const selection = await extractionSelection(db, study, row.id, parameters, request.onlySampled ?? false);
  const mode = startingFormat(config.responseFormat);
  const jobConfig = JSON.stringify(extractionJobConfig(request.extractorName, config));
  const writer = new BatchFileWriter(request.limits, 'extract', request.workDir);

  let runId: number | null = null;
  let job: BatchJobRow | null = null;
  let considered = 0;
  let skipped = 0;
  let inBatch = 0;
  let cacheHits = 0;
  try {
    for (let after = 0; ; ) {
      if (request.signal?.aborted) break;
      const page = await listArgumentTextsPage(db, study.id, after, PAGE);
      if (page.length === 0) break;
      after = page.at(-1)?.rowId ?? after;
      // The body counts and stages into a page of its own, applied once it commits: it may run twice.
      const done = await db.transaction(async () => {
        const staged = { considered: 0, skipped: 0, inBatch: 0, cacheHits: 0, runId, job };
        const lines = new StagedLines();
        for (const argument of page) {
          if (selection.sampled && !selection.sampled.has(argument.rowId)) continue;
          staged.considered += 1;
          if (selection.extracted(argument.rowId)) {
            staged.skipped += 1;
            continue;
          }
          if (selection.inBatch(argument.rowId)) {
            staged.inBatch += 1;
            continue;
          }
          staged.runId ??= await insertExtractionRun(db, row.id, parameters, null);
          const plan = await planUnlessCached(db, config, argument, {
            extractorId: row.id,
            extractorName: row.name,
            runId: staged.runId,
          });
          if (!plan) {
            staged.cacheHits += 1;
            continue;
          }
          staged.job ??= await insertBatchJob(db, {
            studyId: study.id,
            purpose: 'extract',
            endpoint: config.endpoint,
            model: config.model,
            extractorId: row.id,
            test: null,
            config: jobConfig,
          });
          const customId = customIdOf({ jobId: staged.job.id, purpose: 'extract', rowId: argument.rowId });
          const requestId = await insertBatchRequest(db, {
            jobId: staged.job.id,
            customId,
            argumentRowId: argument.rowId,
            tripleRowId: null,
            cacheKey: plan.cacheKey,
            inputHash: plan.inputHash,
          });
          lines.add(batchRequestLine(customId, chatCompletionBody(plan.chat, mode)), requestId);
        }
        return { ...staged, lines };
      });
      considered += done.considered;
      skipped += done.skipped;
      inBatch += done.inBatch;
      cacheHits += done.cacheHits;
      runId = done.runId;
      job = done.job;
      done.lines.into(writer);
      request.onProgress?.({ phase: 'preparing', done: considered, total: considered });
    }
  } catch (error) {
    writer.dispose();
    throw error;
  }
  const summary = await finishSubmission(db, job, runId, writer, cacheHits, request);
  return { ...summary, extractor: row.name, considered, skipped, inBatch };
}

// ---------------------------------------------------------------------------------------------
// Generation

export interface SubmitGenerationRequest extends SubmitOptions {
  db: Db;
  study: string;
  config: GenerationRequestConfig;
}

export interface GenerationSubmission extends SubmissionSummary {
  /** Triples of the test's mode. */
  triples: number;
  /** Already argued by the model in the test. */
  skipped: number;
  inBatch: number;
  warnings: string[];
}

/**
 * `generate arguments --batch`: one request per triple the synchronous path would argue
 * (`generationSelection`), built by `planGeneration`, written as batch files and submitted; the
 * requests and batches are recorded as for extraction. Generation has no cache: a triple with an
 * argument is never asked again, one without is.
 */
export async function submitGenerationBatch(request: SubmitGenerationRequest): Promise<GenerationSubmission> {
  const { db, config } = request;
  const study = await requireStudy(db, request.study);
  const selection = await generationSelection(db, study.id, config.model, config.test);
  const { pending, warnings } = selection;
  const writer = new BatchFileWriter(request.limits, 'generate', request.workDir);
  let job: BatchJobRow | null = null;
  try {
    const done = await db.transaction(async () => {
      let staged: BatchJobRow | null = null;
      const lines = new StagedLines();
      for (const triple of pending) {
        if (request.signal?.aborted) break;
        staged ??= await insertBatchJob(db, {
          studyId: study.id,
          purpose: 'generate',
          endpoint: config.endpoint,
          model: config.model,
          extractorId: null,
          test: config.test,
          config: JSON.stringify(generationJobConfig(config)),
        });
        await addGenerationRequest(db, staged, config, triple, lines, null);
      }
      return { job: staged, lines };
    });
    job = done.job;
    done.lines.into(writer);
  } catch (error) {
    writer.dispose();
    throw error;
  }
  const summary = await finishSubmission(db, job, null, writer, 0, request);
  return {
    ...summary,
    ...selectionCounts(selection),
    warnings,
  };
}

/** Writes one triple's request line; a new request row, or `existing` prepared again. */
async function addGenerationRequest(
  db: Db,
  job: BatchJobRow,
  config: GenerationRequestConfig,
  triple: StoredTriple,
  writer: StagedLines,
  existing: number | null,
): Promise<void> {
  const plan = planGeneration(config, triple.record);
  const customId = customIdOf({ jobId: job.id, purpose: 'generate', rowId: triple.rowId });
  let requestId = existing;
  if (requestId === null)
    requestId = await insertBatchRequest(db, {
      jobId: job.id,
      customId,
      argumentRowId: null,
      tripleRowId: triple.rowId,
      cacheKey: plan.cacheKey,
      inputHash: plan.inputHash,
    });
  else await prepareBatchRequestAgain(db, requestId, plan.cacheKey, plan.inputHash);
  writer.add(batchRequestLine(customId, chatCompletionBody(plan.chat, 'text')), requestId);
}

// ---------------------------------------------------------------------------------------------
// Retry

export interface ResubmitRequest extends SubmitOptions {
  db: Db;
  study: string;
  jobId: number;
}

export interface Resubmission extends SubmissionSummary {
  /** Requests that needed no new request: their argument got a usable result meanwhile. */
  alreadyDone: number;
}

/**
 * `batch retry`: resubmits the requests of a job that have no usable result — those whose batch
 * expired, was cancelled or failed before they ran, those that failed (an HTTP error, an answer that
 * cannot be used), and those prepared but never sent — as new batches of the same job, with the
 * configuration the job was submitted with. A request whose argument meanwhile has a usable result
 * (another path, or the cache) is settled, not sent: stored results are never asked for again.
 * Requests still in a batch that has not been collected are left alone.
 */
export async function resubmitBatchJob(request: ResubmitRequest): Promise<Resubmission> {
  const { db } = request;
  const study = await requireStudy(db, request.study);
  const job = await findJobOrFail(db, study, request.jobId);
  const config = readJobConfig(job);
  const writer = new BatchFileWriter(request.limits, `retry-${job.id}`, request.workDir);
  let counts: { runId: number | null; cacheHits: number; alreadyDone: number };
  try {
    counts =
      config.purpose === 'extract'
        ? await prepareExtractionRetry(db, study, job, config, writer, request.signal)
        : await prepareGenerationRetry(db, study, job, config, writer, request.signal);
  } catch (error) {
    writer.dispose();
    throw error;
  }
  const summary = await finishSubmission(db, job, counts.runId, writer, counts.cacheHits, request);
  return { ...summary, jobId: job.id, alreadyDone: counts.alreadyDone };
}

/**
 * An argument's extraction request, or null when the cache already holds its answer: that answer is
 * then stored as the run's extraction of the argument, and nothing is sent.
 */
async function planUnlessCached(
  db: Db,
  config: ExtractionRequestConfig,
  argument: ArgumentText,
  run: { extractorId: number; extractorName: string; runId: number },
): Promise<ExtractionPlan | null> {
  const plan = planExtraction(config, argument.text);
  const cached = await extractionFromCache(db, plan.cacheKey);
  if (!cached) return plan;
  await writeExtraction(db, { argumentRowId: argument.rowId, argumentId: argument.id, ...run }, cached);
  return null;
}

const RETRIED = ['prepared', 'failed', 'unanswered'] as const;

/**
 * Each of the job's requests to retry, a page at a time (a page in one transaction), until none
 * is left or `signal` aborts. Keyset paging: what `visit` settles or prepares again is not met twice.
 */
async function forEachRetried(
  db: Db,
  job: BatchJobRow,
  writer: BatchFileWriter,
  signal: AbortSignal | undefined,
  visit: (row: BatchRequestRow, page: RetryPage) => Promise<void>,
): Promise<RetryTotals> {
  const totals: RetryTotals = { runId: null, cacheHits: 0, alreadyDone: 0 };
  for (let after = 0; ; ) {
    if (signal?.aborted) return totals;
    const page = await listBatchRequestsPage(db, job.id, RETRIED, after, PAGE);
    if (page.length === 0) return totals;
    after = page.at(-1)?.id ?? after;
    // Each body starts a page of its own and the totals take it once it commits: it may run twice.
    const done = await db.transaction(async () => {
      const staged: RetryPage = {
        runId: totals.runId,
        cacheHits: 0,
        alreadyDone: 0,
        lines: new StagedLines(),
      };
      for (const row of page) await visit(row, staged);
      return staged;
    });
    totals.runId = done.runId;
    totals.cacheHits += done.cacheHits;
    totals.alreadyDone += done.alreadyDone;
    done.lines.into(writer);
  }
}

/** What a retry prepared in all: the run it opened, and the requests it settled without a batch. */
interface RetryTotals {
  runId: number | null;
  cacheHits: number;
  alreadyDone: number;
}

/** What one page's transaction prepared, applied to the totals once it commits. */
interface RetryPage extends RetryTotals {
  lines: StagedLines;
}

/**
 * Batch lines a transaction's body prepared, added to the batch files only once it commits: a body
 * PostgreSQL runs again after a serialization failure (docs/decisions/022) must not leave the lines
 * of its rolled-back try in the files.
 */
class StagedLines {
  private readonly lines: { line: string; requestId: number }[] = [];

  add(line: string, requestId: number): void {
    this.lines.push({ line, requestId });
  }

  into(writer: BatchFileWriter): void {
    for (const { line, requestId } of this.lines) writer.add(line, requestId);
  }
}

async function prepareExtractionRetry(
  db: Db,
  study: StudyRow,
  job: BatchJobRow,
  jobConfig: ExtractionJobConfig,
  writer: BatchFileWriter,
  signal: AbortSignal | undefined,
) {
  const config = extractionRequestConfigOf(jobConfig);
  const extractorId = job.extractorId;
  if (extractorId === null) throw new Error(`batch job ${job.id} extracts but names no extractor`);
  const parameters = extractionRunParameters(config);
  const selection = await extractionSelection(db, study, extractorId, parameters, false);
  const mode = startingFormat(config.responseFormat);
  return await forEachRetried(db, job, writer, signal, async (row, page) => {
    const argument = row.argumentRowId === null ? undefined : await findArgumentText(db, row.argumentRowId);
    if (!argument) return;
    if (selection.extracted(argument.rowId)) {
      await settleBatchRequest(db, row.id, 'succeeded', null);
      page.alreadyDone += 1;
      return;
    }
    page.runId ??= await insertExtractionRun(db, extractorId, parameters, null);
    const plan = await planUnlessCached(db, config, argument, {
      extractorId,
      extractorName: jobConfig.extractor,
      runId: page.runId,
    });
    if (!plan) {
      await settleBatchRequest(db, row.id, 'succeeded', null);
      page.cacheHits += 1;
      return;
    }
    await prepareBatchRequestAgain(db, row.id, plan.cacheKey, plan.inputHash);
    page.lines.add(batchRequestLine(row.customId, chatCompletionBody(plan.chat, mode)), row.id);
  });
}

async function prepareGenerationRetry(
  db: Db,
  study: StudyRow,
  job: BatchJobRow,
  jobConfig: GenerationJobConfig,
  writer: BatchFileWriter,
  signal: AbortSignal | undefined,
) {
  const config = generationRequestConfigOf(jobConfig);
  const triples = new Map((await listTriples(db, study.id)).map((triple) => [triple.rowId, triple]));
  const argued = await triplesArguedBy(db, study.id, config.model, config.test);
  return await forEachRetried(db, job, writer, signal, async (row, page) => {
    const triple = row.tripleRowId === null ? undefined : triples.get(row.tripleRowId);
    if (!triple) return;
    if (argued.has(triple.rowId)) {
      await settleBatchRequest(db, row.id, 'succeeded', null);
      page.alreadyDone += 1;
      return;
    }
    await addGenerationRequest(db, job, config, triple, page.lines, row.id);
  });
}

/** A job of the study by id, or a not-found error that says how to list them. */
export async function findJobOrFail(db: Db, study: StudyRow, jobId: number): Promise<BatchJobRow> {
  const job = await findBatchJob(db, study.id, jobId);
  if (!job)
    throw errors.notFound(`Batch job ${jobId} of study "${study.name}" (list them with: batch status)`);
  return job;
}
