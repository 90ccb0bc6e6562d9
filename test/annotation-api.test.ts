import type { Express } from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../server/store/db.ts';
import { buildJudgement } from './factories.ts';
import { loggedIn, testApp } from './support/app.ts';
import { SECRETS, seedAnnotationStudy } from './support/study-fixture.ts';

let app: Express;
let db: Db;

beforeEach(async () => {
  ({ app, db } = testApp());
  await seedAnnotationStudy(db);
});

function expectNoSecrets(body: unknown): void {
  const text = JSON.stringify(body);
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

const save = (
  version: number,
  overrides: Parameters<typeof buildJudgement>[0] = {},
  action: 'save' | 'submit' = 'save',
) => ({
  version,
  action,
  judgement: buildJudgement(overrides),
  secondsSpent: 30,
});

describe('what each role can read', () => {
  it('gives an annotator their queue, in order, with the next item to do', async () => {
    const { agent } = await loggedIn(app, 'alice');
    const queue = (await agent.get('/api/studies/default/queue').expect(200)).body;
    expect(queue.items.map((item: { argumentId: string }) => item.argumentId)).toEqual(['a1', 'a2']);
    expect(queue.progress).toEqual({ total: 2, submitted: 0, drafts: 0, todo: 2 });
    expect(queue.next).toBe('a1');
    expectNoSecrets(queue);
  });

  it("shows an annotator an assigned item's text and identifiers, and nothing they must not see", async () => {
    const { agent } = await loggedIn(app, 'alice');
    const item = (await agent.get('/api/studies/default/items/a2').expect(200)).body;
    expect(Object.keys(item).sort()).toEqual(
      [
        'annotation',
        'argumentId',
        'calibration',
        'canReopen',
        'finishReason',
        'groundTruth',
        'guidelineVersion',
        'source',
        'position',
        'queueLength',
        'text',
        'tripleId',
      ].sort(),
    );
    expect(item).toMatchObject({
      argumentId: 'a2',
      tripleId: 't1',
      groundTruth: null,
      annotation: null,
      position: 2,
      queueLength: 2,
    });
    expectNoSecrets(item);
  });

  it("shows the triple's factor lists only when the study turns show_ground_truth on", async () => {
    db.run("UPDATE studies SET show_ground_truth = 1 WHERE name = 'default'");
    const { agent } = await loggedIn(app, 'alice');
    const item = (await agent.get('/api/studies/default/items/a1').expect(200)).body;
    expect(item.groundTruth).toEqual({
      current: ['F4', 'F6', 'F10'],
      tsc1: ['F4', 'F15'],
      tsc2: ['F10', 'F16'],
    });
  });

  it("answers 404 for another annotator's item, an unknown id, and leaks nothing", async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    for (const path of [
      '/api/studies/default/items/a3',
      '/api/studies/default/items/zzz',
      '/api/studies/default/items/a3/annotation/history',
    ]) {
      const response = await agent.get(path).expect(404);
      expect(response.body.error.code).toBe('not_found');
      expectNoSecrets(response.body);
    }
    const write = await agent
      .put('/api/studies/default/items/a3/annotation')
      .set('X-CSRF-Token', csrf)
      .send(save(0))
      .expect(404);
    expectNoSecrets(write.body);
  });

  it('refuses an annotator the admin, extractor and ground-truth endpoints', async () => {
    const { agent } = await loggedIn(app, 'alice');
    for (const path of [
      '/api/studies/default/arguments/a1',
      '/api/studies/default/progress',
      '/api/admin/users',
    ]) {
      const response = await agent.get(path).expect(403);
      expect(response.body.error.code).toBe('forbidden');
      expectNoSecrets(response.body);
    }
  });

  it('refuses an adjudicator the annotator and admin endpoints', async () => {
    const { agent } = await loggedIn(app, 'carol');
    for (const path of [
      '/api/studies/default/queue',
      '/api/studies/default/items/a1',
      '/api/studies/default/arguments/a1',
      '/api/admin/users',
    ])
      await agent.get(path).expect(403);
  });

  it('lets an admin read the full record, and not annotate', async () => {
    const { agent } = await loggedIn(app, 'admin');
    const detail = (await agent.get('/api/studies/default/arguments/a2').expect(200)).body;
    expect(detail.extractions[0].raw).toBe(SECRETS.extractorRaw);
    expect(detail.gold.judgement.comment).toBe(SECRETS.goldComment);
    await agent.get('/api/studies/default/items/a1').expect(403);
  });

  it('answers 401 to a visitor on every route', async () => {
    for (const path of [
      '/api/studies/default/queue',
      '/api/studies/default/items/a1',
      '/api/studies/default/arguments/a1',
      '/api/studies/default/progress',
      '/api/admin/users',
    ])
      expect((await request(app).get(path).expect(401)).body.error.code).toBe('unauthenticated');
  });
});

describe('saving an annotation', () => {
  it('saves drafts with increasing versions, accumulates time, and submits', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const path = '/api/studies/default/items/a1/annotation';
    const first = (await agent.put(path).set('X-CSRF-Token', csrf).send(save(0)).expect(200)).body;
    expect(first).toMatchObject({ status: 'draft', version: 1, secondsSpent: 30 });
    expect(first.judgement.guideline_version).toBeTruthy();
    const submitted = (
      await agent
        .put(path)
        .set('X-CSRF-Token', csrf)
        .send(save(1, {}, 'submit'))
        .expect(200)
    ).body;
    expect(submitted).toMatchObject({ status: 'submitted', version: 2, secondsSpent: 60 });
    const queue = (await agent.get('/api/studies/default/queue').expect(200)).body;
    expect(queue.progress).toMatchObject({ submitted: 1, todo: 1 });
    expect(queue.next).toBe('a2');
  });

  it('answers one of two concurrent saves of one version with 409 and the current state; the history holds both', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const path = '/api/studies/default/items/a1/annotation';
    await agent.put(path).set('X-CSRF-Token', csrf).send(save(0)).expect(200);
    const [one, two] = await Promise.all([
      agent
        .put(path)
        .set('X-CSRF-Token', csrf)
        .send(save(1, { tsc2: [] })),
      agent
        .put(path)
        .set('X-CSRF-Token', csrf)
        .send(save(1, { tsc1: [] })),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const rejected = one.status === 409 ? one : two;
    expect(rejected.body.error.code).toBe('conflict');
    expect(rejected.body.error.details.current.version).toBe(2);
    const history = (await agent.get(`${path}/history`).expect(200)).body;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['save', 'save', 'conflict']);
    expect(history[2].version).toBe(1);
  });

  it('refuses to change a submitted annotation until its author reopens it, and not after adjudication starts', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const a1 = '/api/studies/default/items/a1/annotation';
    await agent
      .put(a1)
      .set('X-CSRF-Token', csrf)
      .send(save(0, {}, 'submit'))
      .expect(200);
    expect(
      (await agent.put(a1).set('X-CSRF-Token', csrf).send(save(1)).expect(409)).body.error.message,
    ).toMatch(/reopen/);
    const reopened = (
      await agent.post(`${a1}/reopen`).set('X-CSRF-Token', csrf).send({ version: 1 }).expect(200)
    ).body;
    expect(reopened).toMatchObject({ status: 'draft', version: 2 });
    await agent.put(a1).set('X-CSRF-Token', csrf).send(save(2)).expect(200);

    const a2 = '/api/studies/default/items/a2/annotation';
    await agent
      .put(a2)
      .set('X-CSRF-Token', csrf)
      .send(save(0, {}, 'submit'))
      .expect(200);
    const item = (await agent.get('/api/studies/default/items/a2').expect(200)).body;
    expect(item.canReopen).toBe(false);
    const refused = await agent
      .post(`${a2}/reopen`)
      .set('X-CSRF-Token', csrf)
      .send({ version: 1 })
      .expect(409);
    expect(refused.body.error.message).toMatch(/Adjudication/);
  });

  it('answers a malformed annotation with 400 naming the field', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const path = '/api/studies/default/items/a1/annotation';
    const outside = {
      start: 0,
      end: 9999,
      case: 'current',
      factor: 'F4',
      style: 'code',
      polarity: 'asserted',
    } as const;
    const spanResponse = await agent
      .put(path)
      .set('X-CSRF-Token', csrf)
      .send(save(0, { spans: [outside] }))
      .expect(400);
    expect(spanResponse.body.error.message).toMatch(/^judgement\.spans\[0\]: ends at 9999/);
    const wrongCase = { ...outside, end: 2, case: 'tsc2' } as const;
    const caseResponse = await agent
      .put(path)
      .set('X-CSRF-Token', csrf)
      .send(save(0, { spans: [wrongCase] }))
      .expect(400);
    expect(caseResponse.body.error.message).toMatch(/tsc2 does not list F4/);
    const badFactor = { ...save(0), judgement: { ...buildJudgement(), tsc1: ['F99'] } };
    const factorResponse = await agent.put(path).set('X-CSRF-Token', csrf).send(badFactor).expect(400);
    expect(factorResponse.body.error.message).toBe(
      'judgement.tsc1[0]: "F99" is not one of the 26 CATO factors',
    );
    const noVersion = await agent
      .put(path)
      .set('X-CSRF-Token', csrf)
      .send({ action: 'save', judgement: buildJudgement() })
      .expect(400);
    expect(noVersion.body.error.message).toMatch(/^version:/);
  });

  it('allows a factor ticked without a span', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    await agent
      .put('/api/studies/default/items/a1/annotation')
      .set('X-CSRF-Token', csrf)
      .send(save(0, { spans: [] }))
      .expect(200);
  });
});

describe('admin users API', () => {
  it('creates an account with a generated password, changes roles, disables it', async () => {
    const { agent, csrf } = await loggedIn(app, 'admin');
    const created = (
      await agent
        .post('/api/admin/users')
        .set('X-CSRF-Token', csrf)
        .send({ username: 'dave', roles: ['annotator'] })
        .expect(201)
    ).body;
    expect(created.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(created.user).toEqual({
      username: 'dave',
      displayName: 'dave',
      roles: ['annotator'],
      disabled: false,
      canLogIn: true,
    });
    await loggedIn(app, 'dave', created.password);
    const patched = (
      await agent
        .patch('/api/admin/users/dave')
        .set('X-CSRF-Token', csrf)
        .send({ roles: ['adjudicator'], disabled: true })
        .expect(200)
    ).body;
    expect(patched).toMatchObject({ roles: ['adjudicator'], disabled: true, canLogIn: false });
    const listed = (await agent.get('/api/admin/users').expect(200)).body;
    expect(JSON.stringify(listed)).not.toContain('argon2');
    await agent
      .post('/api/admin/users')
      .set('X-CSRF-Token', csrf)
      .send({ username: 'dave', roles: ['annotator'] })
      .expect(409);
  });
});

describe('admin sampling API', () => {
  it('draws a sample, assigns it, shows progress; annotators may not', async () => {
    db.run('DELETE FROM assignments'); // the fixture's hand-made assignments would make the sample "already assigned"
    const { agent, csrf } = await loggedIn(app, 'admin');
    const drawn = (
      await agent
        .post('/api/studies/default/samples')
        .set('X-CSRF-Token', csrf)
        .send({ size: 2, seed: 1 })
        .expect(201)
    ).body;
    expect(drawn.sample).toMatchObject({ version: 1, drawn: 2, strataBy: ['model', 'test'] });
    const assigned = (
      await agent
        .post('/api/studies/default/assignments')
        .set('X-CSRF-Token', csrf)
        .send({ annotators: ['alice', 'bob'], seed: 2 })
        .expect(201)
    ).body;
    expect(assigned).toMatchObject({ sampleVersion: 1, items: 2 });
    const progress = (await agent.get('/api/studies/default/progress').expect(200)).body;
    expect(progress.sampleVersion).toBe(1);
    expect(progress.annotators.map((row: { annotator: string }) => row.annotator)).toEqual(['alice', 'bob']);
    const bad = await agent
      .post('/api/studies/default/samples')
      .set('X-CSRF-Token', csrf)
      .send({ size: 0, seed: 1 })
      .expect(400);
    expect(bad.body.error.message).toMatch(/^size:/);

    const annotator = await loggedIn(app, 'alice');
    await annotator.agent
      .post('/api/studies/default/samples')
      .set('X-CSRF-Token', annotator.csrf)
      .send({ size: 2, seed: 1 })
      .expect(403);
    await annotator.agent.get('/api/studies/default/assignments').expect(403);
  });
});

describe('report API', () => {
  it('gives admins the report as JSON, Markdown or HTML; annotators may not see it', async () => {
    const { agent } = await loggedIn(app, 'admin');
    const json = (await agent.get('/api/studies/default/report?replicates=0').expect(200)).body;
    expect(json.meta).toMatchObject({ study: 'default', replicates: 0 });
    expect(json.meta.counts.gold).toBe(1);
    const md = await agent.get('/api/studies/default/report?format=md&replicates=0').expect(200);
    expect(md.headers['content-type']).toMatch(/text\/markdown/);
    expect(md.text).toContain('# factor-audit report');
    const html = await agent.get('/api/studies/default/report?format=html&replicates=0').expect(200);
    expect(html.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const bad = await agent.get('/api/studies/default/report?format=pdf').expect(400);
    expect(bad.body.error.message).toMatch(/^format:/);
    const annotator = await loggedIn(app, 'alice');
    await annotator.agent.get('/api/studies/default/report').expect(403);
  });
});
