import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../server/logger.ts';
import { buildJudgement } from './factories.ts';
import { loggedIn, testApp } from './support/app.ts';
import { SECRETS, seedAnnotationStudy } from './support/study-fixture.ts';

/** An app whose pino output is kept, one parsed JSON object per line. */
async function appWithCapturedLog() {
  const lines: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => lines.push(line) });
  return { ...(await testApp({ logger })), lines, entries: () => lines.map((line) => JSON.parse(line)) };
}

const PASSWORDS = {
  created: 'NEW-ACCOUNT-PASSWORD-1',
  changed: 'CHANGED-PASSWORD-2',
  wrong: 'WRONG-PASSWORD-3',
};
const JUDGEMENT_SECRET = 'JUDGEMENT-BODY-SECRET';

describe('the request log', () => {
  it('logs method, path without the query, status, duration and user, and never a secret', async () => {
    const { app, db, lines, entries } = await appWithCapturedLog();
    const { itemKeys } = await seedAnnotationStudy(db);
    const admin = await loggedIn(app, 'admin');
    const alice = await loggedIn(app, 'alice');

    await request(app)
      .post('/api/auth/login')
      .send({ username: 'alice', password: PASSWORDS.wrong })
      .expect(401);
    await alice.agent.get('/api/studies/default/queue?token=QUERY-SECRET').expect(200);
    await alice.agent.get('/api/studies/default/queue').expect(200);
    await alice.agent.get(`/api/studies/default/items/${itemKeys.a1}`).expect(200);
    await alice.agent
      .put(`/api/studies/default/items/${itemKeys.a1}/annotation`)
      .set('X-CSRF-Token', alice.csrf)
      .send({ version: 0, action: 'save', judgement: buildJudgement({ comment: JUDGEMENT_SECRET }) })
      .expect(200);
    await admin.agent
      .post('/api/admin/users')
      .set('X-CSRF-Token', admin.csrf)
      .send({ username: 'erin', roles: ['annotator'], password: PASSWORDS.created })
      .expect(201);
    await admin.agent
      .post('/api/admin/users/erin/password')
      .set('X-CSRF-Token', admin.csrf)
      .send({ password: PASSWORDS.changed })
      .expect(200);

    const log = lines.join('');
    for (const secret of [
      ...Object.values(PASSWORDS),
      'alice-password',
      'admin-password',
      JUDGEMENT_SECRET,
      'QUERY-SECRET',
      'fa_session',
      'fa_csrf',
      alice.csrf,
      SECRETS.argumentIdPrefix,
      'agreed not to disclose',
    ])
      expect(log).not.toContain(secret);

    const save = entries().find((entry) => entry.req?.method === 'PUT');
    expect(save).toMatchObject({
      level: 30,
      msg: `PUT /api/studies/default/items/${itemKeys.a1}/annotation 200`,
      req: { method: 'PUT', path: `/api/studies/default/items/${itemKeys.a1}/annotation` },
      res: { status: 200 },
      user: 'alice',
    });
    expect(save.durationMs).toBeGreaterThanOrEqual(0);
    expect(Object.keys(save.req).sort()).toEqual(['method', 'path']);
    expect(Object.keys(save.res)).toEqual(['status']);

    const refused = entries().find((entry) => entry.res?.status === 401);
    expect(refused).toMatchObject({ level: 40, req: { path: '/api/auth/login' }, user: null });
    const queues = entries().filter((entry) => entry.req?.path === '/api/studies/default/queue');
    expect(queues).toHaveLength(2);
    expect(entries().filter((entry) => entry.user === 'admin')).toHaveLength(2);
  });

  it('logs a 5xx with the error, as error', async () => {
    const { app, db, entries } = await appWithCapturedLog();
    await seedAnnotationStudy(db);
    const admin = await loggedIn(app, 'admin');
    // A broken database is a bug, not the caller's mistake: the answer says so and the log keeps why.
    await db.exec('DROP TABLE audit_log');
    await admin.agent
      .post('/api/studies/default/samples')
      .set('X-CSRF-Token', admin.csrf)
      .send({ seed: 1, size: 1 })
      .expect(500);
    const failed = entries().find((entry) => entry.res?.status === 500);
    expect(failed).toMatchObject({
      level: 50,
      user: 'admin',
      err: { message: expect.stringMatching(/audit_log/) },
    });
    expect(failed.err.stack).toContain('audit_log');
    // The error's type, message and stack, nothing else of it (a database error's fields can quote a row).
    expect(failed.err.type).toMatch(/Error$/);
    expect(Object.keys(failed.err).sort()).toEqual(['message', 'stack', 'type']);
  });
});
