import { beforeAll, describe, expect, it } from 'vitest';
import { requireStudy } from '../server/services/study/studies.ts';
import { upsertReportedValue } from '../server/store/reported-results.ts';
import { type ReportJobView, reportJobSchema } from '../shared/report-jobs-api.ts';
import { type DemoFileApp, demoFileApp } from './support/demo-file-app.ts';

/**
 * Reports on a database file: the worker loads the rows through its own read-only connection; the
 * answer is cached until the data change; the report screen's jobs show progress and can be cancelled.
 */

let db: DemoFileApp['db'];
let admin: DemoFileApp['admin'];
let adjudicator: DemoFileApp['adjudicator'];

beforeAll(async () => {
  ({ db, admin, adjudicator } = await demoFileApp('fa-report-jobs-'));
}, 60_000);

const REPORT = '/api/studies/default/report';

async function followJob(
  agent: typeof admin,
  job: ReportJobView,
): Promise<{ final: ReportJobView; phases: string[] }> {
  const phases = [job.progress.phase];
  let current = job;
  while (current.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 25));
    current = reportJobSchema.parse((await agent.agent.get(`${REPORT}/jobs/${current.id}`).expect(200)).body);
    if (phases.at(-1) !== current.progress.phase) phases.push(current.progress.phase);
  }
  return { final: current, phases };
}

describe('the report cache', () => {
  it('serves the same report again until the data change, then computes it anew', {
    timeout: 60_000,
  }, async () => {
    const first = await admin.agent.get(`${REPORT}?replicates=20&seed=3`).expect(200);
    expect(first.headers['x-report-cache']).toBe('miss');
    const second = await admin.agent.get(`${REPORT}?replicates=20&seed=3`).expect(200);
    expect(second.headers['x-report-cache']).toBe('hit');
    // The cached report is the report as computed, generated_at included.
    expect(second.text).toBe(first.text);
    // Another setting is another report; the format too.
    const other = await admin.agent.get(`${REPORT}?replicates=20&seed=4`).expect(200);
    expect(other.headers['x-report-cache']).toBe('miss');
    const md = await admin.agent.get(`${REPORT}?replicates=20&seed=3&format=md`).expect(200);
    expect(md.headers['x-report-cache']).toBe('miss');

    const study = await requireStudy(db, 'default');
    await upsertReportedValue(
      db,
      study.id,
      { source: 'a paper', model: 'm', test: 1, metric: 'acch', value: 0.5 },
      null,
    );
    const after = await admin.agent.get(`${REPORT}?replicates=20&seed=3`).expect(200);
    expect(after.headers['x-report-cache']).toBe('miss');
    expect(after.body.meta.generated_at).not.toBe(first.body.meta.generated_at);
    expect(
      (await admin.agent.get(`${REPORT}?replicates=20&seed=3`).expect(200)).headers['x-report-cache'],
    ).toBe('hit');
  });

  it('gives, loaded by the worker from the file, the figures loaded on the calling thread give', async () => {
    const { prepareReport, computeReport, formatReport } = await import('../server/services/report/index.ts');
    const served = (await admin.agent.get(`${REPORT}?replicates=30&seed=9`).expect(200)).body;
    const prepared = await prepareReport(db, await requireStudy(db, 'default'), { replicates: 30, seed: 9 });
    const inProcess = JSON.parse(formatReport(computeReport(prepared), 'json'));
    expect({ ...served, meta: { ...served.meta, generated_at: null } }).toEqual({
      ...inProcess,
      meta: { ...inProcess.meta, generated_at: null },
    });
  });
});

describe('report jobs', () => {
  it('reports progress stage by stage and ends with the report at its result', {
    timeout: 60_000,
  }, async () => {
    const started = await adjudicator.agent
      .post(`${REPORT}/jobs`)
      .set('X-CSRF-Token', adjudicator.csrf)
      .send({ replicates: 200, seed: 11 })
      .expect(202);
    const job = reportJobSchema.parse(started.body);
    expect(started.headers.location).toBe(`${REPORT}/jobs/${job.id}`);
    const { final, phases } = await followJob(adjudicator, job);
    expect(final.status).toBe('done');
    expect(final.cached).toBe(false);
    // Polled every 25 ms, the job was seen in at least one stage before it was done.
    expect(phases.length).toBeGreaterThan(1);
    const result = await adjudicator.agent.get(`${REPORT}/${final.result}`).expect(200);
    expect(result.body.meta.replicates).toBe(200);
    // The same settings again: done at once, from the cache.
    const again = reportJobSchema.parse(
      (
        await adjudicator.agent
          .post(`${REPORT}/jobs`)
          .set('X-CSRF-Token', adjudicator.csrf)
          .send({ replicates: 200, seed: 11 })
          .expect(202)
      ).body,
    );
    expect(again).toMatchObject({ status: 'done', cached: true });
    const cached = await adjudicator.agent.get(`${REPORT}/${again.result}`).expect(200);
    expect(cached.headers['x-report-cache']).toBe('hit');
    expect(cached.text).toBe(result.text);
    // Another user cannot see it.
    await admin.agent.get(`${REPORT}/jobs/${again.id}`).expect(404);
  });

  it('cancels a running job: its worker ends and the job is gone', { timeout: 60_000 }, async () => {
    const job = reportJobSchema.parse(
      (
        await admin.agent
          .post(`${REPORT}/jobs`)
          .set('X-CSRF-Token', admin.csrf)
          .send({ replicates: 10_000, seed: 12 })
          .expect(202)
      ).body,
    );
    expect(job.status).toBe('running');
    await admin.agent.get(`${REPORT}/jobs/${job.id}/result`).expect(409);
    await admin.agent.delete(`${REPORT}/jobs/${job.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
    await admin.agent.get(`${REPORT}/jobs/${job.id}`).expect(404);
    // The slot is free again: the next report is computed.
    const next = await admin.agent.get(`${REPORT}?replicates=0&seed=13`).expect(200);
    expect(next.headers['x-report-cache']).toBe('miss');
  });

  it('refuses a third running job of the same study with 429', { timeout: 60_000 }, async () => {
    const start = (seed: number) =>
      admin.agent.post(`${REPORT}/jobs`).set('X-CSRF-Token', admin.csrf).send({ replicates: 10_000, seed });
    const first = reportJobSchema.parse((await start(21).expect(202)).body);
    const second = reportJobSchema.parse((await start(22).expect(202)).body);
    const third = await start(23).expect(429);
    expect(third.body.error.code).toBe('rate_limited');
    for (const job of [first, second])
      await admin.agent.delete(`${REPORT}/jobs/${job.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
  });

  it('refuses an unknown extractor at once, before a job starts', async () => {
    const answer = await admin.agent
      .post(`${REPORT}/jobs`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ extractor: 'gpt-5' })
      .expect(400);
    expect(answer.body.error.message).toContain('has no extractor "gpt-5"');
  });
});
