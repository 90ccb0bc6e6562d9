import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Express } from 'express';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import type { Db } from '../server/store/db.ts';
import { loggedIn, testApp } from './support/app.ts';
import { seedAnnotationStudy } from './support/study-fixture.ts';

/**
 * A caller's mistake is a 4xx with a message that says what to do, never a 500, and writes nothing:
 * each case here once reached a UNIQUE constraint, an assertion of the sampling code or a raw parser
 * error.
 */

async function count(db: Db, table: 'assignments' | 'assignment_log' | 'users'): Promise<number> {
  return (await db.first<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n ?? 0;
}

describe('assignments the caller got wrong', () => {
  let app: Express;
  let db: Db;
  let admin: Awaited<ReturnType<typeof loggedIn>>;
  /** The argument of the first sample, assigned to alice and bob. */
  let assigned: string;

  beforeEach(async () => {
    ({ app, db } = await testApp());
    await seedAnnotationStudy(db);
    await db.run('DELETE FROM assignments'); // the fixture's hand-made ones; the samples below are assigned here
    admin = await loggedIn(app, 'admin');
    const post = (path: string, body: object) =>
      admin.agent.post(`/api/studies/default/${path}`).set('X-CSRF-Token', admin.csrf).send(body);
    await post('samples', { size: 1, seed: 1 }).expect(201);
    const first = await post('assignments', { annotators: ['alice', 'bob'], seed: 1 }).expect(201);
    expect(first.body.items).toBe(1);
    assigned = (
      await db.first<{ id: string }>(
        'SELECT a.external_id AS id FROM assignments s JOIN arguments a ON a.id = s.argument_id',
      )
    )?.id as string;
    await post('samples', { size: 1, seed: 2, excludeSampled: true }).expect(201);
  });

  const assign = (body: object) =>
    admin.agent.post('/api/studies/default/assignments').set('X-CSRF-Token', admin.csrf).send(body);
  const reassign = (body: object) =>
    admin.agent.post('/api/studies/default/assignments/reassign').set('X-CSRF-Token', admin.csrf).send(body);

  it('refuses to move items from an annotator to the same annotator, however the name is written', async () => {
    const before = { assignments: await count(db, 'assignments'), log: await count(db, 'assignment_log') };
    for (const [from, to] of [
      ['bob', 'Bob'],
      ['alice', 'alice'],
    ]) {
      const answer = await reassign({ from, to });
      expect(answer.status, `${from} → ${to}`).toBe(400);
      expect(answer.body.error.message).toMatch(/same annotator|both/);
    }
    expect({ assignments: await count(db, 'assignments'), log: await count(db, 'assignment_log') }).toEqual(
      before,
    );
  });

  it('refuses an annotator named twice, case-insensitively', async () => {
    const before = await count(db, 'assignments');
    const answer = await assign({ annotators: ['alice', 'ALICE'], perItem: 1, seed: 3 });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe(
      'annotators: "ALICE" names the same annotator as "alice"; name each once',
    );
    expect(await count(db, 'assignments')).toBe(before);
  });

  it('refuses a calibration item listed twice', async () => {
    const before = await count(db, 'assignments');
    const answer = await assign({
      annotators: ['alice', 'bob'],
      seed: 3,
      calibration: [assigned, assigned],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/^calibration\[1\]: .* is listed twice$/);
    expect(await count(db, 'assignments')).toBe(before);
  });

  it('refuses a calibration item already in an annotator’s queue, writing nothing', async () => {
    const before = { assignments: await count(db, 'assignments'), log: await count(db, 'assignment_log') };
    const answer = await assign({ annotators: ['alice', 'bob'], seed: 3, calibration: [assigned] });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toContain('is already in the queue of alice');
    expect({ assignments: await count(db, 'assignments'), log: await count(db, 'assignment_log') }).toEqual(
      before,
    );
    // Without it, the second sample is assigned as usual.
    await assign({ annotators: ['alice', 'bob'], seed: 3 }).expect(201);
  });
});

describe('accounts made at the same time', () => {
  it('gives one of eight concurrent creations of a name the account, and the others 409', async () => {
    const { app, db } = await testApp();
    const { createUser } = await import('../server/services/accounts/users.ts');
    await createUser(db, CLI_ACTOR, { username: 'admin', password: 'admin-password', roles: ['admin'] });
    const admin = await loggedIn(app, 'admin');
    const before = await count(db, 'users');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        admin.agent
          .post('/api/admin/users')
          .set('X-CSRF-Token', admin.csrf)
          // The same person, however the name is written.
          .send({ username: index % 2 === 0 ? 'dana' : 'Dana', roles: ['annotator'] }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error.message).toMatch(/already exists/);
    expect(await count(db, 'users')).toBe(before + 1);
  });
});

describe('bodies the server cannot read', async () => {
  const { app } = await testApp();
  const server = app.listen(0, '127.0.0.1');
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** A raw POST: supertest would serialise a Buffer as JSON, and could not send a lying Content-Length. */
  function post(headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port: (server.address() as AddressInfo).port,
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers },
        },
        (incoming) => {
          let text = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => {
            text += chunk;
          });
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }));
        },
      );
      // The server may answer a too-large body before reading it and close the connection.
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
  const login = Buffer.from(JSON.stringify({ username: 'alice', password: 'alice-password' }));
  const error = (answer: { body: string }) =>
    (JSON.parse(answer.body) as { error: { code: string; message: string } }).error;

  it('answers a 50 MB body with 413', async () => {
    const answer = await post({}, Buffer.alloc(50 * 1024 * 1024, 32));
    expect(answer.status).toBe(413);
    expect(error(answer)).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/larger than/),
    });
  });

  it('answers a gzip bomb with 413: the limit counts inflated bytes', async () => {
    const answer = await post({ 'content-encoding': 'gzip' }, gzipSync(Buffer.alloc(50 * 1024 * 1024, 32)));
    expect(answer.status).toBe(413);
  });

  it('answers an unknown Content-Encoding or charset with 415', async () => {
    const encoding = await post({ 'content-encoding': 'x-compress-9' }, login);
    expect(encoding.status).toBe(415);
    expect(error(encoding).message).toMatch(/Content-Encoding/);
    const charset = await post({ 'content-type': 'application/json; charset=latin-9' }, login);
    expect(charset.status).toBe(415);
    expect(error(charset).message).toMatch(/UTF-8/);
  });

  it('answers broken gzip with 400 saying so', async () => {
    const answer = await post({ 'content-encoding': 'gzip' }, gzipSync(login).subarray(0, 20));
    expect(answer.status).toBe(400);
    expect(error(answer)).toEqual({
      code: 'validation_failed',
      message:
        'The request body is not valid gzip, deflate or br as its Content-Encoding says; send it again, or uncompressed.',
    });
  });

  it('reads a well-formed gzip body', async () => {
    const answer = await post({ 'content-encoding': 'gzip' }, gzipSync(login));
    expect(answer.status).toBe(401); // read and checked: no such account
  });
});

describe('the study overview', () => {
  it('is for admins and adjudicators: an annotator gets 403 pointing to their queue', async () => {
    const { app, db } = await testApp();
    await seedAnnotationStudy(db);
    const alice = await loggedIn(app, 'alice');
    const refused = await alice.agent.get('/api/studies/default/overview').expect(403);
    expect(refused.body.error).toEqual({
      code: 'forbidden',
      message:
        'The study overview is for admins and adjudicators; your items are in your queue: /studies/default/queue.',
    });
    expect(JSON.stringify(refused.body)).not.toMatch(/bob|carol|gpt-4\.1/);
    const carol = await loggedIn(app, 'carol');
    const overview = (await carol.agent.get('/api/studies/default/overview').expect(200)).body;
    expect(overview.assignments.map((row: { annotator: string }) => row.annotator)).toEqual(['alice', 'bob']);
    await (await loggedIn(app, 'admin')).agent.get('/api/studies/default/overview').expect(200);
  });
});

describe('a text that is not valid Unicode', () => {
  it('refuses a lone surrogate escape in an autosave with 400, naming the field, and stores nothing', async () => {
    const { app, db } = await testApp();
    const { itemKeys } = await seedAnnotationStudy(db);
    const alice = await loggedIn(app, 'alice');
    const body = `{"version": 0, "action": "save", "secondsSpent": 1, "judgement": {"current": [], "tsc1": [], "tsc2": [], "unlisted": [], "abstained": false, "exact_phrase": false, "truncated": false, "spans": [], "comment": "half \\ud800 a pair"}}`;
    const refused = await alice.agent
      .put(`/api/studies/default/items/${itemKeys.a1}/annotation`)
      .set('X-CSRF-Token', alice.csrf)
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(400);
    expect(refused.body.error.message).toMatch(
      /^judgement\.comment: the escape \\ud800 is half of a surrogate pair/,
    );
    expect((await db.first<{ n: number }>('SELECT count(*) AS n FROM annotations'))?.n).toBe(0);
  });
});
