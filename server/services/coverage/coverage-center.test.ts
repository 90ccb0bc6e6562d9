import { describe, expect, it } from 'vitest';
import { coverageCheckRequestSchema } from '../../../shared/coverage-check-api.ts';
import { isAppError } from '../../errors.ts';
import { insertCoverageJob } from '../../store/coverage-jobs.ts';
import { openDatabase } from '../../store/open.ts';
import { findUserByName } from '../../store/users.ts';
import { assignDemoSample, loadDemo, loadDemoAnnotations } from '../demo/demo.ts';
import { requireStudy } from '../study/studies.ts';
import { CoverageCenter } from './coverage-center.ts';

/**
 * Two coverage centers on one database stand for two app servers (issue 26): one check at a time
 * over both, each answering and cancelling the other's job, and a job whose server stopped writing
 * marked failed. On both engines (the `postgres` project opens the study on PostgreSQL).
 */
async function demoStudy() {
  const db = await openDatabase(':memory:');
  const { demo } = await loadDemo(db);
  await assignDemoSample(db);
  await loadDemoAnnotations(db, demo);
  const admin = await findUserByName(db, 'admin');
  if (!admin) throw new Error('the demo has no admin');
  return { db, admin, study: await requireStudy(db, 'default') };
}

const LONG = coverageCheckRequestSchema.parse({ replicates: 2000, bootstrap: 200 });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('coverage jobs over two centers on one database', () => {
  it('starts one of two simultaneous checks, shows and cancels it from the other, and stores nothing', {
    timeout: 120_000,
  }, async () => {
    const { db, admin, study } = await demoStudy();
    const [a, b] = [new CoverageCenter(db), new CoverageCenter(db)];
    const outcomes = await Promise.allSettled([a.start(study, admin, LONG), b.start(study, admin, LONG)]);
    const started = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const [job] = started;
    const [refusal] = refused;
    if (!job || !isAppError(refusal)) throw new Error(`expected one job and one refusal: ${String(refusal)}`);
    expect([refusal.status, refusal.details]).toEqual([409, { jobId: job.id }]);
    const runner = outcomes[0]?.status === 'fulfilled' ? a : b;
    const other = runner === a ? b : a;

    let seen = await other.job(study, job.id);
    for (let polls = 0; seen.progress.phase !== 'simulating' && polls < 2_000; polls += 1) {
      await pause(25);
      seen = await other.job(study, job.id);
    }
    expect(seen).toMatchObject({ status: 'running', progress: { phase: 'simulating' } });
    expect((await other.state(study, admin)).job?.id).toBe(job.id);

    await other.cancel(study, job.id);
    expect(await runner.job(study, job.id)).toMatchObject({ status: 'cancelled', check: null });
    await pause(600);
    expect(await runner.job(study, job.id)).toMatchObject({ status: 'cancelled', check: null });
    expect((await runner.state(study, admin)).latest).toBeNull();
    // A second cancel forgets it, on either.
    await runner.cancel(study, job.id);
    await expect(other.job(study, job.id)).rejects.toMatchObject({ status: 404 });
    await db.close();
  });

  it('marks a job failed once its server has not written for a minute, and lets the next check start', {
    timeout: 120_000,
  }, async () => {
    const { db, admin, study } = await demoStudy();
    await insertCoverageJob(db, {
      id: 'gone',
      studyId: study.id,
      userId: admin.id,
      progress: JSON.stringify({
        phase: 'simulating',
        done: 3,
        total: 10,
        detail: 'simulating study 3 of 10',
      }),
      parameters: JSON.stringify({ replicates: 10, bootstrap: 10, seed: 1 }),
      now: new Date(Date.now() - 61_000).toISOString(),
    });
    const center = new CoverageCenter(db);
    expect(await center.job(study, 'gone')).toMatchObject({
      status: 'failed',
      error: { code: 'server_gone' },
    });
    const next = await center.start(
      study,
      admin,
      coverageCheckRequestSchema.parse({ replicates: 1, bootstrap: 0 }),
    );
    expect(next.status).toBe('running');
    await center.cancel(study, next.id);
    await db.close();
  });
});
