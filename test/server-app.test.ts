import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import { importFile } from '../server/services/interchange/import/import-records.ts';
import { GUIDELINES_FILE } from '../server/services/study/guidelines.ts';
import { guidelinesSchema } from '../shared/annotation-api.ts';
import { GUIDELINE_VERSION } from '../shared/guidelines.ts';
import { buildArgument, buildTriple, toJsonl } from './factories.ts';
import { addUser, loggedIn, testApp } from './support/app.ts';

describe('auth', () => {
  it('logs in with an httpOnly SameSite=strict session cookie and a readable CSRF cookie', async () => {
    const { app, db } = await testApp();
    await addUser(db, 'alice', ['annotator']);
    const { agent, cookies } = await loggedIn(app, 'alice');
    const session = cookies.find((cookie) => cookie.startsWith('fa_session='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(cookies.find((cookie) => cookie.startsWith('fa_csrf='))).not.toMatch(/HttpOnly/);
    const me = await agent.get('/api/auth/me').expect(200);
    expect(me.body).toEqual({ username: 'alice', displayName: 'alice', roles: ['annotator'] });
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const { app, db } = await testApp();
    await addUser(db, 'alice', ['annotator']);
    const wrong = await request(app)
      .post('/api/auth/login')
      .send({ username: 'alice', password: 'nope-nope' })
      .expect(401);
    const unknown = await request(app)
      .post('/api/auth/login')
      .send({ username: 'zed', password: 'nope-nope' })
      .expect(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.code).toBe('unauthenticated');
  });

  it('names the missing field of a malformed login', async () => {
    const { app } = await testApp();
    const response = await request(app).post('/api/auth/login').send({ username: 'alice' }).expect(400);
    expect(response.body.error).toMatchObject({
      code: 'validation_failed',
      message: 'password: Invalid input: expected string, received undefined',
    });
  });

  it('limits failed logins and says when to try again', async () => {
    const { app, db } = await testApp({ loginLimits: { perUserAndAddress: 2 } });
    await addUser(db, 'alice', ['annotator']);
    for (let attempt = 0; attempt < 2; attempt += 1)
      await request(app)
        .post('/api/auth/login')
        .send({ username: 'alice', password: 'wrong-pass' })
        .expect(401);
    const limited = await request(app)
      .post('/api/auth/login')
      .send({ username: 'alice', password: 'alice-password' })
      .expect(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body.error.code).toBe('rate_limited');
  });

  it('refuses a state-changing request without the CSRF token, and logs out with it', async () => {
    const { app, db } = await testApp();
    await addUser(db, 'alice', ['annotator']);
    const { agent, csrf } = await loggedIn(app, 'alice');
    const refused = await agent.post('/api/auth/logout').expect(403);
    expect(refused.body.error.message).toMatch(/CSRF/);
    await agent.post('/api/auth/logout').set('X-CSRF-Token', csrf).expect(204);
    await agent.get('/api/auth/me').expect(401);
  });

  it('refuses a disabled account', async () => {
    const { app, db } = await testApp();
    await addUser(db, 'alice', ['annotator']);
    await db.run("UPDATE users SET disabled = 1 WHERE username = 'alice'");
    await request(app)
      .post('/api/auth/login')
      .send({ username: 'alice', password: 'alice-password' })
      .expect(401);
  });
});

describe('studies', () => {
  it('needs a login', async () => {
    const { app } = await testApp();
    const response = await request(app).get('/api/studies').expect(401);
    expect(response.body.error.code).toBe('unauthenticated');
  });

  it('lists studies and counts per model × test', async () => {
    const { app, db } = await testApp();
    const dir = mkdtempSync(join(tmpdir(), 'fa-app-'));
    writeFileSync(join(dir, 't.jsonl'), toJsonl([buildTriple()]));
    writeFileSync(
      join(dir, 'a.jsonl'),
      toJsonl([buildArgument(), buildArgument({ id: 'a2', model: 'llama' })]),
    );
    await importFile(db, { actor: CLI_ACTOR, kind: 'triples', file: join(dir, 't.jsonl'), study: 'default' });
    await importFile(db, {
      actor: CLI_ACTOR,
      kind: 'arguments',
      file: join(dir, 'a.jsonl'),
      study: 'default',
    });
    await addUser(db, 'admin', ['admin']);
    const { agent } = await loggedIn(app, 'admin');
    expect((await agent.get('/api/studies').expect(200)).body).toEqual([
      { name: 'default', createdAt: expect.any(String) },
    ]);
    const overview = (await agent.get('/api/studies/default/overview').expect(200)).body;
    expect(overview.totals).toMatchObject({ triples: 1, arguments: 2 });
    expect(overview.models.map((model: { model: string }) => model.model)).toEqual(['gpt-4o', 'llama']);
    expect(overview.models[0].byTest[0]).toEqual({ test: 1, arguments: 1, extractions: 0 });
    const missing = await agent.get('/api/studies/nope/overview').expect(404);
    expect(missing.body.error.code).toBe('not_found');
  });
});

describe('guidelines', () => {
  it('serves the guidelines file to every signed-in account, in the version annotations record', async () => {
    const { app, db } = await testApp();
    await addUser(db, 'carol', ['adjudicator']);
    const { agent } = await loggedIn(app, 'carol');
    const guidelines = guidelinesSchema.parse((await agent.get('/api/guidelines').expect(200)).body);
    const file = readFileSync(GUIDELINES_FILE, 'utf8');
    const stated = /^Version (\S+)$/m.exec(file)?.[1];
    expect(guidelines.version).toBe(GUIDELINE_VERSION);
    expect(stated).toBe(GUIDELINE_VERSION);
    expect(guidelines.markdown).toBe(file);
    expect(guidelines.markdown).toContain('## What counts as a mention');
  });

  it('needs a login', async () => {
    const { app } = await testApp();
    expect((await request(app).get('/api/guidelines').expect(401)).body.error.code).toBe('unauthenticated');
  });
});

describe('the app shell', () => {
  it('forbids caching of every API answer, errors included', async () => {
    const { app, db } = await testApp();
    await addUser(db, 'alice', ['annotator']);
    const { agent, csrf } = await loggedIn(app, 'alice');
    const answers = [
      await request(app).get('/api/health').expect(200),
      await request(app).get('/api/nothing').expect(404),
      await request(app).get('/api/studies').expect(401),
      await request(app).post('/api/auth/login').send({ username: 'alice' }).expect(400),
      await agent.get('/api/auth/me').expect(200),
      await agent.get('/api/studies').expect(200),
      await agent.get('/api/guidelines').expect(200),
      await agent.post('/api/auth/logout').set('X-CSRF-Token', csrf).expect(204),
    ];
    for (const response of answers) expect(response.headers['cache-control']).toBe('no-store');
  });

  it('lets the browser keep the client page and its assets by their own rules', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'fa-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>factor-audit</title>');
    const { app } = await testApp({ clientDir });
    expect((await request(app).get('/login').expect(200)).headers['cache-control']).toBe('no-cache');
  });

  it('answers an oversized or unreadable body with a 4xx, not a 500', async () => {
    const { app } = await testApp();
    const huge = await request(app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ username: 'x'.repeat(3_000_000), password: 'y' }))
      .expect(413);
    expect(huge.body.error).toEqual({
      code: 'validation_failed',
      message: 'The request body is larger than the 256 kB this route accepts; send less.',
    });
    const charset = await request(app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json; charset=latin-9')
      .send('{}')
      .expect(415);
    expect(charset.body.error.code).toBe('validation_failed');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const { app } = await testApp();
    const response = await request(app).get('/api/nothing').expect(404);
    expect(response.body.error.message).toContain('GET /api/nothing');
  });

  it('sends a strict content security policy', async () => {
    const { app } = await testApp();
    const response = await request(app).get('/api/health').expect(200);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // No inline style but Observable Plot's own (the hash Chromium names for its <style>), no 'unsafe-inline'.
    expect(response.headers['content-security-policy']).toContain(
      "style-src 'self' 'sha256-jSYQUrW7J0b3jPqhZP9C2Xh1PyJKHKXd4s0fpGGKrww='",
    );
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the client page for client-side routes', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'fa-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>factor-audit</title>');
    const { app } = await testApp({ clientDir });
    expect((await request(app).get('/login').expect(200)).text).toContain('<title>factor-audit</title>');
    expect((await request(app).get('/').expect(200)).text).toContain('factor-audit');
  });

  it('refuses a non-JSON body', async () => {
    const { app } = await testApp();
    const response = await request(app)
      .post('/api/auth/login')
      .type('form')
      .send('username=a&password=b')
      .expect(400);
    expect(response.body.error.message).toMatch(/JSON/);
  });
});
