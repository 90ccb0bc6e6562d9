import type { Db } from './db.ts';

/** The tables of jobs run by one server and followed by all (report jobs, coverage checks). */
export type JobTable = 'report_jobs' | 'coverage_jobs';

/**
 * The running server's write: the job's progress and heartbeat. Answers false when the job is no
 * longer its to run — cancelled (the flag, from any server), marked failed, or forgotten.
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
