import { describe, expect, it } from 'vitest';
import {
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
} from './coverage-jobs.ts';
import { openDatabase } from './open.ts';
import { insertStudy } from './studies.ts';
import { insertUser } from './users.ts';

async function withJob(id: string, now: string) {
  const db = await openDatabase(':memory:');
  const study = await insertStudy(db, 'default');
  const userId = await insertUser(db, {
    username: 'boss',
    displayName: 'B',
    passwordHash: null,
    roles: ['admin'],
  });
  await insertCoverageJob(db, {
    id,
    studyId: study.id,
    userId,
    progress: '{"phase":"loading"}',
    parameters: '{}',
    now,
  });
  return { db, studyId: study.id, userId };
}

const TIDY = { error: '{"code":"server_gone","message":"gone"}', keep: 20 };

describe('017_coverage_jobs', () => {
  it('writes progress until the job is cancelled, and then refuses its progress and its outcome', async () => {
    const { db, studyId } = await withJob('c1', '2026-01-01T00:00:00.000Z');
    expect(await runningCoverageJob(db)).toMatchObject({ id: 'c1', startedBy: 'boss', status: 'running' });
    expect(await findCoverageJob(db, studyId + 1, 'c1')).toBeUndefined();
    expect(
      await writeCoverageJobProgress(db, 'c1', '{"phase":"simulating"}', '2026-01-01T00:00:01.000Z'),
    ).toBe(true);
    expect(await findCoverageJob(db, studyId, 'c1')).toMatchObject({
      progress: '{"phase":"simulating"}',
      updatedAt: '2026-01-01T00:00:01.000Z',
      cancelRequested: 0,
    });
    expect(await cancelCoverageJob(db, studyId, 'c1', '2026-01-01T00:00:02.000Z')).toBe(true);
    expect(await coverageJobGoesOn(db, 'c1')).toBe(false);
    expect(await runningCoverageJob(db)).toBeUndefined();
    expect(await writeCoverageJobProgress(db, 'c1', '{}', '2026-01-01T00:00:03.000Z')).toBe(false);
    const outcome = {
      status: 'done' as const,
      progress: '{}',
      error: null,
      checkId: null,
      now: '2026-01-01T00:00:04.000Z',
    };
    expect(await finishCoverageJob(db, 'c1', outcome)).toBe(false);
    expect(await findCoverageJob(db, studyId, 'c1')).toMatchObject({
      status: 'cancelled',
      cancelRequested: 1,
      finishedAt: '2026-01-01T00:00:02.000Z',
    });
    await deleteCoverageJob(db, studyId, 'c1');
    expect(await latestCoverageJob(db, studyId)).toBeUndefined();
    await db.close();
  });

  it('marks a job without a heartbeat for the stale time failed, and forgets old and surplus finished jobs', async () => {
    const { db, studyId, userId } = await withJob('stale', '2026-01-01T00:00:00.000Z');
    await insertCoverageJob(db, {
      id: 'live',
      studyId,
      userId,
      progress: '{}',
      parameters: '{}',
      now: '2026-01-01T00:01:30.000Z',
    });
    await tidyCoverageJobs(db, {
      ...TIDY,
      staleBefore: '2026-01-01T00:01:00.000Z',
      finishedBefore: '2025-12-31T00:00:00.000Z',
      now: '2026-01-01T00:02:00.000Z',
    });
    expect(await findCoverageJob(db, studyId, 'stale')).toMatchObject({
      status: 'failed',
      error: TIDY.error,
    });
    expect(await coverageJobGoesOn(db, 'live')).toBe(true);
    expect((await latestCoverageJob(db, studyId))?.id).toBe('live');
    const done = { status: 'done' as const, progress: null, error: null, checkId: null };
    expect(await finishCoverageJob(db, 'live', { ...done, now: '2026-01-01T00:03:00.000Z' })).toBe(true);
    expect(await findCoverageJob(db, studyId, 'live')).toMatchObject({ status: 'done', progress: '{}' });
    // Beyond `keep` the oldest finished go; past `finishedBefore` every finished one goes.
    await tidyCoverageJobs(db, {
      ...TIDY,
      keep: 1,
      staleBefore: '2026-01-01T00:00:00.000Z',
      finishedBefore: '2026-01-01T00:00:00.000Z',
      now: '2026-01-01T00:04:00.000Z',
    });
    expect(await findCoverageJob(db, studyId, 'stale')).toBeUndefined();
    expect(await findCoverageJob(db, studyId, 'live')).toBeDefined();
    await tidyCoverageJobs(db, {
      ...TIDY,
      staleBefore: '2026-01-01T00:00:00.000Z',
      finishedBefore: '2026-01-01T00:05:00.000Z',
      now: '2026-01-01T00:05:00.000Z',
    });
    expect(await findCoverageJob(db, studyId, 'live')).toBeUndefined();
    await db.close();
  });
});
