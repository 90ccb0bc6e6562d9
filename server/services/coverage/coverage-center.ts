import { randomBytes } from 'node:crypto';
import {
  type CoverageCheckRequest,
  type CoverageJobView,
  type CoverageParameters,
  type CoverageProgress,
  type CoverageState,
  coverageJobSchema,
  coverageProgressSchema,
} from '../../../shared/coverage-check-api.ts';
import { summarizeCoverage } from '../../../shared/simulation/coverage-summary.ts';
import { checkParameters, DEFAULT_COVERAGE_SETTINGS } from '../../../shared/simulation/simulate-coverage.ts';
import { errors, isAppError } from '../../errors.ts';
import { countFinalGold, latestCoverageCheck } from '../../store/coverage-checks.ts';
import {
  type CoverageJobRow,
  cancelCoverageJob,
  coverageJobGoesOn,
  deleteCoverageJob,
  findCoverageJob,
  finishCoverageJob,
  insertCoverageJob,
  latestCoverageJob,
  runningCoverageJob,
  tidyCoverageJobs,
  writeCoverageJobProgress,
} from '../../store/coverage-jobs.ts';
import { type Db, sqliteFileOf } from '../../store/db.ts';
import type { StudyRow } from '../../store/studies.ts';
import type { User } from '../../store/users.ts';
import { PROGRESS_WRITE_MS, type RunningJob, STALE_JOB_MS, tickJob } from '../concurrency/index.ts';
import { loadReportInput } from '../report/study-report.ts';
import { type CoverageStudySource, NoDesignError, runStudyCoverage } from './coverage-runner.ts';
import { keepCoverageCheck } from './study-coverage.ts';

/** A job this server runs: its worker's stop, the progress not yet written, and the writer's timer. */
type LocalJob = RunningJob<CoverageProgress>;

/** Finished jobs are kept for the screen to show their outcome: a few, for a while. */
const FINISHED_JOBS_KEPT = 20;
const FINISHED_JOB_MINUTES = 30;
/** The populations a check draws its studies from (as the CLI's default), at most one per study. */
const POPULATIONS = DEFAULT_COVERAGE_SETTINGS.populations;

const statusSchema = coverageJobSchema.shape.status;
const parametersSchema = coverageJobSchema.shape.parameters;
const errorSchema = coverageJobSchema.shape.error;

/**
 * The server's coverage checks (issue 17): `simulate coverage` at a study's own design, started by an
 * admin from the report screen, run in one worker thread (`runStudyCoverage`), and stored per study
 * (migration 012) for the report's appendix. One check runs at a time over every server sharing the
 * database — it takes a core for minutes — so a second start is refused: 409 for the same study (the
 * running job is named), 429 for another study.
 *
 * Jobs live in the database (`coverage_jobs`, migration 017; issue 26), as report jobs do: the server
 * that took a job runs its worker, writes its progress to the row (at most every 250 ms, a heartbeat
 * every 5 s) and reads the row's cancel flag as often; every server answers the state, a poll and a
 * cancel. The start checks for a running job and inserts its own in one transaction (SERIALIZABLE on
 * PostgreSQL), so two servers cannot both start one. DELETE of a running job, on whichever server, sets the
 * flag and shows the job `cancelled`: a worker here ends at once, one on another server within 250 ms,
 * and its result is never stored. A second DELETE forgets the job. A running job without a write for a
 * minute is marked `failed` (`server_gone`): its server died.
 */
export class CoverageCenter {
  private readonly local = new Map<string, LocalJob>();

  constructor(private readonly db: Db) {}

  /** GET …/coverage: the study's latest stored check; for an admin also its running or last job. */
  async state(study: StudyRow, user: User): Promise<CoverageState> {
    await this.tidy();
    const row = user.roles.includes('admin') ? await latestCoverageJob(this.db, study.id) : undefined;
    return {
      latest: await latestCoverageCheck(this.db, study.id),
      job: row ? await this.present(row, study) : null,
    };
  }

  /** POST …/coverage/jobs: starts a check of the study, unless one is running or the study has no gold to simulate. */
  async start(study: StudyRow, user: User, request: CoverageCheckRequest): Promise<CoverageJobView> {
    await this.tidy();
    refuseBeside(study, await runningCoverageJob(this.db));
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
    // An in-memory database (the tests) cannot be opened by the worker: its rows go loaded.
    const file = sqliteFileOf(this.db);
    const source: CoverageStudySource =
      file === null
        ? { kind: 'loaded', ...(await loadReportInput(this.db, study)) }
        : { kind: 'file', file, study: { id: study.id, name: study.name } };
    const id = randomBytes(16).toString('base64url');
    const initial = progress('loading', 0, request.replicates);
    // Check and claim in one transaction: another server's start in between is seen (SQLite's write
    // lock) or makes this one run again and see it (PostgreSQL's SERIALIZABLE). The body only reads
    // and inserts, so running it again gives the same answer.
    const running = await this.db.transaction(async () => {
      const other = await runningCoverageJob(this.db);
      if (other) return other;
      await insertCoverageJob(this.db, {
        id,
        studyId: study.id,
        userId: user.id,
        progress: JSON.stringify(initial),
        parameters: JSON.stringify({
          replicates: request.replicates,
          bootstrap: request.bootstrap,
          seed: request.seed,
        }),
        now: new Date().toISOString(),
      });
      return null;
    });
    refuseBeside(study, running ?? undefined);
    const job: LocalJob = {
      id,
      stop: new AbortController(),
      progress: initial,
      unwritten: false,
      writtenAt: Date.now(),
      timer: setInterval(() => void this.tick(job), PROGRESS_WRITE_MS),
      ticking: false,
    };
    job.timer.unref();
    this.local.set(id, job);
    const parameters: CoverageParameters = checkParameters(settings);
    runStudyCoverage(source, settings, {
      signal: job.stop.signal,
      onProgress: (done) => {
        job.progress = progress('simulating', done, request.replicates);
        job.unwritten = true;
      },
    })
      .then(
        async (coverage) => {
          if (this.local.get(id) !== job) return;
          job.progress = progress('storing', request.replicates, request.replicates);
          job.unwritten = true;
          const done = progress('storing', request.replicates, request.replicates, 'done');
          // The check is stored only if the job is still to run, and the job is done with it, at once.
          await this.db.transaction(async () => {
            if (!(await coverageJobGoesOn(this.db, id))) return;
            const checkId = await keepCoverageCheck(this.db, {
              studyId: study.id,
              fingerprint: coverage.fingerprint,
              revision: coverage.revision,
              parameters,
              design: coverage.design,
              summary: summarizeCoverage(coverage.tally),
              source: 'screen',
              createdBy: user.id,
            });
            await finishCoverageJob(this.db, id, {
              status: 'done',
              progress: JSON.stringify(done),
              error: null,
              checkId,
              now: new Date().toISOString(),
            });
          });
          this.forget(job);
        },
        async (error: unknown) => {
          if (this.local.get(id) !== job) return;
          this.forget(job);
          await finishCoverageJob(this.db, id, {
            status: 'failed',
            progress: null,
            error: JSON.stringify(failure(error)),
            checkId: null,
            now: new Date().toISOString(),
          });
        },
      )
      // The outcome could not be written (the database busy or gone): the row stays running until the
      // heartbeat's timeout marks it failed; the process must not end on an unhandled rejection.
      .catch((error: unknown) => {
        this.forget(job);
        console.error('coverage job: could not write its outcome', error);
      });
    return await this.present(await this.studyRow(study, id), study);
  }

  /** GET …/coverage/jobs/:jobId — every admin may follow the study's job. */
  async job(study: StudyRow, id: string): Promise<CoverageJobView> {
    await this.tidy();
    return await this.present(await this.studyRow(study, id), study);
  }

  /**
   * DELETE …/coverage/jobs/:jobId: a running job is cancelled on whichever server runs it (its worker
   * ends at once here, at its server's next check elsewhere) and shows `cancelled`; a finished one is
   * forgotten.
   */
  async cancel(study: StudyRow, id: string): Promise<void> {
    const row = await this.studyRow(study, id);
    const mine = this.local.get(id);
    if (mine) this.stopLocal(mine);
    if (
      row.status === 'running' &&
      (await cancelCoverageJob(this.db, study.id, id, new Date().toISOString()))
    )
      return;
    await deleteCoverageJob(this.db, study.id, id);
  }

  private async studyRow(study: StudyRow, id: string): Promise<CoverageJobRow> {
    const row = await findCoverageJob(this.db, study.id, id);
    if (!row) throw errors.notFound('This coverage job (it may have expired)');
    return row;
  }

  /** A running job's timer (`tickJob`): stops the worker when the job is no longer this server's to run. */
  private tick(job: LocalJob): Promise<void> {
    return tickJob(
      job,
      {
        writeProgress: (id, progress, at) => writeCoverageJobProgress(this.db, id, progress, at),
        goesOn: (id) => coverageJobGoesOn(this.db, id),
      },
      () => {
        if (this.local.get(job.id) === job) this.stopLocal(job);
      },
      'coverage job',
    );
  }

  private stopLocal(job: LocalJob): void {
    this.forget(job);
    job.stop.abort(new Error('cancelled'));
  }

  private forget(job: LocalJob): void {
    clearInterval(job.timer);
    if (this.local.get(job.id) === job) this.local.delete(job.id);
  }

  /** The row as the API answers it (the values were written by this module; zod checks them back). */
  private async present(row: CoverageJobRow, study: StudyRow): Promise<CoverageJobView> {
    const latest = row.checkId === null ? null : await latestCoverageCheck(this.db, row.studyId);
    return {
      id: row.id,
      study: study.name,
      status: statusSchema.parse(row.status),
      progress: coverageProgressSchema.parse(JSON.parse(row.progress)),
      parameters: parametersSchema.parse(JSON.parse(row.parameters)),
      started_by: row.startedBy,
      created_at: row.createdAt,
      finished_at: row.finishedAt,
      error: row.error === null ? null : errorSchema.parse(JSON.parse(row.error)),
      check: latest !== null && latest.id === row.checkId ? latest : null,
    };
  }

  /** Marks jobs of dead servers failed, and forgets old finished jobs (see `tidyCoverageJobs`). */
  private async tidy(): Promise<void> {
    const now = Date.now();
    await tidyCoverageJobs(this.db, {
      staleBefore: new Date(now - STALE_JOB_MS).toISOString(),
      error: JSON.stringify({
        code: 'server_gone',
        message: 'The server running this coverage check stopped answering; start the check again.',
      }),
      finishedBefore: new Date(now - FINISHED_JOB_MINUTES * 60_000).toISOString(),
      keep: FINISHED_JOBS_KEPT,
      now: new Date(now).toISOString(),
    });
  }
}

/** Refuses a start while a check runs: 409 naming it for the same study, 429 for another. */
function refuseBeside(study: StudyRow, running: CoverageJobRow | undefined): void {
  if (!running) return;
  if (running.studyId === study.id)
    throw errors.conflict(
      `A coverage check of this study is running (started by ${running.startedBy} at ${running.createdAt}); wait for it or cancel it.`,
      { jobId: running.id },
    );
  throw errors.rateLimited(
    'The server is running a coverage check of another study; it runs one at a time. Try again when it is done.',
    60,
  );
}

/** A failed check's error as the job shows it: the caller's to fix, or the log's. */
function failure(error: unknown): { code: string; message: string } {
  if (error instanceof NoDesignError)
    return {
      code: 'conflict',
      message: `The study has no design to simulate (${error.message}): adjudicate some gold first.`,
    };
  if (isAppError(error)) return { code: error.code, message: error.message };
  console.error('coverage check failed', error);
  return {
    code: 'internal',
    message: 'The coverage check could not be run; the server log has the details.',
  };
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
