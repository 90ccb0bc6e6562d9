import type { Db } from './db.ts';

/** The tables of jobs run by one server and followed by all (report jobs, coverage checks). */
export type JobTable = 'report_jobs' | 'coverage_jobs';

/**
 * The running server's write: the job's progress and heartbeat. Answers false when the job is no
 * longer its to run — cancelled (the flag, from whichever server), marked failed, or forgotten.
 */
export async function writeJobProgress(
  db: Db,
  table: JobTable,
  id: string,
  progress: string,
  now: string,
): Promise<boolean> {
  const { changes } = await db.run(
    `UPDATE ${table} SET progress = ?, updated_at = ?
     WHERE id = ? AND status = 'running' AND cancel_requested = 0`,
    [progress, now, id],
  );
  return changes > 0;
}

/** Whether the job is still to run: running, without its cancel flag. */
export async function jobGoesOn(db: Db, table: JobTable, id: string): Promise<boolean> {
  const row = await db.first<{ n: number }>(
    `SELECT count(*) AS n FROM ${table} WHERE id = ? AND status = 'running' AND cancel_requested = 0`,
    [id],
  );
  return (row?.n ?? 0) > 0;
}

/** What `tidyJobs` is told: the heartbeat cut-off, the error a dead server's job gets, what to keep. */
export interface JobTidying {
  staleBefore: string;
  error: string;
  finishedBefore: string;
  keep: number;
  now: string;
}

/**
 * Housekeeping before a job is read or started: running jobs without a heartbeat since
 * `staleBefore` are marked failed (`error` given: their server died); finished jobs older than
 * `finishedBefore`, and beyond the `keep` newest, are forgotten.
 */
export async function tidyJobs(db: Db, table: JobTable, tidying: JobTidying): Promise<void> {
  const { staleBefore, error, finishedBefore, keep, now } = tidying;
  await db.run(
    `UPDATE ${table} SET status = 'failed', error = ?, finished_at = ?, updated_at = ?
     WHERE status = 'running' AND updated_at < ?`,
    [error, now, now, staleBefore],
  );
  await db.run(`DELETE FROM ${table} WHERE finished_at IS NOT NULL AND finished_at < ?`, [finishedBefore]);
  await db.run(
    `DELETE FROM ${table} WHERE finished_at IS NOT NULL AND id NOT IN
       (SELECT id FROM ${table} WHERE finished_at IS NOT NULL ORDER BY finished_at DESC, id LIMIT ?)`,
    [keep],
  );
}
