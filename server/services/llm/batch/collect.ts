import type { Db } from '../../../store/db.ts';
import { finishExtractionRun } from '../../../store/extractors.ts';
import {
  type BatchRequestRow,
  type BatchRow,
  countUncollectedBatchesOfRun,
  findArgumentText,
  listSubmittedRequestsOfBatch,
  markBatchCollected,
  settleBatchRequest,
} from '../../../store/llm-batches.ts';
import type { StudyRow } from '../../../store/studies.ts';
import { listTriples, type StoredTriple } from '../../../store/triples.ts';
import { InterruptedError } from '../../concurrency/sleep.ts';
import { writeExtraction } from '../../extraction/extraction-writer.ts';
import { extractionSelection } from '../../extraction/run-extraction.ts';
import { requireStudy } from '../../study/studies.ts';
import type { ChatOutcome } from '../chat-client.ts';
import { extractionFromOutcome } from '../extraction-outcome.ts';
import { extractionRunParameters, startingFormat } from '../extraction-request.ts';
import { writeGeneration } from '../generation-writer.ts';
import { type BatchApi, BatchApiError } from './batch-api.ts';
import { extractionRequestConfigOf, generationRequestConfigOf } from './batch-job.ts';
import { parseCustomId } from './batch-lines.ts';
import { type BatchLineResult, outcomeOfBatchLine, readBatchOutputLine } from './batch-output.ts';
import {
  type BatchApiFor,
  type BatchJobState,
  isTerminal,
  listBatchJobStates,
  recordBatchInfo,
} from './status.ts';

/** What collecting one provider batch did. */
export interface CollectedBatch {
  jobId: number;
  providerBatchId: string;
  status: BatchRow['status'];
  /** Its files were read and every request it carried has a stored outcome. */
  collected: boolean;
  /** Requests whose answer was stored as a success / as a failure / that never ran. */
  succeeded: number;
  failed: number;
  unanswered: number;
  /** Lines for requests not (or no longer) waiting in this batch: skipped. */
  ignored: number;
  /** Lines that could not be read, and the first one's problem. */
  unreadable: number;
  firstProblem: string | null;
  /** Why the batch could not be asked about or read (it stays uncollected). */
  error: string | null;
}

export interface CollectRequest {
  db: Db;
  study: string;
  jobId?: number;
  apiFor: BatchApiFor;
  signal?: AbortSignal;
  /** After each chunk of lines: requests settled so far in this collect. */
  onProgress?: (settled: number) => void;
}

export interface CollectSummary {
  batches: CollectedBatch[];
  /** The jobs after collecting. */
  jobs: BatchJobState[];
  interrupted: boolean;
}

// Output lines are stored this many to a transaction: one transaction per line would be slower,
// one per file would hold a write lock for the whole download.
const CHUNK = 500;

/** How one job's outcomes are stored: extraction and generation differ only here. */
type Settled = { status: 'succeeded' } | { status: 'failed'; error: string };

interface OutcomeStore {
  ran(request: BatchRequestRow, outcome: ChatOutcome): Promise<Settled>;
  notRun(request: BatchRequestRow, reason: string): Promise<void>;
}

async function extractionStore(
  db: Db,
  study: StudyRow,
  state: BatchJobState,
  batch: BatchRow,
): Promise<OutcomeStore> {
  const config = state.config;
  if (config.purpose !== 'extract' || state.job.extractorId === null)
    throw new Error('not an extraction job');
  const extractorId = state.job.extractorId;
  const requestConfig = extractionRequestConfigOf(config);
  // Arguments extracted meanwhile with the same parameters (another path got there first) keep
  // their extraction: a batch answer is recorded as a call, never replaces a stored success.
  const selection = await extractionSelection(
    db,
    study,
    extractorId,
    extractionRunParameters(requestConfig),
    false,
  );
  const targetOf = async (request: BatchRequestRow) => {
    const argument =
      request.argumentRowId === null ? undefined : await findArgumentText(db, request.argumentRowId);
    if (!argument) throw new Error(`batch request ${request.customId}: its argument is gone`);
    return {
      argumentRowId: argument.rowId,
      argumentId: argument.id,
      extractorId,
      extractorName: config.extractor,
      runId: batch.extractionRunId,
    };
  };
  return {
    async ran(request, outcome) {
      const target = await targetOf(request);
      const result = extractionFromOutcome(db, requestConfig, request, outcome, {
        studyId: study.id,
        argumentRowId: target.argumentRowId,
        runId: batch.extractionRunId,
        startedAt: batch.submittedAt,
        batchId: batch.id,
      });
      if (selection.extracted(target.argumentRowId)) {
        await result.alsoWrite?.();
        return { status: 'succeeded' };
      }
      await writeExtraction(db, target, result);
      return result.status === 'extracted'
        ? { status: 'succeeded' }
        : { status: 'failed', error: result.error };
    },
    async notRun(request, reason) {
      const target = await targetOf(request);
      if (!selection.extracted(target.argumentRowId))
        await writeExtraction(db, target, { status: 'failed', error: reason });
    },
  };
}

function generationStore(
  db: Db,
  study: StudyRow,
  state: BatchJobState,
  batch: BatchRow,
  triples: ReadonlyMap<number, StoredTriple>,
): OutcomeStore {
  if (state.config.purpose !== 'generate') throw new Error('not a generation job');
  const config = generationRequestConfigOf(state.config);
  return {
    async ran(request, outcome) {
      const triple = request.tripleRowId === null ? undefined : triples.get(request.tripleRowId);
      if (!triple) throw new Error(`batch request ${request.customId}: its triple is gone`);
      const write = await writeGeneration(db, config, request, outcome, {
        studyId: study.id,
        triple,
        startedAt: batch.submittedAt,
        batchId: batch.id,
      });
      return write.status === 'failed' ? { status: 'failed', error: write.error } : { status: 'succeeded' };
    },
    // No argument and no call: the triple is simply still to be argued.
    async notRun() {},
  };
}

/** What one chunk's transaction stored: its counts, and the requests it settled (by custom_id). */
interface ChunkTally {
  succeeded: number;
  failed: number;
  unanswered: number;
  ignored: number;
  unreadable: number;
  firstProblem: string | null;
  taken: Set<string>;
}

function emptyChunkTally(): ChunkTally {
  return {
    succeeded: 0,
    failed: 0,
    unanswered: 0,
    ignored: 0,
    unreadable: 0,
    firstProblem: null,
    taken: new Set(),
  };
}

/** Why a request without an output line did not run, by how its batch ended. */
function notRunReason(batch: BatchRow, detail: string | null): string {
  const why = detail ?? (batch.status === 'failed' && batch.error ? batch.error : null);
  const ended =
    batch.status === 'completed'
      ? 'completed without an output line for this request'
      : `${batch.status} before this request ran`;
  return `batch ${batch.providerBatchId} ${ended}${why ? ` (${why})` : ''}; "batch retry" resubmits it`;
}

/**
 * Collects one batch that has ended: reads its output file, then its error file, line by line
 * (each line checked by its schema, mapped back to its request by custom_id), stores each request's
 * outcome with `store`, settles the requests that have no line as unanswered, and marks the batch
 * collected. Only requests still waiting in *this* batch are stored: a line for a request already
 * settled (a second collect, a resubmitted request's old batch) is ignored, so collecting again
 * changes nothing.
 */
async function collectBatch(
  db: Db,
  state: BatchJobState,
  batch: BatchRow,
  api: BatchApi,
  store: OutcomeStore,
  report: CollectedBatch,
  request: CollectRequest,
): Promise<void> {
  const mode = state.config.purpose === 'extract' ? startingFormat(state.config.responseFormat) : 'text';
  const waiting = new Map(
    (await listSubmittedRequestsOfBatch(db, batch.id)).map((row) => [row.customId, row]),
  );
  let settled = 0;

  // A transaction's body may run more than once (PostgreSQL runs it again whole after a
  // serialization failure, docs/decisions/022): each body counts into a tally of its own, and the
  // tally reaches the report and `waiting` only once the transaction has committed.
  const storeLine = async (line: string, tally: ChunkTally) => {
    const reading = readBatchOutputLine(line);
    if (!reading.ok) {
      tally.unreadable += 1;
      tally.firstProblem ??= reading.error;
      return;
    }
    const owner = parseCustomId(reading.customId);
    const row = waiting.get(reading.customId);
    if (!row || tally.taken.has(reading.customId) || owner?.jobId !== state.job.id) {
      tally.ignored += 1;
      return;
    }
    tally.taken.add(reading.customId);
    const result: BatchLineResult = reading.result;
    if (result.kind === 'not_run') {
      const reason = notRunReason(batch, result.reason);
      await store.notRun(row, reason);
      await settleBatchRequest(db, row.id, 'unanswered', reason);
      tally.unanswered += 1;
      return;
    }
    const stored = await store.ran(row, outcomeOfBatchLine(result, mode));
    await settleBatchRequest(db, row.id, stored.status, stored.status === 'failed' ? stored.error : null);
    tally[stored.status] += 1;
  };
  const count = (tally: ChunkTally) => {
    for (const customId of tally.taken) waiting.delete(customId);
    settled += tally.taken.size;
    report.succeeded += tally.succeeded;
    report.failed += tally.failed;
    report.unanswered += tally.unanswered;
    report.ignored += tally.ignored;
    report.unreadable += tally.unreadable;
    report.firstProblem ??= tally.firstProblem;
  };

  for (const fileId of [batch.outputFileId, batch.errorFileId]) {
    if (fileId === null) continue;
    let chunk: string[] = [];
    const flush = async () => {
      const lines = chunk;
      chunk = [];
      count(
        await db.transaction(async () => {
          const tally = emptyChunkTally();
          for (const line of lines) await storeLine(line, tally);
          return tally;
        }),
      );
      request.onProgress?.(settled);
    };
    for await (const line of api.lines(fileId)) {
      chunk.push(line);
      if (chunk.length >= CHUNK) {
        await flush();
        if (request.signal?.aborted) throw new InterruptedError();
      }
    }
    await flush();
  }
  const unanswered = await db.transaction(async () => {
    let never = 0;
    for (const row of waiting.values()) {
      const reason = notRunReason(batch, null);
      await store.notRun(row, reason);
      await settleBatchRequest(db, row.id, 'unanswered', reason);
      never += 1;
    }
    await markBatchCollected(db, batch.id);
    if (
      batch.extractionRunId !== null &&
      (await countUncollectedBatchesOfRun(db, batch.extractionRunId)) === 0
    )
      await finishExtractionRun(db, batch.extractionRunId);
    return never;
  });
  report.unanswered += unanswered;
  report.collected = true;
}

/**
 * `batch collect`: for every batch of the study's jobs (or of one job) not yet collected, asks the
 * provider how it stands; one that has ended is collected (`collectBatch`): successes stored with
 * their provenance exactly as the synchronous path stores them (`extractionFromOutcome`,
 * `writeGeneration`), failures as failed extractions with their error — never as empty ones — and
 * requests that never ran (expired, cancelled) as failed extractions saying so, for `batch retry`.
 * Batches still running are reported and left for later. Works from the store alone, after a
 * restart.
 */
export async function collectBatchJobs(request: CollectRequest): Promise<CollectSummary> {
  const { db } = request;
  const study = await requireStudy(db, request.study);
  const states = await listBatchJobStates(db, request.study, request.jobId);
  const reports: CollectedBatch[] = [];
  let interrupted = false;
  let triples: Map<number, StoredTriple> | null = null;
  outer: for (const state of states) {
    const api = request.apiFor(state.job.endpoint);
    for (const stored of state.batches) {
      if (stored.collectedAt !== null) continue;
      if (request.signal?.aborted) {
        interrupted = true;
        break outer;
      }
      const report: CollectedBatch = {
        jobId: state.job.id,
        providerBatchId: stored.providerBatchId,
        status: stored.status,
        collected: false,
        succeeded: 0,
        failed: 0,
        unanswered: 0,
        ignored: 0,
        unreadable: 0,
        firstProblem: null,
        error: null,
      };
      reports.push(report);
      try {
        const info = await api.retrieve(stored.providerBatchId);
        await recordBatchInfo(db, stored, info);
        report.status = info.status;
        const batch = state.batches.find((each) => each.id === stored.id);
        const fresh: BatchRow = {
          ...(batch ?? stored),
          status: info.status,
          outputFileId: info.outputFileId,
          errorFileId: info.errorFileId,
          error: info.error,
          completed: info.completed,
          failed: info.failed,
        };
        if (!isTerminal(fresh)) continue;
        if (state.config.purpose === 'generate')
          triples ??= new Map((await listTriples(db, study.id)).map((triple) => [triple.rowId, triple]));
        const store =
          state.config.purpose === 'extract'
            ? await extractionStore(db, study, state, fresh)
            : generationStore(db, study, state, fresh, triples ?? new Map());
        await collectBatch(db, state, fresh, api, store, report, request);
      } catch (error) {
        if (error instanceof InterruptedError) {
          interrupted = true;
          break outer;
        }
        if (error instanceof BatchApiError) report.error = error.message;
        else throw error;
      }
    }
  }
  return { batches: reports, jobs: await listBatchJobStates(db, request.study, request.jobId), interrupted };
}
