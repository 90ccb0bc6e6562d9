import { describe, expect, it } from 'vitest';
import { openDatabase } from './open.ts';
import {
  cancelReportJob,
  countRunningReportJobs,
  findReportJob,
  finishReportJob,
  insertReportJob,
  reportJobGoesOn,
  reportJobResult,
  tidyReportJobs,
  writeReportJobProgress,
} from './report-jobs.ts';
import { insertStudy } from './studies.ts';
import { insertUser } from './users.ts';

async function withJob(id: string, createdAt: string) {
  const db = await openDatabase(':memory:');
  const study = await insertStudy(db, 'default');
  const userId = await insertUser(db, {
    username: 'u',
    displayName: 'U',
    passwordHash: null,
    roles: ['admin'],
  });
  await insertReportJob(db, {
    id,
    studyId: study.id,
    userId,
    format: 'json',
    status: 'running',
    progress: '{"phase":"waiting"}',
    cached: false,
    result: null,
    createdAt,
    finishedAt: null,
  });
  return { db, studyId: study.id, userId };
}

const TIDY = { error: '{"code":"server_gone","message":"gone"}', keep: 20 };

describe('016_report_jobs', () => {
  it('writes progress until the job is cancelled, and then refuses it and its outcome', async () => {
    const { db, studyId, userId } = await withJob('j1', '2026-01-01T00:00:00.000Z');
    expect(await countRunningReportJobs(db, studyId)).toEqual({ inAll: 1, ofStudy: 1 });
    expect(await findReportJob(db, 'j1', userId + 1)).toBeUndefined();
    expect(await writeReportJobProgress(db, 'j1', '{"phase":"computing"}', '2026-01-01T00:00:01.000Z')).toBe(
      true,
    );
    expect(await findReportJob(db, 'j1', userId)).toMatchObject({
      status: 'running',
      progress: '{"phase":"computing"}',
      updatedAt: '2026-01-01T00:00:01.000Z',
      cancelRequested: 0,
    });
    expect(await cancelReportJob(db, 'j1', userId, '2026-01-01T00:00:02.000Z')).toBe(true);
    expect(await reportJobGoesOn(db, 'j1')).toBe(false);
    expect(await writeReportJobProgress(db, 'j1', '{}', '2026-01-01T00:00:03.000Z')).toBe(false);
    const now = '2026-01-01T00:00:04.000Z';
    expect(
      await finishReportJob(db, 'j1', { status: 'done', progress: null, error: null, result: 'x', now }),
    ).toBe(false);
    expect(await findReportJob(db, 'j1', userId)).toMatchObject({ status: 'cancelled', cancelRequested: 1 });
    expect(await reportJobResult(db, 'j1')).toBeNull();
    expect(await countRunningReportJobs(db, studyId)).toEqual({ inAll: 0, ofStudy: 0 });
    await db.close();
  });

  it('keeps the text of a done job, and marks a job without a heartbeat failed', async () => {
    const { db, userId } = await withJob('j2', '2026-01-01T00:00:00.000Z');
    const now = '2026-01-01T00:00:05.000Z';
    expect(
      await finishReportJob(db, 'j2', {
        status: 'done',
        progress: '{}',
        error: null,
        result: '{"é":1}',
        now,
      }),
    ).toBe(true);
    expect(await reportJobResult(db, 'j2')).toBe('{"é":1}');

    const stale = await withJob('j3', '2026-01-01T00:00:00.000Z');
    await tidyReportJobs(stale.db, {
      ...TIDY,
      staleBefore: '2025-12-31T23:59:00.000Z',
      finishedBefore: '2025-12-31T00:00:00.000Z',
      now: '2026-01-01T00:00:30.000Z',
    });
    expect((await findReportJob(stale.db, 'j3', stale.userId))?.status).toBe('running');
    await tidyReportJobs(stale.db, {
      ...TIDY,
      staleBefore: '2026-01-01T00:00:01.000Z',
      finishedBefore: '2025-12-31T00:00:00.000Z',
      now: '2026-01-01T00:01:01.000Z',
    });
    expect(await findReportJob(stale.db, 'j3', stale.userId)).toMatchObject({
      status: 'failed',
      error: TIDY.error,
      finishedAt: '2026-01-01T00:01:01.000Z',
    });
    // Finished long enough ago: forgotten.
    await tidyReportJobs(stale.db, {
      ...TIDY,
      staleBefore: '2026-01-01T00:00:01.000Z',
      finishedBefore: '2026-01-01T00:11:02.000Z',
      now: '2026-01-01T00:11:02.000Z',
    });
    expect(await findReportJob(stale.db, 'j3', stale.userId)).toBeUndefined();
    expect(userId).toBeGreaterThan(0);
    await Promise.all([db.close(), stale.db.close()]);
  });
});
