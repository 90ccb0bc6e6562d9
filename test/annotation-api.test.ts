import type { Express } from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { findAssignment } from '../server/store/assignments.ts';
import type { Db } from '../server/store/db.ts';
import { findUserByName } from '../server/store/users.ts';
import { goldFromDecisions } from '../shared/adjudication/gold-from-decisions.ts';
import { annotationHistorySchema, itemKeySchema } from '../shared/annotation-api.ts';
import { buildJudgement } from './factories.ts';
import { seedAdjudicationStudy, WORK_SECRETS } from './support/adjudication-fixture.ts';
import { loggedIn, testApp } from './support/app.ts';
import { ARGUMENT_IDS, SECRETS, seedAnnotationStudy } from './support/study-fixture.ts';

let app: Express;
let db: Db;
let rowIds: Record<string, number>;
let keys: { a1: string; a2: string; a3: string };

beforeEach(async () => {
  ({ app, db } = await testApp());
  ({ rowIds, itemKeys: keys } = await seedAnnotationStudy(db));
});

/** Neither the body nor a header of an annotator's answer may name the model, the triple or the argument. */
function expectNoSecrets(response: { body: unknown; headers: unknown }): void {
  const text = JSON.stringify(response.body) + JSON.stringify(response.headers);
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

const item = (key: string) => `/api/studies/default/items/${key}`;

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
  it('gives an annotator their queue, in order, by item key, with the next item to do', async () => {
    const { agent } = await loggedIn(app, 'alice');
    const response = await agent.get('/api/studies/default/queue').expect(200);
    const queue = response.body;
    expect(queue.items).toEqual([
      { position: 1, itemKey: keys.a1, calibration: false, status: 'todo', secondsSpent: 0, updatedAt: null },
      { position: 2, itemKey: keys.a2, calibration: false, status: 'todo', secondsSpent: 0, updatedAt: null },
    ]);
    for (const entry of queue.items) expect(itemKeySchema.safeParse(entry.itemKey).success).toBe(true);
    expect(queue.progress).toEqual({ total: 2, submitted: 0, drafts: 0, todo: 2, secondsSpent: 0 });
    expect(queue.next).toBe(keys.a1);
    expectNoSecrets(response);
  });

  it("shows an annotator an assigned item's text under its key, and nothing they must not see", async () => {
    const { agent } = await loggedIn(app, 'alice');
    const response = await agent.get(item(keys.a2)).expect(200);
    expect(Object.keys(response.body).sort()).toEqual(
      [
        'annotation',
        'calibration',
        'canReopen',
        'finishReason',
        'groundTruth',
        'guidelineVersion',
        'itemKey',
        'position',
        'queueLength',
        'text',
      ].sort(),
    );
    expect(response.body).toMatchObject({
      itemKey: keys.a2,
      groundTruth: null,
      annotation: null,
      position: 2,
      queueLength: 2,
    });
    expectNoSecrets(response);
  });

  it("shows the triple's factor lists only when the study turns show_ground_truth on", async () => {
    await db.run("UPDATE studies SET show_ground_truth = 1 WHERE name = 'default'");
    const { agent } = await loggedIn(app, 'alice');
    const shown = (await agent.get(item(keys.a1)).expect(200)).body;
    expect(shown.groundTruth).toEqual({
      current: ['F4', 'F6', 'F10'],
      tsc1: ['F4', 'F15'],
      tsc2: ['F10', 'F16'],
    });
  });

  it("answers another annotator's key and an unknown key alike: 404, naming nothing", async () => {
    const alice = await loggedIn(app, 'alice');
    const bob = await loggedIn(app, 'bob');
    const unknown = 'ffffffffffffffff';
    const answers = [
      await bob.agent.get(item(keys.a1)).expect(404),
      await bob.agent.get(`${item(keys.a2)}/annotation/history`).expect(404),
      await bob.agent
        .put(`${item(keys.a1)}/annotation`)
        .set('X-CSRF-Token', bob.csrf)
        .send(save(0))
        .expect(404),
      await bob.agent
        .post(`${item(keys.a1)}/annotation/reopen`)
        .set('X-CSRF-Token', bob.csrf)
        .send({ version: 1 })
        .expect(404),
      await alice.agent.get(item(keys.a3)).expect(404),
      await alice.agent.get(item(unknown)).expect(404),
      await alice.agent.get(`${item(unknown)}/annotation/history`).expect(404),
    ];
    const messages = new Set(answers.map((response) => response.body.error.message));
    expect(messages.size).toBe(1);
    expect([...messages][0]).toMatch(/not in your queue/);
    for (const response of answers) {
      expect(response.body.error.code).toBe('not_found');
      expect(JSON.stringify(response.body)).not.toMatch(
        new RegExp(`${keys.a1}|${keys.a2}|${keys.a3}|${unknown}`),
      );
      expectNoSecrets(response);
    }
    // Nothing was written for bob under alice's key.
    expect(await db.first('SELECT count(*) AS n FROM annotations')).toEqual({ n: 0 });
  });

  it('answers a malformed key, such as an argument id, with 400 that does not echo it', async () => {
    const { agent } = await loggedIn(app, 'alice');
    for (const key of [ARGUMENT_IDS.a1, 'ABCDEF0123456789', 'short', 'x'.repeat(33)]) {
      const response = await agent.get(item(encodeURIComponent(key))).expect(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.message).toMatch(/^itemKey: /);
      expect(JSON.stringify(response.body)).not.toContain(key);
      expectNoSecrets(response);
    }
  });

  it("moves a reassigned item under a new key: the old annotator's key stops working", async () => {
    const admin = await loggedIn(app, 'admin');
    const alice = await loggedIn(app, 'alice');
    const bob = await loggedIn(app, 'bob');
    await alice.agent.get(item(keys.a2)).expect(200);
    const moved = await admin.agent
      .post('/api/studies/default/assignments/reassign')
      .set('X-CSRF-Token', admin.csrf)
      .send({ from: 'alice', to: 'bob', items: [ARGUMENT_IDS.a2] })
      .expect(200);
    expect(moved.body.moved).toEqual([ARGUMENT_IDS.a2]);
    await alice.agent.get(item(keys.a2)).expect(404);
    await bob.agent.get(item(keys.a2)).expect(404);
    const bobQueue = (await bob.agent.get('/api/studies/default/queue').expect(200)).body;
    const newKey = bobQueue.items.at(-1).itemKey;
    expect(newKey).not.toBe(keys.a2);
    expect(newKey).toBe(
      (await findAssignment(db, rowIds.a2 ?? 0, (await findUserByName(db, 'bob'))?.id ?? 0))?.itemKey,
    );
    expect((await bob.agent.get(item(newKey)).expect(200)).body.itemKey).toBe(newKey);
    const aliceQueue = (await alice.agent.get('/api/studies/default/queue').expect(200)).body;
    expect(aliceQueue.items.map((entry: { itemKey: string }) => entry.itemKey)).toEqual([keys.a1]);
  });

  it('refuses an annotator the admin, extractor and ground-truth endpoints', async () => {
    const { agent } = await loggedIn(app, 'alice');
    for (const path of [
      `/api/studies/default/arguments/${ARGUMENT_IDS.a1}`,
      '/api/studies/default/progress',
      '/api/admin/users',
    ]) {
      const response = await agent.get(path).expect(403);
      expect(response.body.error.code).toBe('forbidden');
      expectNoSecrets(response);
    }
  });

  it('refuses an adjudicator the annotator and admin endpoints', async () => {
    const { agent } = await loggedIn(app, 'carol');
    for (const path of [
      '/api/studies/default/queue',
      item(keys.a1),
      `/api/studies/default/arguments/${ARGUMENT_IDS.a1}`,
      '/api/admin/users',
    ])
      await agent.get(path).expect(403);
  });

  it('lets an admin read the full record by argument id, and not annotate', async () => {
    const { agent } = await loggedIn(app, 'admin');
    const detail = (await agent.get(`/api/studies/default/arguments/${ARGUMENT_IDS.a2}`).expect(200)).body;
    expect(detail.argument.model).toBe(SECRETS.model);
    expect(detail.extractions[0].raw).toBe(SECRETS.extractorRaw);
    expect(detail.gold.judgement.comment).toBe(SECRETS.goldComment);
    await agent.get(item(keys.a1)).expect(403);
  });

  it('answers 401 to a visitor on every route', async () => {
    for (const path of [
      '/api/studies/default/queue',
      item(keys.a1),
      `/api/studies/default/arguments/${ARGUMENT_IDS.a1}`,
      '/api/studies/default/progress',
      '/api/admin/users',
      '/api/guidelines',
    ])
      expect((await request(app).get(path).expect(401)).body.error.code).toBe('unauthenticated');
  });
});

describe('blinding', () => {
  it('names no model, triple or argument in every answer an annotator gets while working', async () => {
    await db.run("UPDATE studies SET show_ground_truth = 1 WHERE name = 'default'");
    const { agent, csrf } = await loggedIn(app, 'alice');
    const a1 = `${item(keys.a1)}/annotation`;
    const a2 = `${item(keys.a2)}/annotation`;
    const answers = [
      await agent.get('/api/studies/default/queue').expect(200),
      await agent.get(item(keys.a1)).expect(200),
      await agent.put(a1).set('X-CSRF-Token', csrf).send(save(0)).expect(200),
      await agent.put(a1).set('X-CSRF-Token', csrf).send(save(0)).expect(409),
      await agent
        .put(a1)
        .set('X-CSRF-Token', csrf)
        .send(save(1, {}, 'submit'))
        .expect(200),
      await agent.post(`${a1}/reopen`).set('X-CSRF-Token', csrf).send({ version: 2 }).expect(200),
      await agent.get(`${a1}/history`).expect(200),
      await agent
        .put(a2)
        .set('X-CSRF-Token', csrf)
        .send(save(0, {}, 'submit'))
        .expect(200),
      await agent.post(`${a2}/reopen`).set('X-CSRF-Token', csrf).send({ version: 1 }).expect(409),
      await agent
        .put(a1)
        .set('X-CSRF-Token', csrf)
        .send({ ...save(3), judgement: { ...buildJudgement(), tsc1: ['F99'] } })
        .expect(400),
      await agent.get(item(keys.a3)).expect(404),
      await agent.get('/api/guidelines').expect(200),
      await agent.get('/api/studies/default/queue').expect(200),
    ];
    for (const response of answers) expectNoSecrets(response);
  });

  it('shows annotators no imported free text but the argument: its source stays for admins', async () => {
    const source = 'OpenAI gpt-4o batch, Test 2 (reordered)';
    await db.run('UPDATE arguments SET source = ?', [source]);
    const { agent, csrf } = await loggedIn(app, 'alice');
    const answers = [
      await agent.get('/api/studies/default/queue').expect(200),
      await agent.get(item(keys.a1)).expect(200),
      await agent
        .put(`${item(keys.a1)}/annotation`)
        .set('X-CSRF-Token', csrf)
        .send(save(0))
        .expect(200),
      await agent
        .put(`${item(keys.a1)}/annotation`)
        .set('X-CSRF-Token', csrf)
        .send(save(0))
        .expect(409),
      await agent.get(`${item(keys.a1)}/annotation/history`).expect(200),
    ];
    for (const response of answers) {
      const text = JSON.stringify(response.body);
      expect(text).not.toContain('gpt-4o');
      expect(text).not.toMatch(/Test 2|reordered/);
    }
    expect(answers[1]?.body).not.toHaveProperty('source');
    const admin = await loggedIn(app, 'admin');
    const detail = (await admin.agent.get(`/api/studies/default/arguments/${ARGUMENT_IDS.a1}`).expect(200))
      .body;
    expect(detail.argument.source).toBe(source);
  });

  it('blanks a reasoning trace out of the text when the study hides traces, keeping every offset', async () => {
    const trace = '<think>A reasoning model thinks: F4 and F6.</think>\n';
    const answer = 'Plaintiff: as in TSC1, F4 applies.';
    await db.run('UPDATE arguments SET text = ?', [trace + answer]);
    const { agent, csrf } = await loggedIn(app, 'alice');
    expect((await agent.get(item(keys.a1)).expect(200)).body.text).toBe(trace + answer);

    await db.run("UPDATE studies SET reasoning_trace = 'hidden' WHERE name = 'default'");
    const shown = (await agent.get(item(keys.a1)).expect(200)).body.text as string;
    expect(shown).toHaveLength(trace.length + answer.length);
    expect(shown).not.toMatch(/think|reasoning|F6/);
    expect(shown.slice(trace.length)).toBe(answer);
    // A span on the answer, at the raw text's offsets, saves as before.
    const start = trace.length + answer.indexOf('F4');
    const judgement = buildJudgement({
      current: ['F4'],
      tsc1: [],
      tsc2: [],
      spans: [{ start, end: start + 2, case: 'current', factor: 'F4', style: 'code', polarity: 'asserted' }],
    });
    await agent
      .put(`${item(keys.a1)}/annotation`)
      .set('X-CSRF-Token', csrf)
      .send({ ...save(0), judgement })
      .expect(200);
    const admin = await loggedIn(app, 'admin');
    const detail = (await admin.agent.get(`/api/studies/default/arguments/${ARGUMENT_IDS.a1}`).expect(200))
      .body;
    expect(detail.argument.text).toBe(trace + answer);
  });

  it('shows annotators no gold, no other annotator’s work and no extractor, before or after adjudication', async () => {
    const fresh = await testApp();
    const seeded = await seedAdjudicationStudy(fresh.db);
    const alice = await loggedIn(fresh.app, 'alice');
    const bob = await loggedIn(fresh.app, 'bob');
    /** Every answer either annotator gets while reading and working on their queue. */
    const annotatorAnswers = async () => {
      const answers: [string, request.Response][] = [];
      for (const [name, { agent, csrf }] of [
        ['alice', alice],
        ['bob', bob],
      ] as const) {
        const queue = await agent.get('/api/studies/default/queue').expect(200);
        answers.push([`${name} queue`, queue]);
        for (const entry of queue.body.items as { itemKey: string }[]) {
          const path = `/api/studies/default/items/${entry.itemKey}`;
          answers.push([`${name} ${path}`, await agent.get(path).expect(200)]);
          answers.push([`${name} ${path} history`, await agent.get(`${path}/annotation/history`)]);
          answers.push([
            `${name} ${path} reopen`,
            await agent.post(`${path}/annotation/reopen`).set('X-CSRF-Token', csrf).send({ version: 99 }),
          ]);
        }
      }
      return answers;
    };
    const scan = (answers: [string, request.Response][], phase: string) => {
      for (const [label, response] of answers) {
        const text = JSON.stringify(response.body) + JSON.stringify(response.headers);
        const own = label.startsWith('alice') ? WORK_SECRETS.aliceComment : WORK_SECRETS.bobComment;
        const forbidden = [...Object.values(SECRETS), ...Object.values(WORK_SECRETS)].filter(
          (secret) => secret !== own,
        );
        const leaked = forbidden.filter((secret) => text.includes(secret));
        expect(leaked, `${phase}: ${label} shows ${leaked.join(', ')}`).toEqual([]);
        // No field of the gold or the adjudication, and no extractor by name.
        expect(text, `${phase}: ${label}`).not.toMatch(/"gold"|"decisions"|"disagreements"|gpt-4\.1|"rules"/);
      }
    };
    await seeded.submitAll();
    scan(await annotatorAnswers(), 'before adjudication');

    const carol = await loggedIn(fresh.app, 'carol');
    const queue = (await carol.agent.get('/api/studies/default/adjudication').expect(200)).body;
    for (const entry of queue.items as { itemKey: string; disagreements: number }[]) {
      const path = `/api/studies/default/adjudication/items/${entry.itemKey}`;
      const item = (await carol.agent.get(path).expect(200)).body;
      const [a, b] = item.annotations;
      const decisions = item.disagreements.map((disagreement: { id: string }) => ({
        disagreementId: disagreement.id,
        choice: 'b',
        rationale: WORK_SECRETS.rationale,
      }));
      await carol.agent
        .put(`${path}/gold`)
        .set('X-CSRF-Token', carol.csrf)
        .send({
          version: 0,
          action: 'fix',
          judgement: {
            ...goldFromDecisions(a.judgement, b.judgement, decisions),
            comment: SECRETS.goldComment,
          },
          decisions,
        })
        .expect(200);
      await carol.agent.get(`${path}/reveal`).expect(200);
    }
    scan(await annotatorAnswers(), 'after adjudication');
  });

  it('names none of the demo study’s models, triples or arguments to its annotator', {
    timeout: 60_000,
  }, async () => {
    const { loadDemo, loadDemoAnnotations, DEMO_USERS } = await import('../server/services/demo/demo.ts');
    const fresh = await testApp();
    const { demo } = await loadDemo(fresh.db);
    await loadDemoAnnotations(fresh.db, demo);
    const secrets = [
      ...new Set([
        ...demo.arguments.flatMap((argument) => [argument.id, argument.model]),
        ...demo.triples.map((triple) => triple.id),
      ]),
    ];
    const password = DEMO_USERS.find((user) => user.username === 'alice')?.password ?? '';
    const { agent, csrf } = await loggedIn(fresh.app, 'alice', password);
    const queue = await agent.get('/api/studies/default/queue').expect(200);
    expect(queue.body.items.length).toBeGreaterThan(0);
    const answers: [string, request.Response][] = [['queue', queue]];
    for (const entry of queue.body.items as { itemKey: string }[]) {
      const path = `/api/studies/default/items/${entry.itemKey}`;
      answers.push([path, await agent.get(path).expect(200)]);
      answers.push([`${path}/annotation/history`, await agent.get(`${path}/annotation/history`).expect(200)]);
    }
    const first = `/api/studies/default/items/${queue.body.items[0].itemKey}/annotation`;
    answers.push([first, await agent.put(first).set('X-CSRF-Token', csrf).send(save(0)).expect(409)]);
    answers.push([
      `${first}/reopen`,
      await agent.post(`${first}/reopen`).set('X-CSRF-Token', csrf).send({ version: 99 }).expect(409),
    ]);
    for (const [label, response] of answers) {
      const text = JSON.stringify(response.body) + JSON.stringify(response.headers);
      const leaked = secrets.filter((secret) => text.includes(secret));
      expect(leaked, `${label} names ${leaked.join(', ')}`).toEqual([]);
    }
  });
});

describe('saving an annotation', () => {
  it('saves drafts with increasing versions, accumulates time, and submits; the queue shows time and changes', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const path = `${item(keys.a1)}/annotation`;
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
    await agent
      .put(`${item(keys.a2)}/annotation`)
      .set('X-CSRF-Token', csrf)
      .send({ ...save(0), secondsSpent: 15 })
      .expect(200);
    const queue = (await agent.get('/api/studies/default/queue').expect(200)).body;
    expect(queue.items).toEqual([
      expect.objectContaining({
        itemKey: keys.a1,
        status: 'submitted',
        secondsSpent: 60,
        updatedAt: submitted.updatedAt,
      }),
      expect.objectContaining({
        itemKey: keys.a2,
        status: 'draft',
        secondsSpent: 15,
        updatedAt: expect.any(String),
      }),
    ]);
    expect(queue.progress).toEqual({ total: 2, submitted: 1, drafts: 1, todo: 0, secondsSpent: 75 });
    expect(queue.next).toBe(keys.a2);
  });

  it('says no next item once all are submitted', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    for (const key of [keys.a1, keys.a2])
      await agent
        .put(`${item(key)}/annotation`)
        .set('X-CSRF-Token', csrf)
        .send(save(0, {}, 'submit'))
        .expect(200);
    expect((await agent.get('/api/studies/default/queue').expect(200)).body.next).toBeNull();
  });

  it('answers one of two concurrent saves of one version with 409 and the current state; the history holds both', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const path = `${item(keys.a1)}/annotation`;
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

  it('shows the author their history numbered within it, under their own name', async () => {
    const { agent, csrf } = await loggedIn(app, 'bob');
    const path = `${item(keys.a3)}/annotation`;
    await agent.put(path).set('X-CSRF-Token', csrf).send(save(0)).expect(200);
    await agent.put(path).set('X-CSRF-Token', csrf).send(save(1)).expect(200);
    const body = (await agent.get(`${path}/history`).expect(200)).body;
    const history = annotationHistorySchema.parse(body);
    expect(history.map((entry) => [entry.id, entry.actor, entry.action])).toEqual([
      [1, 'bob', 'save'],
      [2, 'bob', 'save'],
    ]);
    expect(Object.keys(body[0]).sort()).toEqual([
      'action',
      'actor',
      'at',
      'id',
      'judgement',
      'rejected',
      'version',
    ]);
  });

  it('answers the retry of an applied save (same clientSaveId) with the stored state and writes nothing', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const path = `${item(keys.a1)}/annotation`;
    const attempt = { ...save(0, { tsc2: [] }), clientSaveId: 'c0ffee00-0000-4000-8000-000000000001' };
    const applied = (await agent.put(path).set('X-CSRF-Token', csrf).send(attempt).expect(200)).body;
    expect(applied).toMatchObject({ version: 1, secondsSpent: 30 });
    // The answer was lost; the client sends the very same request again.
    const retried = (await agent.put(path).set('X-CSRF-Token', csrf).send(attempt).expect(200)).body;
    expect(retried).toEqual(applied);
    const history = (await agent.get(`${path}/history`).expect(200)).body;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['save']);
  });

  it('still answers 409 to a stale save with another clientSaveId, without one, or after a later write', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const path = `${item(keys.a1)}/annotation`;
    const first = { ...save(0), clientSaveId: 'first-save-0001' };
    await agent.put(path).set('X-CSRF-Token', csrf).send(first).expect(200);
    await agent
      .put(path)
      .set('X-CSRF-Token', csrf)
      .send({ ...save(0), clientSaveId: 'other-save-0002' })
      .expect(409);
    await agent.put(path).set('X-CSRF-Token', csrf).send(save(0)).expect(409);
    await agent
      .put(path)
      .set('X-CSRF-Token', csrf)
      .send({ ...save(1), clientSaveId: 'later-save-0003' })
      .expect(200);
    const late = await agent.put(path).set('X-CSRF-Token', csrf).send(first).expect(409);
    expect(late.body.error.details.current.version).toBe(2);
    const history = (await agent.get(`${path}/history`).expect(200)).body;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual([
      'save',
      'conflict',
      'conflict',
      'save',
      'conflict',
    ]);
  });

  it('refuses to change a submitted annotation until its author reopens it, and not after adjudication starts', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const a1 = `${item(keys.a1)}/annotation`;
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

    const a2 = `${item(keys.a2)}/annotation`;
    await agent
      .put(a2)
      .set('X-CSRF-Token', csrf)
      .send(save(0, {}, 'submit'))
      .expect(200);
    const shown = (await agent.get(item(keys.a2)).expect(200)).body;
    expect(shown.canReopen).toBe(false);
    const refused = await agent
      .post(`${a2}/reopen`)
      .set('X-CSRF-Token', csrf)
      .send({ version: 1 })
      .expect(409);
    expect(refused.body.error.message).toMatch(/Adjudication/);
  });

  it('answers a malformed annotation with 400 naming the field', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const path = `${item(keys.a1)}/annotation`;
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
    const badSaveId = await agent
      .put(path)
      .set('X-CSRF-Token', csrf)
      .send({ ...save(0), clientSaveId: 'no spaces allowed' })
      .expect(400);
    expect(badSaveId.body.error.message).toMatch(/^clientSaveId:/);
  });

  it('answers an oversized field or body with a 4xx naming it, never a 500', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const path = `${item(keys.a1)}/annotation`;
    const tooLong = await agent
      .put(path)
      .set('X-CSRF-Token', csrf)
      .send(save(0, { comment: 'x'.repeat(5_001) }))
      .expect(400);
    expect(tooLong.body.error.message).toMatch(/^judgement\.comment: /);
    const tooMany = await agent
      .put(path)
      .set('X-CSRF-Token', csrf)
      .send(
        save(0, {
          unlisted: Array.from({ length: 201 }, (_, n) => ({ case: 'current', text: `F${30 + n}` })),
        }),
      )
      .expect(400);
    expect(tooMany.body.error.message).toMatch(/^judgement\.unlisted: /);
    const huge = await agent
      .put(path)
      .set('X-CSRF-Token', csrf)
      .send(save(0, { comment: 'x'.repeat(3_000_000) }))
      .expect(413);
    expect(huge.body.error).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/larger than/),
    });
    await agent
      .put(path)
      .set('X-CSRF-Token', csrf)
      .send(save(0, { comment: 'x'.repeat(5_000) }))
      .expect(200);
  });

  it('allows a factor ticked without a span', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    await agent
      .put(`${item(keys.a1)}/annotation`)
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
    await db.run('DELETE FROM assignments'); // the fixture's hand-made assignments would make the sample "already assigned"
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
    const queue = (await annotator.agent.get('/api/studies/default/queue').expect(200)).body;
    expect(queue.items).toHaveLength(2);
    for (const entry of queue.items) {
      expect(entry.itemKey).toMatch(/^[0-9a-f]{16}$/);
      await annotator.agent.get(item(entry.itemKey)).expect(200);
    }
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
