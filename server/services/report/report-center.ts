import { randomBytes } from 'node:crypto';
import {
  type ReportJobRequest,
  type ReportJobView,
  type ReportProgress,
  reportJobSchema,
  reportProgressSchema,
} from '../../../shared/report-jobs-api.ts';
import { errors, isAppError } from '../../errors.ts';
import { type Db, sqliteFileOf } from '../../store/db.ts';
import {
  cancelReportJob,
  countRunningReportJobs,
  deleteReportJob,
  findReportJob,
  finishReportJob,
  insertReportJob,
  type ReportJobRow,
  reportJobGoesOn,
  reportJobResult,
  tidyReportJobs,
  writeReportJobProgress,
} from '../../store/report-jobs.ts';
import { reportRevision } from '../../store/report-revision.ts';
import type { StudyRow } from '../../store/studies.ts';
import { PROGRESS_WRITE_MS, type RunningJob, STALE_JOB_MS, tickJob } from '../concurrency/index.ts';
import { ReportCache } from './report-cache.ts';
import {
  REPORT_STEPS,
  type RenderedReport,
  type ReportJob,
  type ReportSource,
  runReportJob,
} from './report-runner.ts';
import { checkReportRequest, loadReportInput, reportOptions } from './study-report.ts';

/** A report as served: its bytes, and whether it came from the cache. */
export interface ServedReport extends RenderedReport {
  cached: boolean;
}

/** A job this server runs: its worker's stop, the progress not yet written, and the writer's timer. */
type LocalJob = RunningJob<ReportProgress>;

/**
 * Jobs running at once: per study (an admin clicking twice, another reading the same study) and in
 * all, counted over every server sharing the database. The worker pool of a server computes one at a
 * time and queues four (`runReportJob`); these bounds keep the jobs' rows bounded too. Finished jobs
 * are kept for their caller to fetch the result, a few minutes and a few at most.
 */
const RUNNING_JOBS_PER_STUDY = 2;
const RUNNING_JOBS_IN_ALL = 5;
const FINISHED_JOBS_KEPT = 20;
const FINISHED_JOB_MINUTES = 10;

const DONE_PROGRESS: ReportProgress = {
  phase: 'rendering',
  step: REPORT_STEPS,
  steps: REPORT_STEPS,
  detail: 'done',
};

const formatSchema = reportJobSchema.shape.format;
const statusSchema = reportJobSchema.shape.status;
const errorSchema = reportJobSchema.shape.error;

/**
 * The server's reports: computed off the request thread (`runReportJob`), each kept in a cache until
 * the study's data change (`ReportCache`, in the database — migration 018 — so every server serves
 * the bytes one of them computed; keyed by study and settings, checked against the report revision), and — for the report screen — as jobs with progress and cancellation
 * (POST/GET/DELETE …/report/jobs). One per app: its cache belongs to its database.
 *
 * Jobs live in the database (`report_jobs`, migration 016), so that several app servers on one
 * PostgreSQL database answer as one (issue 26): the server that took a job computes it in its worker,
 * writes its progress to the row (at most every 250 ms, with a heartbeat every 5 s) and checks the
 * row's cancel flag as often; every server answers a poll and the result from the row. DELETE of a job
 * running on the server asked stops its worker at once and forgets the job (as before); DELETE on
 * another server sets the cancel flag and shows the job `cancelled` — its server stops the worker
 * within 250 ms — and a second DELETE forgets it. A running job without a write for a minute is
 * marked `failed` (`server_gone`): the server running it died.
 *
 * A cached report is served as it was computed, `meta.generated_at` included (the time its figures
 * were computed, which is still true of them); the route says `X-Report-Cache: hit`.
 */
export class ReportCenter {
  private readonly cache: ReportCache;
  private readonly local = new Map<string, LocalJob>();

  constructor(private readonly db: Db) {
    this.cache = new ReportCache(db);
  }

  /** The report (GET …/report): from the cache if the data did not change, else computed in a worker. */
  async report(study: StudyRow, request: ReportJobRequest, signal?: AbortSignal): Promise<ServedReport> {
    await checkReportRequest(this.db, study, request);
    const key = cacheKey(request);
    const hit = await this.cache.get(study.id, key, await reportRevision(this.db));
    if (hit) return { ...hit, cached: true };
    const rendered = await runReportJob(await this.workerJob(study, request), signal ? { signal } : {});
    await this.keep(study.id, key, rendered);
    return { ...rendered, cached: false };
  }

  /** Starts a report job for the caller (POST …/report/jobs); a cached report makes it done at once. */
  async startJob(study: StudyRow, userId: number, request: ReportJobRequest): Promise<ReportJobView> {
    await checkReportRequest(this.db, study, request);
    await this.tidy();
    const running = await countRunningReportJobs(this.db, study.id);
    if (running.inAll >= RUNNING_JOBS_IN_ALL || running.ofStudy >= RUNNING_JOBS_PER_STUDY)
      throw errors.rateLimited(
        'The server is computing other reports; wait for one to finish, or cancel one, and try again.',
        60,
      );
    const id = randomBytes(16).toString('base64url');
    const createdAt = new Date().toISOString();
    const key = cacheKey(request);
    const hit = await this.cache.get(study.id, key, await reportRevision(this.db));
    if (hit) {
      await insertReportJob(this.db, {
        id,
        studyId: study.id,
        userId,
        format: request.format,
        status: 'done',
        progress: JSON.stringify(DONE_PROGRESS),
        cached: true,
        result: hit.body.toString('utf8'),
        createdAt,
        finishedAt: createdAt,
      });
      return this.job(id, userId);
    }
    const workerJob = await this.workerJob(study, request);
    const progress: ReportProgress = {
      phase: 'waiting',
      step: 0,
      steps: REPORT_STEPS,
      detail: 'waiting for the report worker',
    };
    await insertReportJob(this.db, {
      id,
      studyId: study.id,
      userId,
      format: request.format,
      status: 'running',
      progress: JSON.stringify(progress),
      cached: false,
      result: null,
      createdAt,
      finishedAt: null,
    });
    const job: LocalJob = {
      id,
      stop: new AbortController(),
      progress,
      unwritten: false,
      writtenAt: Date.now(),
      timer: setInterval(() => void this.tick(job), PROGRESS_WRITE_MS),
      ticking: false,
    };
    job.timer.unref();
    this.local.set(id, job);
    runReportJob(workerJob, {
      signal: job.stop.signal,
      onProgress: (next) => {
        job.progress = next;
        job.unwritten = true;
      },
    })
      .then(
        async (rendered) => {
          await this.keep(study.id, key, rendered);
          await this.finish(job, { report: rendered });
        },
        async (error: unknown) => {
          if (job.stop.signal.aborted) return;
          await this.finish(job, {
            error: isAppError(error)
              ? { code: error.code, message: error.message }
              : {
                  code: 'internal',
                  message: 'The report could not be computed; the server log has the details.',
                },
            ...(isAppError(error) ? {} : { cause: error }),
          });
        },
      )
      // The outcome could not be written (the database busy or gone): the row stays running until
      // the heartbeat's timeout marks it failed; the process must not end on an unhandled rejection.
      .catch((error: unknown) => console.error('report job: could not write its outcome', error));
    return present(await this.ownRow(id, userId));
  }

  /** The caller's job (GET …/report/jobs/:id); another user's id is as unknown as a made-up one. */
  async job(id: string, userId: number): Promise<ReportJobView> {
    await this.tidy();
    return present(await this.ownRow(id, userId));
  }

  /** The finished job's report (GET …/report/jobs/:id/result); 409 while it runs or when it failed. */
  async result(
    id: string,
    userId: number,
  ): Promise<{ body: Buffer; format: ReportJobView['format']; cached: boolean }> {
    await this.tidy();
    const job = present(await this.ownRow(id, userId));
    const text = job.status === 'done' ? await reportJobResult(this.db, id) : null;
    if (text === null)
      throw errors.conflict(
        job.status === 'running'
          ? 'This report is still being computed; ask for the job until it is done.'
          : `This report job is ${job.status}; start a new one.`,
      );
    return { body: Buffer.from(text, 'utf8'), format: job.format, cached: job.cached };
  }

  /**
   * DELETE …/report/jobs/:id. A job running here: its worker ends at once and the job is forgotten. A
   * job running on another server: its cancel flag is set and it shows `cancelled` (its server stops
   * its worker at its next check). A finished job is forgotten.
   */
  async cancel(id: string, userId: number): Promise<void> {
    const row = await this.ownRow(id, userId);
    const mine = this.local.get(id);
    if (mine) {
      this.stopLocal(mine);
      await deleteReportJob(this.db, id, userId);
      return;
    }
    if (row.status === 'running' && (await cancelReportJob(this.db, id, userId, new Date().toISOString())))
      return;
    await deleteReportJob(this.db, id, userId);
  }

  /** Caches a computed report; one that cannot be cached is still served (the next read computes it again). */
  private async keep(studyId: number, key: string, rendered: RenderedReport): Promise<void> {
    try {
      await this.cache.set(studyId, key, rendered);
    } catch (error) {
      console.error('report: could not cache a computed report', error);
    }
  }

  /** What the worker is given: the database file to read itself, or (in memory) the rows loaded here. */
  private async workerJob(study: StudyRow, request: ReportJobRequest): Promise<ReportJob> {
    const options = reportOptions(request);
    const file = sqliteFileOf(this.db);
    const source: ReportSource =
      file === null
        ? { kind: 'loaded', ...(await loadReportInput(this.db, study)) }
        : { kind: 'file', file, study: { id: study.id, name: study.name } };
    return { source, options, format: request.format };
  }

  private async ownRow(id: string, userId: number): Promise<ReportJobRow> {
    const row = await findReportJob(this.db, id, userId);
    if (!row) throw errors.notFound('This report job (it may have expired)');
    return row;
  }

  /** A running job's timer (`tickJob`): stops the worker when the job is no longer this server's to run. */
  private tick(job: LocalJob): Promise<void> {
    return tickJob(
      job,
      {
        writeProgress: (id, progress, at) => writeReportJobProgress(this.db, id, progress, at),
        goesOn: (id) => reportJobGoesOn(this.db, id),
      },
      () => {
        if (this.local.get(job.id) === job) this.stopLocal(job);
      },
      'report job',
    );
  }

  private stopLocal(job: LocalJob): void {
    clearInterval(job.timer);
    this.local.delete(job.id);
    job.stop.abort(new Error('cancelled'));
  }

  private async finish(
    job: LocalJob,
    outcome: { report: RenderedReport } | { error: { code: string; message: string }; cause?: unknown },
  ): Promise<void> {
    clearInterval(job.timer);
    this.local.delete(job.id);
    if ('error' in outcome && outcome.cause !== undefined) console.error('report job failed', outcome.cause);
    try {
      await finishReportJob(
        this.db,
        job.id,
        'report' in outcome
          ? {
              status: 'done',
              progress: JSON.stringify(DONE_PROGRESS),
              error: null,
              result: outcome.report.body.toString('utf8'),
              now: new Date().toISOString(),
            }
          : {
              status: 'failed',
              progress: null,
              error: JSON.stringify(outcome.error),
              result: null,
              now: new Date().toISOString(),
            },
      );
    } catch (error) {
      // Unwritten, the job is marked failed when its heartbeat is a minute old.
      console.error('report job: could not write its outcome', error);
    }
  }

  /** Marks jobs of dead servers failed, and forgets old finished jobs (see `tidyReportJobs`). */
  private async tidy(): Promise<void> {
    const now = Date.now();
    await tidyReportJobs(this.db, {
      staleBefore: new Date(now - STALE_JOB_MS).toISOString(),
      error: JSON.stringify({
        code: 'server_gone',
        message: 'The server computing this report stopped answering; start the report again.',
      }),
      finishedBefore: new Date(now - FINISHED_JOB_MINUTES * 60_000).toISOString(),
      keep: FINISHED_JOBS_KEPT,
      now: new Date(now).toISOString(),
    });
  }
}

/** The cache key within a study: every setting that changes the report (defaults filled in). */
function cacheKey(request: ReportJobRequest): string {
  const { generatedAt: _now, ...options } = reportOptions(request);
  return JSON.stringify([request.format, options]);
}

/** The row as the API answers it (the values were written by this module; zod checks them back). */
function present(row: ReportJobRow): ReportJobView {
  const status = statusSchema.parse(row.status);
  return {
    id: row.id,
    status,
    progress: reportProgressSchema.parse(JSON.parse(row.progress)),
    format: formatSchema.parse(row.format),
    cached: row.cached === 1,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    error: row.error === null ? null : errorSchema.parse(JSON.parse(row.error)),
    result: status === 'done' ? `jobs/${row.id}/result` : null,
  };
}
