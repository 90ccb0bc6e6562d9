import type { Db } from './db.ts';
import { type JobTidying, jobGoesOn, tidyJobs, writeJobProgress } from './running-jobs.ts';

/** A report job's row (migration 016): `progress` and `error` are JSON text, `result` the report's text. */
export interface ReportJobRow {
  id: string;
  studyId: number;
  userId: number;
  format: string;
  status: string;
  progress: string;
  cached: number;
  cancelRequested: number;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

const SELECT_JOB = `SELECT id, study_id AS studyId, user_id AS userId, format, status, progress, cached,
  cancel_requested AS cancelRequested, error, created_at AS createdAt, updated_at AS updatedAt,
  finished_at AS finishedAt FROM report_jobs`;

export async function insertReportJob(
  db: Db,
  job: {
    id: string;
    studyId: number;
    userId: number;
    format: string;
    status: 'running' | 'done';
    progress: string;
    cached: boolean;
    result: string | null;
    createdAt: string;
    finishedAt: string | null;
  },
): Promise<void> {
  await db.run(
    `INSERT INTO report_jobs (id, study_id, user_id, kind, format, status, progress, cached, result, created_at, updated_at, finished_at)
     VALUES (?, ?, ?, 'report', ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      job.id,
      job.studyId,
      job.userId,
      job.format,
      job.status,
      job.progress,
      Number(job.cached),
      job.result,
      job.createdAt,
      job.createdAt,
      job.finishedAt,
    ],
  );
}

/** The job, if it is the user's (another user's id answers nothing, as a made-up one). */
export async function findReportJob(db: Db, id: string, userId: number): Promise<ReportJobRow | undefined> {
  return await db.first<ReportJobRow>(`${SELECT_JOB} WHERE id = ? AND user_id = ?`, [id, userId]);
}

/** The finished report's text, if the job is done. */
export async function reportJobResult(db: Db, id: string): Promise<string | null> {
  return (
    (
      await db.first<{ result: string | null }>(
        "SELECT result FROM report_jobs WHERE id = ? AND status = 'done'",
        [id],
      )
    )?.result ?? null
  );
}

/** Running jobs in all and of one study (the bounds of `startJob`). */
export async function countRunningReportJobs(
  db: Db,
  studyId: number,
): Promise<{ inAll: number; ofStudy: number }> {
  const row = await db.first<{ inAll: number; ofStudy: number }>(
    `SELECT count(*) AS inAll, count(CASE WHEN study_id = ? THEN 1 END) AS ofStudy
     FROM report_jobs WHERE status = 'running'`,
    [studyId],
  );
  return { inAll: row?.inAll ?? 0, ofStudy: row?.ofStudy ?? 0 };
}

/** The running server's write of the job's progress and heartbeat (`writeJobProgress`). */
export function writeReportJobProgress(db: Db, id: string, progress: string, now: string): Promise<boolean> {
  return writeJobProgress(db, 'report_jobs', id, progress, now);
}

/** Whether the job is still to run (`jobGoesOn`). */
export function reportJobGoesOn(db: Db, id: string): Promise<boolean> {
  return jobGoesOn(db, 'report_jobs', id);
}

/** Writes a running job's outcome; answers false when it was cancelled or marked failed meanwhile. */
export async function finishReportJob(
  db: Db,
  id: string,
  outcome: {
    status: 'done' | 'failed';
    progress: string | null;
    error: string | null;
    result: string | null;
    now: string;
  },
): Promise<boolean> {
  const { changes } = await db.run(
    `UPDATE report_jobs SET status = ?, progress = coalesce(?, progress), error = ?, result = ?,
       finished_at = ?, updated_at = ?
     WHERE id = ? AND status = 'running'`,
    [outcome.status, outcome.progress, outcome.error, outcome.result, outcome.now, outcome.now, id],
  );
  return changes > 0;
}

/** Cancels the user's running job from whichever server: the flag set, the job shown cancelled. */
export async function cancelReportJob(db: Db, id: string, userId: number, now: string): Promise<boolean> {
  const { changes } = await db.run(
    `UPDATE report_jobs SET cancel_requested = 1, status = 'cancelled', finished_at = ?, updated_at = ?
     WHERE id = ? AND user_id = ? AND status = 'running'`,
    [now, now, id, userId],
  );
  return changes > 0;
}

export async function deleteReportJob(db: Db, id: string, userId: number): Promise<void> {
  await db.run('DELETE FROM report_jobs WHERE id = ? AND user_id = ?', [id, userId]);
}

/** Housekeeping before a job is read or started (`tidyJobs`). */
export function tidyReportJobs(db: Db, tidying: JobTidying): Promise<void> {
  return tidyJobs(db, 'report_jobs', tidying);
}
