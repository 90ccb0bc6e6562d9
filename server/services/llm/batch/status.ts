import type { Db } from '../../../store/db.ts';
import {
  type BatchJobRow,
  type BatchRequestStatus,
  type BatchRow,
  countBatchRequests,
  listBatchesOfJob,
  listBatchJobs,
  TERMINAL_BATCH_STATUSES,
  updateBatchState,
} from '../../../store/llm-batches.ts';
import { sleep } from '../../concurrency/sleep.ts';
import { requireStudy } from '../../study/studies.ts';
import type { BatchApi, BatchInfo } from './batch-api.ts';
import { type BatchJobConfig, readJobConfig } from './batch-job.ts';
import { findJobOrFail } from './submit.ts';

/** The provider client for a job's endpoint (the key comes from the environment). */
export type BatchApiFor = (endpoint: string) => BatchApi;

/** A job as `batch status` shows it: its configuration, its requests by status, its batches. */
export interface BatchJobState {
  job: BatchJobRow;
  config: BatchJobConfig;
  requests: Partial<Record<BatchRequestStatus, number>>;
  batches: BatchRow[];
  /** Per provider batch id, why it could not be asked about just now. */
  problems: Map<string, string>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function isTerminal(batch: Pick<BatchRow, 'status'>): boolean {
  return TERMINAL_BATCH_STATUSES.includes(batch.status);
}

/** The jobs of a study (or the one asked for), as stored: no provider call. */
export async function listBatchJobStates(
  db: Db,
  studyName: string,
  jobId?: number,
): Promise<BatchJobState[]> {
  const study = await requireStudy(db, studyName);
  const jobs =
    jobId === undefined ? await listBatchJobs(db, study.id) : [await findJobOrFail(db, study, jobId)];
  return await Promise.all(
    jobs.map(async (job) => ({
      job,
      config: readJobConfig(job),
      requests: await countBatchRequests(db, job.id),
      batches: await listBatchesOfJob(db, job.id),
      problems: new Map(),
    })),
  );
}

/** Stores what the provider says of a batch. */
export async function recordBatchInfo(db: Db, batch: BatchRow, info: BatchInfo): Promise<void> {
  await updateBatchState(db, batch.id, {
    status: info.status,
    completed: info.completed,
    failed: info.failed,
    outputFileId: info.outputFileId,
    errorFileId: info.errorFileId,
    error: info.error,
  });
}

export interface RefreshRequest {
  db: Db;
  study: string;
  jobId?: number;
  apiFor: BatchApiFor;
}

/**
 * Asks the provider about every batch not yet collected and still running, and stores what it
 * says (status, counts, output and error files). A batch the provider cannot be asked about keeps
 * its last known state, and the reason is reported with its job.
 */
export async function refreshBatchJobs(request: RefreshRequest): Promise<BatchJobState[]> {
  const { db } = request;
  const states = await listBatchJobStates(db, request.study, request.jobId);
  for (const state of states) {
    const api = request.apiFor(state.job.endpoint);
    for (const batch of state.batches) {
      if (batch.collectedAt !== null || isTerminal(batch)) continue;
      try {
        await recordBatchInfo(db, batch, await api.retrieve(batch.providerBatchId));
      } catch (error) {
        state.problems.set(batch.providerBatchId, messageOf(error));
      }
    }
  }
  return (await listBatchJobStates(db, request.study, request.jobId)).map((state, index) => ({
    ...state,
    problems: states[index]?.problems ?? new Map(),
  }));
}

/** Over the batches not yet collected: requests done or failed at the provider, of how many. */
export interface BatchWaitProgress {
  done: number;
  total: number;
  /** Uncollected batches that have ended, and all uncollected batches. */
  ended: number;
  batches: number;
}

export function waitProgress(states: readonly BatchJobState[]): BatchWaitProgress {
  const open = states.flatMap((state) => state.batches.filter((batch) => batch.collectedAt === null));
  return {
    done: open.reduce((sum, batch) => sum + batch.completed + batch.failed, 0),
    total: open.reduce((sum, batch) => sum + batch.requests, 0),
    ended: open.filter(isTerminal).length,
    batches: open.length,
  };
}

export interface WaitRequest extends RefreshRequest {
  /** The first wait between polls, ms; each later wait is 1.5 times longer, up to `pollMaxMs`. */
  pollMs: number;
  pollMaxMs: number;
  signal?: AbortSignal;
  onProgress?: (progress: BatchWaitProgress) => void;
}

/**
 * Polls until every batch not yet collected has ended (completed, expired, cancelled, failed),
 * waiting `pollMs`, then 1.5 times longer each time up to `pollMaxMs`: a batch takes minutes to
 * hours, and a provider should not be asked every second for a day. Rejects with
 * `InterruptedError` when `signal` aborts (nothing is lost: the state is stored at every poll).
 */
export async function waitForBatchJobs(request: WaitRequest): Promise<BatchJobState[]> {
  let delay = request.pollMs;
  for (;;) {
    const states = await refreshBatchJobs(request);
    const progress = waitProgress(states);
    request.onProgress?.(progress);
    if (progress.ended === progress.batches) return states;
    await sleep(delay, request.signal);
    delay = Math.min(request.pollMaxMs, Math.round(delay * 1.5));
  }
}

export interface CancelRequest {
  db: Db;
  study: string;
  jobId: number;
  apiFor: BatchApiFor;
}

/**
 * Asks the provider to cancel every batch of a job that is still running. A cancelled batch keeps
 * what it had finished: `batch collect` stores that, and the rest as unanswered (resubmit it with
 * `batch retry`).
 */
export async function cancelBatchJob(request: CancelRequest): Promise<BatchJobState> {
  const [state] = await listBatchJobStates(request.db, request.study, request.jobId);
  if (!state) throw new Error(`no batch job ${request.jobId}`);
  const api = request.apiFor(state.job.endpoint);
  for (const batch of state.batches) {
    if (batch.collectedAt !== null || isTerminal(batch) || batch.status === 'cancelling') continue;
    try {
      await recordBatchInfo(request.db, batch, await api.cancel(batch.providerBatchId));
    } catch (error) {
      state.problems.set(batch.providerBatchId, messageOf(error));
    }
  }
  const [after] = await listBatchJobStates(request.db, request.study, request.jobId);
  return { ...(after ?? state), problems: state.problems };
}
