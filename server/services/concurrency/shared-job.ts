/**
 * A job kept in the database and run by the one server that took it (report jobs, coverage checks;
 * issue 26). The running server writes the job's progress at most every PROGRESS_WRITE_MS and reads
 * its cancel flag in between; it writes a heartbeat every HEARTBEAT_MS even when the progress did not
 * move (a job waiting for its worker, or in one long stage). A running job without a write for
 * STALE_JOB_MS is marked failed by whichever server reads the jobs next: its server died.
 */
export const PROGRESS_WRITE_MS = 250;
export const HEARTBEAT_MS = 5_000;
export const STALE_JOB_MS = 60_000;

/** The running server's side of a job: its worker's stop, its last progress and the timer's state. */
export interface RunningJob<Progress> {
  id: string;
  stop: AbortController;
  progress: Progress;
  /** The progress moved since it was last written. */
  unwritten: boolean;
  writtenAt: number;
  timer: NodeJS.Timeout;
  /** A tick is under way (a slow database must not stack them). */
  ticking: boolean;
}

/** How a job's row is written and read: each answers whether the job is still running (not cancelled). */
export interface JobRow {
  writeProgress(id: string, progress: string, at: string): Promise<boolean>;
  goesOn(id: string): Promise<boolean>;
}

/**
 * One tick of a running job's timer: writes its progress when it moved (or a heartbeat is due), else
 * reads its cancel flag; calls `onGone` when the job is no longer running in the database (cancelled
 * from whichever server, or failed as stale). A failed write is logged and tried again at the next tick.
 */
export async function tickJob<Progress>(
  job: RunningJob<Progress>,
  row: JobRow,
  onGone: () => void,
  label: string,
): Promise<void> {
  if (job.ticking) return;
  job.ticking = true;
  try {
    const now = Date.now();
    let goesOn: boolean;
    if (job.unwritten || now - job.writtenAt >= HEARTBEAT_MS) {
      job.unwritten = false;
      job.writtenAt = now;
      goesOn = await row.writeProgress(job.id, JSON.stringify(job.progress), new Date(now).toISOString());
    } else goesOn = await row.goesOn(job.id);
    if (!goesOn) onGone();
  } catch (error) {
    // A busy database or a lost connection: the next tick tries again; the heartbeat has a minute.
    console.error(`${label}: could not write its progress`, error);
  } finally {
    job.ticking = false;
  }
}
