import type { Db } from './db.ts';
import { type JobTidying, jobGoesOn, tidyJobs, writeJobProgress } from './running-jobs.ts';

/**
 * A coverage job's row (migration 017), with its starter's name: `progress`, `parameters` and `error`
 * are JSON text, `checkId` the stored check once done.
 */
export interface CoverageJobRow {
  id: string;
  studyId: number;
  userId: number;
  startedBy: string;
  status: string;
  progress: string;
  parameters: string;
  cancelRequested: number;
  error: string | null;
  checkId: number | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

const SELECT_JOB = `SELECT j.id, j.study_id AS studyId, j.user_id AS userId, u.username AS startedBy,
  j.status, j.progress, j.parameters, j.cancel_requested AS cancelRequested, j.error, j.check_id AS checkId,
  j.created_at AS createdAt, j.updated_at AS updatedAt, j.finished_at AS finishedAt
  FROM coverage_jobs j JOIN users u ON u.id = j.user_id`;

export async function insertCoverageJob(
  db: Db,
  job: { id: string; studyId: number; userId: number; progress: string; parameters: string; now: string },
): Promise<void> {
  await db.run(
    `INSERT INTO coverage_jobs (id, study_id, user_id, status, progress, parameters, created_at, updated_at)
     VALUES (?, ?, ?, 'running', ?, ?, ?, ?)`,
    [job.id, job.studyId, job.userId, job.progress, job.parameters, job.now, job.now],
  );
}

/** The study's job with this id. */
export async function findCoverageJob(
  db: Db,
  studyId: number,
  id: string,
): Promise<CoverageJobRow | undefined> {
  return await db.first<CoverageJobRow>(`${SELECT_JOB} WHERE j.id = ? AND j.study_id = ?`, [id, studyId]);
}

/** The study's newest job, running or finished. */
export async function latestCoverageJob(db: Db, studyId: number): Promise<CoverageJobRow | undefined> {
  return await db.first<CoverageJobRow>(
    `${SELECT_JOB} WHERE j.study_id = ? ORDER BY j.created_at DESC, j.id DESC LIMIT 1`,
    [studyId],
  );
}

/** The running job, whichever its study (one runs at a time over every server), or nothing. */
export async function runningCoverageJob(db: Db): Promise<CoverageJobRow | undefined> {
  return await db.first<CoverageJobRow>(
    `${SELECT_JOB} WHERE j.status = 'running' ORDER BY j.created_at, j.id LIMIT 1`,
  );
}

/** The running server's write of the job's progress and heartbeat (`writeJobProgress`). */
export function writeCoverageJobProgress(
  db: Db,
  id: string,
  progress: string,
  now: string,
): Promise<boolean> {
  return writeJobProgress(db, 'coverage_jobs', id, progress, now);
}

/** Whether the job is still to run (`jobGoesOn`). */
export function coverageJobGoesOn(db: Db, id: string): Promise<boolean> {
  return jobGoesOn(db, 'coverage_jobs', id);
}

/** Writes a running job's outcome; answers false when it was cancelled or marked failed meanwhile. */
export async function finishCoverageJob(
  db: Db,
  id: string,
  outcome: {
    status: 'done' | 'failed';
    progress: string | null;
    error: string | null;
    checkId: number | null;
    now: string;
  },
): Promise<boolean> {
  const { changes } = await db.run(
    `UPDATE coverage_jobs SET status = ?, progress = coalesce(?, progress), error = ?, check_id = ?,
       finished_at = ?, updated_at = ?
     WHERE id = ? AND status = 'running' AND cancel_requested = 0`,
    [outcome.status, outcome.progress, outcome.error, outcome.checkId, outcome.now, outcome.now, id],
  );
  return changes > 0;
}

/** Cancels the study's running job from whichever server: the flag set, the job shown cancelled. */
export async function cancelCoverageJob(db: Db, studyId: number, id: string, now: string): Promise<boolean> {
  const { changes } = await db.run(
    `UPDATE coverage_jobs SET cancel_requested = 1, status = 'cancelled', finished_at = ?, updated_at = ?
     WHERE id = ? AND study_id = ? AND status = 'running'`,
    [now, now, id, studyId],
  );
  return changes > 0;
}

export async function deleteCoverageJob(db: Db, studyId: number, id: string): Promise<void> {
  await db.run('DELETE FROM coverage_jobs WHERE id = ? AND study_id = ?', [id, studyId]);
}

/** Housekeeping before a job is read or started (`tidyJobs`). */
export function tidyCoverageJobs(db: Db, tidying: JobTidying): Promise<void> {
  return tidyJobs(db, 'coverage_jobs', tidying);
}
