import { beforeAll, describe, expect, it } from 'vitest';
import { requireStudy } from '../server/services/study/studies.ts';
import { insertStudy } from '../server/store/studies.ts';
import {
  type CoverageJobView,
  coverageAppendixSchema,
  coverageJobSchema,
  coverageStateSchema,
} from '../shared/coverage-check-api.ts';
import { type DemoFileApp, demoFileApp } from './support/demo-file-app.ts';

/**
 * Coverage checks from the report screen (issue 17) on a database file, as the server runs them: the
 * worker loads the study through its own read-only connection, simulates, and the server stores the
 * result; one check at a time; cancel ends it; the report's appendix states the latest check.
 */

let db: DemoFileApp['db'];
let admin: DemoFileApp['admin'];
let adjudicator: DemoFileApp['adjudicator'];

beforeAll(async () => {
  ({ db, admin, adjudicator } = await demoFileApp('fa-coverage-jobs-'));
  await insertStudy(db, 'other');
}, 60_000);

const COVERAGE = '/api/studies/default/coverage';
const checks = async () =>
  (await db.first<{ n: number }>('SELECT count(*) AS n FROM coverage_checks'))?.n ?? 0;

async function follow(job: CoverageJobView): Promise<{ final: CoverageJobView; seen: CoverageJobView[] }> {
  const seen = [job];
  let current = job;
  while (current.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 25));
    current = coverageJobSchema.parse(
      (await admin.agent.get(`${COVERAGE}/jobs/${current.id}`).expect(200)).body,
    );
    seen.push(current);
  }
  return { final: current, seen };
}

async function start(body: object, status = 202) {
  return admin.agent.post(`${COVERAGE}/jobs`).set('X-CSRF-Token', admin.csrf).send(body).expect(status);
}

/** The report's coverage appendix, as the JSON report carries it. */
async function appendix() {
  const response = await admin.agent.get('/api/studies/default/report?replicates=0').expect(200);
  return coverageAppendixSchema.parse(JSON.parse(response.text).coverage);
}

/** The Markdown report. */
async function markdown(): Promise<string> {
  return (await admin.agent.get('/api/studies/default/report?replicates=0&format=md').expect(200)).text;
}

describe('coverage checks from the report screen', () => {
  it('has no check at first: the report says how to get one', async () => {
    const state = coverageStateSchema.parse((await admin.agent.get(COVERAGE).expect(200)).body);
    expect(state).toEqual({ latest: null, job: null });
    expect(await appendix()).toEqual({ status: 'absent', check: null, stale_reason: null });
    const md = await markdown();
    expect(md).toContain('## Appendix: how often do the intervals cover?');
    expect(md).toContain('simulate coverage --study default;');
  });

  it('runs a check in a worker with progress to done, stores it, and shows it to admins and adjudicators and in the report', {
    timeout: 120_000,
  }, async () => {
    const response = await start({ replicates: 6, bootstrap: 10, seed: 3 });
    expect(response.headers.location).toMatch(/\/api\/studies\/default\/coverage\/jobs\/[\w-]+$/);
    const job = coverageJobSchema.parse(response.body);
    expect(job).toMatchObject({
      status: 'running',
      study: 'default',
      started_by: 'admin',
      parameters: { replicates: 6, bootstrap: 10, seed: 3 },
      check: null,
    });
    const { final, seen } = await follow(job);
    expect(final.status, JSON.stringify(final.error)).toBe('done');
    // The progress counts simulated studies up to R, never backwards.
    const done = seen.map((view) => view.progress.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(final.progress).toMatchObject({ done: 6, total: 6 });
    expect(final.check).toMatchObject({
      created_by: 'admin',
      source: 'screen',
      parameters: { replicates: 6, bootstrap: 10, seed: 3, populations: 6, level: 0.95 },
      result: { studies: 6 },
    });
    const check = final.check;
    if (!check) throw new Error('no check');
    expect(check.design.models).toBeGreaterThan(1);
    expect(check.design_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const corrected = check.result.rows.find((row) => row.family.startsWith('corrected AccH ('));
    expect(corrected?.intervals).toBeGreaterThan(0);
    expect(corrected?.coverage).toBeGreaterThanOrEqual(0);
    expect(corrected?.coverage).toBeLessThanOrEqual(1);
    expect(await checks()).toBe(1);

    const state = coverageStateSchema.parse((await admin.agent.get(COVERAGE).expect(200)).body);
    expect(state.latest).toEqual(check);
    expect(state.job?.id).toBe(job.id);
    // Adjudicators read the result, not the job; they may not start one.
    const theirs = coverageStateSchema.parse((await adjudicator.agent.get(COVERAGE).expect(200)).body);
    expect(theirs).toEqual({ latest: check, job: null });
    await adjudicator.agent
      .post(`${COVERAGE}/jobs`)
      .set('X-CSRF-Token', adjudicator.csrf)
      .send({ replicates: 1 })
      .expect(403);
    await adjudicator.agent.get(`${COVERAGE}/jobs/${job.id}`).expect(403);

    // The report's appendix states it, at the study's current design.
    expect(await appendix()).toEqual({ status: 'current', check, stale_reason: null });
    const md = await markdown();
    expect(md).toContain("It was run at the study's current design.");
    expect(md).toContain('R = 6 studies from 6 populations, B = 10 bootstrap replicates each, seed 3');
    expect(md).toMatch(
      /\| corrected AccH \(rules\) \| [\w-]+ \| \d+ \| [\d.]+% \[[\d.]+, [\d.]+\] \| (yes|no|within Monte-Carlo error) \|/,
    );
  });

  it('refuses a second check while one runs (409 for the study, 429 for another), and cancels one without storing it', {
    timeout: 60_000,
  }, async () => {
    const before = await checks();
    const job = coverageJobSchema.parse((await start({ replicates: 2000, bootstrap: 200 })).body);
    const again = await start({ replicates: 1 }, 409);
    expect(again.body.error.details).toEqual({ jobId: job.id });
    expect(again.body.error.message).toContain('wait for it or cancel it');
    const other = await admin.agent
      .post('/api/studies/other/coverage/jobs')
      .set('X-CSRF-Token', admin.csrf)
      .send({})
      .expect(429);
    expect(other.headers['retry-after']).toBe('60');
    // Wait until it simulates, so the cancel ends a working thread.
    let current = job;
    while (current.progress.phase === 'loading' && current.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 25));
      current = coverageJobSchema.parse(
        (await admin.agent.get(`${COVERAGE}/jobs/${job.id}`).expect(200)).body,
      );
    }
    await admin.agent.delete(`${COVERAGE}/jobs/${job.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
    const cancelled = coverageJobSchema.parse(
      (await admin.agent.get(`${COVERAGE}/jobs/${job.id}`).expect(200)).body,
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', check: null });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await checks()).toBe(before);
    // Nothing runs anymore: a study without gold is now told what to do.
    const noGold = await admin.agent
      .post('/api/studies/other/coverage/jobs')
      .set('X-CSRF-Token', admin.csrf)
      .send({})
      .expect(409);
    expect(noGold.body.error.message).toContain('adjudicate some gold first');
  });

  it('refuses too much work and unknown fields with the field at fault', async () => {
    const big = await start({ replicates: 2000, bootstrap: 1000 }, 400);
    expect(JSON.stringify(big.body)).toContain('use the CLI');
    await start({ replicates: 0 }, 400);
    await start({ replicates: 10, workers: 8 }, 400);
    await admin.agent.get(`${COVERAGE}/jobs/no-such-job`).expect(404);
  });

  it('calls the stored check stale once the study’s gold changes', { timeout: 60_000 }, async () => {
    const study = await requireStudy(db, 'default');
    // Reopening one gold argument takes it out of the gold: the design the check simulated is gone.
    await db.run(
      `UPDATE adjudications SET status = 'draft' WHERE id = (SELECT j.id FROM adjudications j JOIN arguments a ON a.id = j.argument_id WHERE a.study_id = ? AND j.status <> 'draft' LIMIT 1)`,
      [study.id],
    );
    const stale = await appendix();
    expect(stale.status).toBe('stale');
    expect(stale.stale_reason).toContain('design changed');
    expect(await markdown()).toContain('Stale:');
  });
});
