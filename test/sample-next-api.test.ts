import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import { DEMO_USERS, loadDemo } from '../server/services/demo/demo.ts';
import { importRecords } from '../server/services/interchange/import/import-records.ts';
import { drawSample } from '../server/services/sampling/samples.ts';
import { requireStudy } from '../server/services/study/studies.ts';
import type { Db } from '../server/store/db.ts';
import { buildDemoStudy } from '../shared/demo/build-demo.ts';
import { loggedIn, testApp } from './support/app.ts';

const password = (username: string) => DEMO_USERS.find((user) => user.username === username)?.password ?? '';
const batchCount = async (db: Db) =>
  (await db.first<{ n: number }>('SELECT count(*) AS n FROM sample_batches'))?.n ?? 0;

describe('POST /api/studies/:study/samples/next and …/next/preview', () => {
  let app: Express;
  let db: Db;
  beforeAll(async () => {
    ({ app, db } = await testApp());
    await loadDemo(db);
  }, 120_000);

  it('refuses a batch before the first sample with a 400 saying how to draw it', async () => {
    const admin = await loggedIn(app, 'admin', password('admin'));
    const refused = await admin.agent
      .post('/api/studies/default/samples/next/preview')
      .set('X-CSRF-Token', admin.csrf)
      .send({ size: 10, seed: 1 })
      .expect(400);
    expect(refused.body.error.message).toContain('draw the first one with');
  });

  it('lets only admins preview or draw a batch', async () => {
    await drawSample(
      db,
      await requireStudy(db, 'default'),
      {
        size: 48,
        seed: 7,
        allocation: 'equal',
        strata: ['model', 'test'],
        excludeSampled: false,
      },
      CLI_ACTOR,
    );
    for (const username of ['alice', 'carol']) {
      const caller = await loggedIn(app, username, password(username));
      for (const path of ['/api/studies/default/samples/next', '/api/studies/default/samples/next/preview'])
        await caller.agent
          .post(path)
          .set('X-CSRF-Token', caller.csrf)
          .send({ size: 10, seed: 1 })
          .expect(403);
    }
    expect(await batchCount(db)).toBe(0);
  });

  it('previews the expected counts per stratum and the π range, then draws the same batch as recorded', async () => {
    const admin = await loggedIn(app, 'admin', password('admin'));
    const body = { size: 24, design: 'active', seed: 11, floor: 0.01 };
    const preview = (
      await admin.agent
        .post('/api/studies/default/samples/next/preview')
        .set('X-CSRF-Token', admin.csrf)
        .send(body)
        .expect(200)
    ).body;
    expect(preview).toMatchObject({ batch: 1, extendsVersion: 1, design: 'active', size: 24, eligible: 672 });
    expect(preview.strata).toHaveLength(24);
    const expected = preview.strata.reduce(
      (sum: number, stratum: { expected: number }) => sum + stratum.expected,
      0,
    );
    expect(expected).toBeCloseTo(24, 6);
    expect(preview.probability.min).toBeGreaterThanOrEqual(0.01);
    expect(preview.probability.max).toBeLessThanOrEqual(1);
    expect(await batchCount(db)).toBe(0);

    const drawn = await admin.agent
      .post('/api/studies/default/samples/next')
      .set('X-CSRF-Token', admin.csrf)
      .send(body)
      .expect(201);
    expect(drawn.body.sample).toMatchObject({
      version: 2,
      excludedPrevious: true,
      allocation: { design: 'active' },
    });
    expect(drawn.body.batch).toEqual(preview);
    expect(await batchCount(db)).toBe(1);
    const listed = (await admin.agent.get('/api/studies/default/samples').expect(200)).body;
    expect(listed.map((sample: { version: number }) => sample.version)).toEqual([1, 2]);
  });

  it('answers a caller’s mistake with a 400 that says what to do, and writes nothing', async () => {
    const admin = await loggedIn(app, 'admin', password('admin'));
    const post = (body: object) =>
      admin.agent.post('/api/studies/default/samples/next').set('X-CSRF-Token', admin.csrf).send(body);
    expect((await post({ size: 10, seed: 1, design: 'greedy' }).expect(400)).body.error.code).toBe(
      'validation_failed',
    );
    await post({ size: 0, seed: 1 }).expect(400);
    await post({ size: 100_001, seed: 1 }).expect(400);
    await post({ size: 10, seed: 1, floor: 0 }).expect(400);
    await post({ size: 10, seed: 1, extra: true }).expect(400);
    const tooMany = await post({ size: 5_000, seed: 1 }).expect(400);
    expect(tooMany.body.error.message).toContain('ask for at most');
    const unknown = await post({ size: 5, seed: 1, extractor: 'gpt-9' }).expect(404);
    expect(unknown.body.error.message).toContain('leave out --extractor');
    expect(await batchCount(db)).toBe(1);
  });

  it('refuses a study with no extractions to score its arguments by, naming the command that makes them', async () => {
    const demo = buildDemoStudy();
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'triples',
      study: 'bare',
      sourceName: 'triples',
      values: demo.triples,
    });
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'arguments',
      study: 'bare',
      sourceName: 'arguments',
      values: demo.arguments,
    });
    await drawSample(
      db,
      await requireStudy(db, 'bare'),
      {
        size: 24,
        seed: 7,
        allocation: 'equal',
        strata: ['model', 'test'],
        excludeSampled: false,
      },
      CLI_ACTOR,
    );
    const admin = await loggedIn(app, 'admin', password('admin'));
    const refused = await admin.agent
      .post('/api/studies/bare/samples/next')
      .set('X-CSRF-Token', admin.csrf)
      .send({ size: 10, seed: 1 })
      .expect(400);
    expect(refused.body.error.message).toContain('has no extractions to score the arguments by');
    expect(refused.body.error.message).toContain('extract --extractor rules');
  });
});
