import type { Express } from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../server/store/db.ts';
import { openDatabase } from '../server/store/open.ts';
import type { Span } from '../shared/schemas/annotation.ts';
import { buildJudgement } from './factories.ts';
import { loggedIn, testApp } from './support/app.ts';
import { ARGUMENT_IDS, seedAnnotationStudy } from './support/study-fixture.ts';

/**
 * The autosave's short way (server/routes/items/autosave.ts): a save that passes every check is
 * written by one statement that makes the checks (one read and the writes in a transaction on
 * SQLite); every other request is handed to the ordinary chain and answered as before.
 */
let app: Express;
let db: Db;
let statements: string[];
let keys: { a1: string; a2: string; a3: string };

/** `db` with every statement's SQL noted in `statements` (a Proxy: the app sees the same `Db`). */
function noting(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !['all', 'first', 'run', 'insert'].includes(String(property)))
        return value;
      return (sql: string, ...rest: unknown[]) => {
        statements.push(sql);
        return (value as (sql: string, ...rest: unknown[]) => unknown).call(target, sql, ...rest);
      };
    },
  });
}

beforeEach(async () => {
  db = await openDatabase(':memory:');
  ({ itemKeys: keys } = await seedAnnotationStudy(db));
  ({ app } = await testApp({ db: noting(db) }));
  statements = [];
});

const path = (key: string) => `/api/studies/default/items/${key}/annotation`;
const save = (version: number) => ({
  version,
  action: 'save',
  judgement: buildJudgement({ comment: 'short way' }),
  secondsSpent: 5,
});
const reads = (table: string) => statements.filter((sql) => new RegExp(`FROM ${table}\\b`).test(sql)).length;

describe("the autosave's short way", () => {
  it('writes a good save in one statement (PostgreSQL) or one read and its writes (SQLite)', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    statements = [];
    const answer = await agent.put(path(keys.a1)).set('X-CSRF-Token', csrf).send(save(0)).expect(200);
    expect(answer.body).toMatchObject({ version: 1, status: 'draft', secondsSpent: 5 });
    // No ETag: an API answer is no-store, so no client sends one back (server/app.ts).
    expect(answer.headers.etag).toBeUndefined();
    const perSave = db.dialect === 'postgres' ? 1 : 4;
    expect(statements).toHaveLength(perSave);
    expect(reads('sessions')).toBe(1);
    statements = [];
    await agent.put(path(keys.a1)).set('X-CSRF-Token', csrf).send(save(1)).expect(200);
    expect(statements).toHaveLength(perSave);
    expect(reads('sessions')).toBe(1);
  });

  it('writes the history row and the audit entry the ordinary route writes, byte for byte', async () => {
    const alice = await loggedIn(app, 'alice');
    const bob = await loggedIn(app, 'bob');
    await alice.agent.put(path(keys.a1)).set('X-CSRF-Token', alice.csrf).send(save(0)).expect(200);
    await alice.agent
      .put(path(keys.a1))
      .set('X-CSRF-Token', alice.csrf)
      .send({ ...save(1), action: 'submit' })
      .expect(200);
    // Bob's save is taken by the ordinary route: its span ends where the statement's length check
    // (in characters) is short of the text's UTF-16 length (the last test), so the short way hands it on.
    const astral = `${'\u{1F600}'.repeat(10)} words.`;
    await db.run('UPDATE arguments SET text = ? WHERE external_id = ?', [astral, ARGUMENT_IDS.a3]);
    const span: Span = {
      start: 0,
      end: astral.length,
      case: 'current',
      factor: 'F4',
      style: 'code',
      polarity: 'asserted',
    };
    await bob.agent
      .put(path(keys.a3))
      .set('X-CSRF-Token', bob.csrf)
      .send({ ...save(0), judgement: buildJudgement({ spans: [span] }) })
      .expect(200);
    await bob.agent.put(path(keys.a3)).set('X-CSRF-Token', bob.csrf).send(save(0)).expect(409);
    const audit = await db.all<{
      actor: string;
      via: string;
      action: string;
      subject: string;
      details: string;
    }>(
      "SELECT actor, via, action, subject, details FROM audit_log WHERE action LIKE 'annotation.%' ORDER BY id",
    );
    expect(audit).toEqual([
      {
        actor: 'alice',
        via: 'app',
        action: 'annotation.save',
        subject: ARGUMENT_IDS.a1,
        details: '{"annotator":"alice","version":1,"status":"draft"}',
      },
      {
        actor: 'alice',
        via: 'app',
        action: 'annotation.submit',
        subject: ARGUMENT_IDS.a1,
        details: '{"annotator":"alice","version":2,"status":"submitted"}',
      },
      {
        actor: 'bob',
        via: 'app',
        action: 'annotation.save',
        subject: ARGUMENT_IDS.a3,
        details: '{"annotator":"bob","version":1,"status":"draft"}',
      },
    ]);
    const history = await db.all<{ username: string; action: string; version: number; judgement: string }>(
      `SELECT u.username, h.action, h.version, h.judgement FROM annotation_history h
       JOIN users u ON u.id = h.actor_id ORDER BY h.id`,
    );
    expect(history.map(({ username, action, version }) => [username, action, version])).toEqual([
      ['alice', 'save', 1],
      ['alice', 'submit', 2],
      ['bob', 'save', 1],
      ['bob', 'conflict', 0],
    ]);
    const stored = await db.first<{ judgement: string; submitted_at: string | null; status: string }>(
      'SELECT judgement, submitted_at, status FROM annotations WHERE version = 2',
    );
    expect(stored?.status).toBe('submitted');
    expect(stored?.submitted_at).not.toBeNull();
    expect(stored?.judgement).toBe(history[1]?.judgement);
    expect(JSON.parse(stored?.judgement ?? '{}')).toMatchObject({
      comment: 'short way',
      guideline_version: expect.stringMatching(/\S/),
    });
  });

  it('hands every failing check to the ordinary chain, which answers it as before', async () => {
    const alice = await loggedIn(app, 'alice');
    const carol = await loggedIn(app, 'carol');
    const put = (agent: typeof alice.agent, key: string, csrf: string) =>
      agent.put(path(key)).set('X-CSRF-Token', csrf).send(save(0));
    // No session, a wrong CSRF token, another annotator's key, a study that does not exist, a role
    // that may not annotate, a malformed key: each answered by the ordinary route, with its message.
    expect((await request(app).put(path(keys.a1)).send(save(0))).status).toBe(401);
    const noToken = await put(alice.agent, keys.a1, 'wrong');
    expect(noToken.status).toBe(403);
    expect(noToken.body.error.message).toMatch(/CSRF/);
    expect((await put(alice.agent, keys.a3, alice.csrf)).status).toBe(404);
    const noStudy = await alice.agent
      .put(`/api/studies/nosuch/items/${keys.a1}/annotation`)
      .set('X-CSRF-Token', alice.csrf)
      .send(save(0));
    expect(noStudy.status).toBe(404);
    expect(noStudy.body.error.message).toMatch(/nosuch/);
    expect((await put(carol.agent, keys.a1, carol.csrf)).status).toBe(403);
    expect((await put(alice.agent, 'not-a-key', alice.csrf)).status).toBe(400);
    // A span past the text's end, a span asserting a factor its case does not list: the route's 400s.
    const span: Span = {
      start: 0,
      end: 5,
      case: 'current',
      factor: 'F4',
      style: 'code',
      polarity: 'asserted',
    };
    const pastTheEnd = await alice.agent
      .put(path(keys.a1))
      .set('X-CSRF-Token', alice.csrf)
      .send({ ...save(0), judgement: buildJudgement({ spans: [{ ...span, end: 1_000_000 }] }) });
    expect(pastTheEnd.status).toBe(400);
    expect(pastTheEnd.body.error.message).toMatch(/after the end of the text/);
    const unlisted = await alice.agent
      .put(path(keys.a1))
      .set('X-CSRF-Token', alice.csrf)
      .send({ ...save(0), judgement: buildJudgement({ spans: [{ ...span, factor: 'F15' }] }) });
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.error.message).toMatch(/does not list F15/);
    // A body that is not JSON, and one over the limit: read once, the same answers as before.
    const notJson = await alice.agent
      .put(path(keys.a1))
      .set('X-CSRF-Token', alice.csrf)
      .set('Content-Type', 'application/json')
      .send('{"version": 0,');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.message).toBe('The request body is not valid JSON.');
    const tooLarge = await alice.agent
      .put(path(keys.a1))
      .set('X-CSRF-Token', alice.csrf)
      .send({ ...save(0), judgement: buildJudgement({ comment: 'x'.repeat(1_100_000) }) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.message).toMatch(/larger than the 1 MB/);
    // A disabled account and an expired session: the ordinary chain's 401.
    const again = await loggedIn(app, 'alice');
    await db.run("UPDATE users SET disabled = 1 WHERE username = 'alice'");
    expect((await put(again.agent, keys.a1, again.csrf)).status).toBe(401);
    await db.run("UPDATE users SET disabled = 0 WHERE username = 'alice'");
    await db.run("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE csrf_token = ?", [
      again.csrf,
    ]);
    expect((await put(again.agent, keys.a1, again.csrf)).status).toBe(401);
    // None of them wrote a thing: the first good save is still version 0 → 1.
    expect((await put(alice.agent, keys.a1, alice.csrf)).body).toMatchObject({ version: 1 });
  });

  it('reads and checks the body as the ordinary route does, and answers a stale save 409', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    const bad = await agent
      .put(path(keys.a1))
      .set('X-CSRF-Token', csrf)
      .send({ ...save(0), secondsSpent: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/secondsSpent/);
    await agent.put(path(keys.a1)).set('X-CSRF-Token', csrf).send(save(0)).expect(200);
    const stale = await agent.put(path(keys.a1)).set('X-CSRF-Token', csrf).send(save(0));
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/version 0, it is now 1/);
  });

  it('saves a span that ends inside a text of characters outside the BMP (counted in UTF-16 units)', async () => {
    // The statement's length check counts characters, fewer than JavaScript's units here: such a save
    // is handed on, and the ordinary route, which counts as the client does, takes it.
    const text = `${'\u{1F600}'.repeat(10)} and then words.`;
    await db.run('UPDATE arguments SET text = ? WHERE external_id = ?', [text, ARGUMENT_IDS.a1]);
    const { agent, csrf } = await loggedIn(app, 'alice');
    const span: Span = {
      start: 0,
      end: text.length,
      case: 'current',
      factor: 'F4',
      style: 'paraphrase',
      polarity: 'asserted',
    };
    const answer = await agent
      .put(path(keys.a1))
      .set('X-CSRF-Token', csrf)
      .send({ ...save(0), judgement: buildJudgement({ spans: [span] }) });
    expect(answer.status).toBe(200);
    expect(answer.body.judgement.spans).toEqual([span]);
  });
});
