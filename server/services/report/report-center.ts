import { randomBytes } from 'node:crypto';
import type { ReportJobRequest, ReportJobView, ReportProgress } from '../../../shared/report-jobs-api.ts';
import { errors, isAppError } from '../../errors.ts';
import { type Db, sqliteFileOf } from '../../store/db.ts';
import { reportRevision } from '../../store/report-revision.ts';
import type { StudyRow } from '../../store/studies.ts';
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

interface Job {
  id: string;
  userId: number;
  studyId: number;
  format: ReportJobRequest['format'];
  status: ReportJobView['status'];
  progress: ReportProgress;
  cached: boolean;
  createdAt: string;
  finishedAt: string | null;
  error: { code: string; message: string } | null;
  report: RenderedReport | null;
  stop: AbortController;
}

/**
 * Jobs running at once: per study (an admin clicking twice, another reading the same study) and in
 * all. The worker pool itself computes one at a time and queues four (`runReportJob`); these bounds
 * keep the jobs' records bounded too. Finished jobs are kept for their caller to fetch the result, a
 * few minutes and a few at most.
 */
const RUNNING_JOBS_PER_STUDY = 2;
const RUNNING_JOBS_IN_ALL = 5;
const FINISHED_JOBS_KEPT = 20;
const FINISHED_JOB_MINUTES = 10;

/**
 * The server's reports: computed off the request thread (`runReportJob`), each kept in a cache until
 * the study's data change (`ReportCache`, keyed by study and settings, checked against the report
 * revision), and — for the report screen — as jobs with progress and cancellation
 * (POST/GET/DELETE …/report/jobs). One per app: its cache belongs to its database.
 *
 * A cached report is served as it was computed, `meta.generated_at` included (the time its figures
 * were computed, which is still true of them); the route says `X-Report-Cache: hit`.
 */
export class ReportCenter {
  private readonly cache = new ReportCache();
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly db: Db) {}

  /** The report (GET …/report): from the cache if the data did not change, else computed in a worker. */
  async report(study: StudyRow, request: ReportJobRequest, signal?: AbortSignal): Promise<ServedReport> {
    await checkReportRequest(this.db, study, request);
    const key = cacheKey(study, request);
    const hit = this.cache.get(key, await reportRevision(this.db));
    if (hit) return { ...hit, cached: true };
    const rendered = await runReportJob(await this.workerJob(study, request), signal ? { signal } : {});
    this.cache.set(key, rendered);
    return { ...rendered, cached: false };
  }

  /** Starts a report job for the caller (POST …/report/jobs); a cached report makes it done at once. */
  async startJob(study: StudyRow, userId: number, request: ReportJobRequest): Promise<ReportJobView> {
    await checkReportRequest(this.db, study, request);
    this.forgetOldJobs();
    const running = [...this.jobs.values()].filter((job) => job.status === 'running');
    if (
      running.length >= RUNNING_JOBS_IN_ALL ||
      running.filter((job) => job.studyId === study.id).length >= RUNNING_JOBS_PER_STUDY
    )
      throw errors.rateLimited(
        'The server is computing other reports; wait for one to finish, or cancel one, and try again.',
        60,
      );
    const job: Job = {
      id: randomBytes(16).toString('base64url'),
      userId,
      studyId: study.id,
      format: request.format,
      status: 'running',
      progress: { phase: 'waiting', step: 0, steps: REPORT_STEPS, detail: 'waiting for the report worker' },
      cached: false,
      createdAt: new Date().toISOString(),
      finishedAt: null,
      error: null,
      report: null,
      stop: new AbortController(),
    };
    this.jobs.set(job.id, job);
    const key = cacheKey(study, request);
    const hit = this.cache.get(key, await reportRevision(this.db));
    if (hit) {
      job.cached = true;
      this.finish(job, { report: hit });
      return present(job);
    }
    let workerJob: ReportJob;
    try {
      workerJob = await this.workerJob(study, request);
    } catch (error) {
      this.jobs.delete(job.id);
      throw error;
    }
    runReportJob(workerJob, {
      signal: job.stop.signal,
      onProgress: (progress) => {
        job.progress = progress;
      },
    }).then(
      (rendered) => {
        this.cache.set(key, rendered);
        this.finish(job, { report: rendered });
      },
      (error: unknown) => {
        if (job.stop.signal.aborted) return;
        this.finish(job, {
          error: isAppError(error)
            ? { code: error.code, message: error.message }
            : {
                code: 'internal',
                message: 'The report could not be computed; the server log has the details.',
              },
          ...(isAppError(error) ? {} : { cause: error }),
        });
      },
    );
    return present(job);
  }

  /** The caller's job (GET …/report/jobs/:id); another user's id is as unknown as a made-up one. */
  job(id: string, userId: number): ReportJobView {
    return present(this.ownJob(id, userId));
  }

  /** The finished job's report (GET …/report/jobs/:id/result); 409 while it runs or when it failed. */
  result(id: string, userId: number): { report: RenderedReport; format: Job['format']; cached: boolean } {
    const job = this.ownJob(id, userId);
    if (job.status !== 'done' || !job.report)
      throw errors.conflict(
        job.status === 'running'
          ? 'This report is still being computed; ask for the job until it is done.'
          : `This report job is ${job.status}; start a new one.`,
      );
    return { report: job.report, format: job.format, cached: job.cached };
  }

  /** Cancels a running job (its worker ends at once) or forgets a finished one (DELETE …/report/jobs/:id). */
  cancel(id: string, userId: number): void {
    const job = this.ownJob(id, userId);
    if (job.status === 'running') {
      job.stop.abort(new Error('cancelled'));
      this.finish(job, { cancelled: true });
    }
    this.jobs.delete(id);
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

  private ownJob(id: string, userId: number): Job {
    this.forgetOldJobs();
    const job = this.jobs.get(id);
    if (!job || job.userId !== userId) throw errors.notFound('This report job (it may have expired)');
    return job;
  }

  private finish(
    job: Job,
    outcome:
      | { report: RenderedReport }
      | { error: { code: string; message: string }; cause?: unknown }
      | { cancelled: true },
  ): void {
    job.finishedAt = new Date().toISOString();
    if ('report' in outcome) {
      job.status = 'done';
      job.report = outcome.report;
      job.progress = { phase: 'rendering', step: REPORT_STEPS, steps: REPORT_STEPS, detail: 'done' };
    } else if ('error' in outcome) {
      job.status = 'failed';
      job.error = outcome.error;
      if (outcome.cause !== undefined) console.error('report job failed', outcome.cause);
    } else job.status = 'cancelled';
  }

  /** Forgets finished jobs older than FINISHED_JOB_MINUTES, and beyond the FINISHED_JOBS_KEPT newest. */
  private forgetOldJobs(): void {
    const cutoff = new Date(Date.now() - FINISHED_JOB_MINUTES * 60_000).toISOString();
    const finished = [...this.jobs.values()].filter((job) => job.finishedAt !== null);
    finished.forEach((job, index) => {
      if ((job.finishedAt ?? '') < cutoff || index < finished.length - FINISHED_JOBS_KEPT)
        this.jobs.delete(job.id);
    });
  }
}

/** The cache key: the study and every setting that changes the report (defaults filled in). */
function cacheKey(study: StudyRow, request: ReportJobRequest): string {
  const { generatedAt: _now, ...options } = reportOptions(request);
  return JSON.stringify([study.id, request.format, options]);
}

function present(job: Job): ReportJobView {
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    format: job.format,
    cached: job.cached,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    error: job.error,
    result: job.status === 'done' ? `jobs/${job.id}/result` : null,
  };
}
