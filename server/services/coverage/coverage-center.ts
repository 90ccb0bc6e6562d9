import { randomBytes } from 'node:crypto';
import type {
  CoverageCheckRequest,
  CoverageJobView,
  CoverageParameters,
  CoverageProgress,
  CoverageState,
} from '../../../shared/coverage-check-api.ts';
import { summarizeCoverage } from '../../../shared/simulation/coverage-summary.ts';
import { checkParameters, DEFAULT_COVERAGE_SETTINGS } from '../../../shared/simulation/simulate-coverage.ts';
import { errors, isAppError } from '../../errors.ts';
import { countFinalGold, latestCoverageCheck } from '../../store/coverage-checks.ts';
import { type Db, sqliteFileOf } from '../../store/db.ts';
import type { StudyRow } from '../../store/studies.ts';
import type { User } from '../../store/users.ts';
import { loadReportInput } from '../report/study-report.ts';
import { type CoverageStudySource, NoDesignError, runStudyCoverage } from './coverage-runner.ts';
import { keepCoverageCheck } from './study-coverage.ts';

interface Job extends Omit<CoverageJobView, 'check'> {
  studyId: number;
  userId: number;
  checkId: number | null;
  stop: AbortController;
}

/** Finished jobs are kept for the screen to show their outcome: a few, for a while. */
const FINISHED_JOBS_KEPT = 20;
const FINISHED_JOB_MINUTES = 30;
/** The populations a check draws its studies from (as the CLI's default), at most one per study. */
const POPULATIONS = DEFAULT_COVERAGE_SETTINGS.populations;

/**
 * The server's coverage checks (issue 17): `simulate coverage` at a study's own design, started by an
 * admin from the report screen, run in one worker thread (`runStudyCoverage`), and stored per study
 * (migration 012) for the report's appendix. One check runs at a time in the whole server — it takes a
 * core for minutes — so a second start is refused: 409 for the same study (the running job is named),
 * 429 for another study. One per app, like the report center.
 */
export class CoverageCenter {
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly db: Db) {}

  /** GET …/coverage: the study's latest stored check; for an admin also its running or last job. */
  async state(study: StudyRow, user: User): Promise<CoverageState> {
    this.forgetOldJobs();
    const job = user.roles.includes('admin')
      ? ([...this.jobs.values()].filter((entry) => entry.studyId === study.id).at(-1) ?? null)
      : null;
    return {
      latest: await latestCoverageCheck(this.db, study.id),
      job: job ? await this.present(job) : null,
    };
  }

  /** POST …/coverage/jobs: starts a check of the study, unless one is running or the study has no gold to simulate. */
  async start(study: StudyRow, user: User, request: CoverageCheckRequest): Promise<CoverageJobView> {
    this.forgetOldJobs();
    const running = [...this.jobs.values()].find((job) => job.status === 'running');
    if (running?.studyId === study.id)
      throw errors.conflict(
        `A coverage check of this study is running (started by ${running.started_by} at ${running.created_at}); wait for it or cancel it.`,
        { jobId: running.id },
      );
    if (running)
      throw errors.rateLimited(
        'The server is running a coverage check of another study; it runs one at a time. Try again when it is done.',
        60,
      );
    if ((await countFinalGold(this.db, study.id)) < 2)
      throw errors.conflict(
        `Study "${study.name}" has fewer than two gold arguments: adjudicate some gold first, then check the intervals' coverage.`,
      );
    const settings = {
      replicates: request.replicates,
      bootstrap: request.bootstrap,
      seed: request.seed,
      populations: Math.min(POPULATIONS, request.replicates),
      level: DEFAULT_COVERAGE_SETTINGS.level,
      claimThreshold: DEFAULT_COVERAGE_SETTINGS.claimThreshold,
      threshold: DEFAULT_COVERAGE_SETTINGS.threshold,
    };
    const job: Job = {
      id: randomBytes(16).toString('base64url'),
      study: study.name,
      studyId: study.id,
      userId: user.id,
      status: 'running',
      progress: { phase: 'loading', done: 0, total: request.replicates, detail: 'loading the study' },
      parameters: { replicates: request.replicates, bootstrap: request.bootstrap, seed: request.seed },
      started_by: user.username,
      created_at: new Date().toISOString(),
      finished_at: null,
      error: null,
      checkId: null,
      stop: new AbortController(),
    };
    // An in-memory database (the tests) cannot be opened by the worker: its rows go loaded.
    const file = sqliteFileOf(this.db);
    const source: CoverageStudySource =
      file === null
        ? { kind: 'loaded', ...(await loadReportInput(this.db, study)) }
        : { kind: 'file', file, study: { id: study.id, name: study.name } };
    this.jobs.set(job.id, job);
    const parameters: CoverageParameters = checkParameters(settings);
    runStudyCoverage(source, settings, {
      signal: job.stop.signal,
      onProgress: (done) => {
        job.progress = progress('simulating', done, job.progress.total);
      },
    }).then(
      async (coverage) => {
        if (job.status !== 'running') return;
        job.progress = progress('storing', job.progress.total, job.progress.total);
        try {
          job.checkId = await keepCoverageCheck(this.db, {
            studyId: study.id,
            fingerprint: coverage.fingerprint,
            revision: coverage.revision,
            parameters,
            design: coverage.design,
            summary: summarizeCoverage(coverage.tally),
            source: 'screen',
            createdBy: user.id,
          });
          this.finish(job, 'done');
        } catch (error) {
          this.fail(job, error);
        }
      },
      (error: unknown) => {
        if (job.status === 'running') this.fail(job, error);
      },
    );
    return await this.present(job);
  }

  /** GET …/coverage/jobs/:jobId — every admin may follow the study's job. */
  async job(study: StudyRow, id: string): Promise<CoverageJobView> {
    return await this.present(this.studyJob(study, id));
  }

  /** DELETE …/coverage/jobs/:jobId: cancels a running job (its worker ends at once); a finished one is forgotten. */
  cancel(study: StudyRow, id: string): void {
    const job = this.studyJob(study, id);
    if (job.status === 'running') {
      job.stop.abort(new Error('cancelled'));
      this.finish(job, 'cancelled');
      return;
    }
    this.jobs.delete(id);
  }

  private studyJob(study: StudyRow, id: string): Job {
    this.forgetOldJobs();
    const job = this.jobs.get(id);
    if (!job || job.studyId !== study.id) throw errors.notFound('This coverage job (it may have expired)');
    return job;
  }

  private fail(job: Job, error: unknown): void {
    if (error instanceof NoDesignError)
      job.error = {
        code: 'conflict',
        message: `The study has no design to simulate (${error.message}): adjudicate some gold first.`,
      };
    else if (isAppError(error)) job.error = { code: error.code, message: error.message };
    else {
      console.error('coverage check failed', error);
      job.error = {
        code: 'internal',
        message: 'The coverage check could not be run; the server log has the details.',
      };
    }
    this.finish(job, 'failed');
  }

  private finish(job: Job, status: 'done' | 'failed' | 'cancelled'): void {
    job.status = status;
    job.finished_at = new Date().toISOString();
    if (status === 'done') job.progress = progress('storing', job.progress.total, job.progress.total, 'done');
  }

  private async present(job: Job): Promise<CoverageJobView> {
    const { studyId: _study, userId: _user, checkId, stop: _stop, ...view } = job;
    const latest = checkId === null ? null : await latestCoverageCheck(this.db, job.studyId);
    return { ...view, check: latest !== null && latest.id === checkId ? latest : null };
  }

  /** Forgets finished jobs older than FINISHED_JOB_MINUTES, and beyond the FINISHED_JOBS_KEPT newest. */
  private forgetOldJobs(): void {
    const cutoff = new Date(Date.now() - FINISHED_JOB_MINUTES * 60_000).toISOString();
    const finished = [...this.jobs.values()].filter((job) => job.finished_at !== null);
    finished.forEach((job, index) => {
      if ((job.finished_at ?? '') < cutoff || index < finished.length - FINISHED_JOBS_KEPT)
        this.jobs.delete(job.id);
    });
  }
}

function progress(
  phase: CoverageProgress['phase'],
  done: number,
  total: number,
  detail?: string,
): CoverageProgress {
  const words = {
    loading: 'loading the study',
    simulating: `simulating study ${done} of ${total}`,
    storing: 'storing the result',
  };
  return { phase, done, total, detail: detail ?? words[phase] };
}
