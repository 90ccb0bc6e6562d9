import type { Express } from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../server/store/db.ts';
import { openDatabase } from '../server/store/open.ts';
import { buildJudgement } from './factories.ts';
import { loggedIn, testApp } from './support/app.ts';
import { seedAnnotationStudy } from './support/study-fixture.ts';

/**
 * The autosave's short way (server/routes/items/autosave.ts): a save that passes every check reads
 * the session, study and assignment in one statement; every other request is handed to the ordinary
 * chain unread and answered as before.
 */
let app: Express;
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
  const db = await openDatabase(':memory:');
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
  it('checks a good save with one read of session, study and assignment', async () => {
    const { agent, csrf } = await loggedIn(app, 'alice');
    statements = [];
    const answer = await agent.put(path(keys.a1)).set('X-CSRF-Token', csrf).send(save(0)).expect(200);
    expect(answer.body).toMatchObject({ version: 1, status: 'draft', secondsSpent: 5 });
    expect(reads('sessions')).toBe(1);
    expect(reads('studies')).toBe(0);
    expect(statements.filter((sql) => sql.includes('FROM assignments')).length).toBe(0);
    statements = [];
    await agent.put(path(keys.a1)).set('X-CSRF-Token', csrf).send(save(1)).expect(200);
    expect(reads('sessions')).toBe(1);
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
});
