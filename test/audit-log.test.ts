import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ensureAdjudicationItem } from '../server/store/adjudication-items.ts';
import { findAssignment } from '../server/store/assignments.ts';
import { findUserByName } from '../server/store/users.ts';
import { auditEntrySchema } from '../shared/audit-api.ts';
import { buildArgument, buildJudgement, buildTriple, toJsonl } from './factories.ts';
import { ADJUDICATION_ARGUMENTS, seedAdjudicationStudy, spanOf } from './support/adjudication-fixture.ts';
import { loggedIn, testApp } from './support/app.ts';
import { cliSandbox } from './support/cli.ts';

const AUDIT = '/api/studies/default/audit';
/** The fixture's accounts, created (and so recorded) as the command line's `user add` would. */
const SEEDED = ['alice', 'bob', 'carol', 'dave', 'admin'];
const NEW_PASSWORD = 'ERIN-SECRET-PASSWORD';

async function auditedStudy() {
  const { app, db } = await testApp();
  const fixture = await seedAdjudicationStudy(db);
  await fixture.submit('same');
  await fixture.submit('split');
  const [admin, alice, carol] = await Promise.all([
    loggedIn(app, 'admin'),
    loggedIn(app, 'alice'),
    loggedIn(app, 'carol'),
  ]);
  const entries = async (query = '') => (await admin.agent.get(`${AUDIT}${query}`).expect(200)).body;
  return { app, db, fixture, admin, alice, carol, entries };
}

describe('the audit trail', () => {
  it("records who changed people's work and the study's set-up, never a password or a judgement", async () => {
    const { db, fixture, admin, alice, carol, entries } = await auditedStudy();
    const aliceId = (await findUserByName(db, 'alice'))?.id ?? 0;
    const third = (await findAssignment(db, fixture.rowIds.third, aliceId))?.itemKey ?? '';
    const item = `/api/studies/default/items/${third}/annotation`;
    const judgement = buildJudgement({
      comment: 'JUDGEMENT-SECRET',
      spans: [spanOf('F4', 'current', 'F4', 'code')],
    });
    const put = (version: number, action: 'save' | 'submit') =>
      alice.agent.put(item).set('X-CSRF-Token', alice.csrf).send({ version, action, judgement });
    await put(0, 'save').expect(200);
    await put(1, 'submit').expect(200);
    await put(1, 'save').expect(409); // stale: a conflict entry in the history, nothing in the trail
    await alice.agent.post(`${item}/reopen`).set('X-CSRF-Token', alice.csrf).send({ version: 2 }).expect(200);

    const same = (await ensureAdjudicationItem(db, fixture.rowIds.same)).itemKey;
    const gold = `/api/studies/default/adjudication/items/${same}`;
    await carol.agent.post(`${gold}/start`).set('X-CSRF-Token', carol.csrf).expect(200);
    await carol.agent.post(`${gold}/start`).set('X-CSRF-Token', carol.csrf).expect(200); // started once
    await carol.agent
      .put(`${gold}/gold`)
      .set('X-CSRF-Token', carol.csrf)
      .send({ version: 0, action: 'fix', judgement: fixture.work.same.alice, decisions: [] })
      .expect(200);
    await admin.agent
      .post(`/api/studies/default/arguments/${ADJUDICATION_ARGUMENTS.same}/gold/reopen`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ reason: 'a second look' })
      .expect(200);

    const send = (method: 'post' | 'patch', path: string, body: object) =>
      admin.agent[method](path).set('X-CSRF-Token', admin.csrf).send(body);
    await send('post', '/api/admin/users', { username: 'erin', roles: ['annotator'] }).expect(201);
    await send('post', '/api/admin/users', { username: 'erin', roles: ['annotator'] }).expect(409);
    await send('patch', '/api/admin/users/erin', { roles: ['annotator', 'adjudicator'] }).expect(200);
    await send('post', '/api/studies/default/assignments/reassign', { from: 'alice', to: 'erin' }).expect(
      200,
    );
    await send('patch', '/api/admin/users/erin', { disabled: true }).expect(200);
    await send('post', '/api/admin/users/erin/password', { password: NEW_PASSWORD }).expect(200);
    await send('post', '/api/studies/default/samples', { seed: 7, size: 2 }).expect(201);
    // Every fixture argument is assigned already: refused, and nothing of it is recorded.
    await send('post', '/api/studies/default/assignments', {
      annotators: ['bob'],
      perItem: 1,
      seed: 1,
    }).expect(409);

    const all = await entries();
    expect(all.slice(0, SEEDED.length)).toMatchObject(
      SEEDED.map((subject) => ({ study: null, actor: null, via: 'cli', action: 'user.create', subject })),
    );
    const trail = all.slice(SEEDED.length);
    expect(trail.map((entry: { action: string }) => entry.action)).toEqual([
      'annotation.save',
      'annotation.submit',
      'annotation.reopen',
      'adjudication.start',
      'gold.fix',
      'gold.reopen',
      'user.create',
      'user.roles',
      'assignment.reassign',
      'user.disable',
      'user.password',
      'sample.draw',
    ]);
    for (const entry of all) auditEntrySchema.parse(entry);
    expect(trail[1]).toMatchObject({
      study: 'default',
      actor: 'alice',
      via: 'app',
      subject: ADJUDICATION_ARGUMENTS.third,
      details: { annotator: 'alice', version: 2, status: 'submitted' },
    });
    expect(trail[4]).toMatchObject({
      actor: 'carol',
      subject: ADJUDICATION_ARGUMENTS.same,
      details: { status: 'fixed' },
    });
    expect(trail[7]).toMatchObject({
      study: null,
      actor: 'admin',
      subject: 'erin',
      details: { from: ['annotator'], to: ['annotator', 'adjudicator'] },
    });
    expect(trail[8]).toMatchObject({
      subject: 'alice → erin',
      details: { moved: 1, items: [ADJUDICATION_ARGUMENTS.third] },
    });
    const text = JSON.stringify(trail);
    expect(text).not.toContain(NEW_PASSWORD);
    expect(text).not.toContain('JUDGEMENT-SECRET');
    expect(text).not.toContain('a second look');
  });

  it('answers admins only, from a moment on and up to a limit, refusing a malformed query', async () => {
    const { app, alice, carol, admin, entries } = await auditedStudy();
    await request(app).get(AUDIT).expect(401);
    await alice.agent.get(AUDIT).expect(403);
    await carol.agent.get(AUDIT).expect(403);
    for (const name of ['fred', 'gina', 'hal'])
      await admin.agent
        .post('/api/admin/users')
        .set('X-CSRF-Token', admin.csrf)
        .send({ username: name, roles: ['annotator'] })
        .expect(201);
    const all = await entries();
    const subjects = (trail: { subject: string }[]) => trail.map((entry) => entry.subject);
    expect(subjects(all)).toEqual([...SEEDED, 'fred', 'gina', 'hal']);
    expect(subjects(await entries('?limit=2'))).toEqual(SEEDED.slice(0, 2));
    expect(await entries(`?since=${encodeURIComponent(all[0].at)}`)).toHaveLength(SEEDED.length + 3);
    expect(await entries('?since=2999-01-01')).toEqual([]);
    for (const query of ['?since=yesterday', '?limit=0', '?limit=5000', '?since=2025-01-01&actor=x'])
      await admin.agent.get(`${AUDIT}${query}`).expect(400);
  });

  it('records the command line as the actor, and exports the trail as JSONL', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('init');
    const triples = sandbox.file('triples.jsonl', toJsonl([buildTriple()]));
    const args = sandbox.file(
      'arguments.jsonl',
      toJsonl([buildArgument({ id: 'a1' }), buildArgument({ id: 'a2', model: 'claude' })]),
    );
    expect((await sandbox.run('import', 'triples', triples)).code).toBe(0);
    expect((await sandbox.run('import', 'arguments', args)).code).toBe(0);
    expect((await sandbox.run('user', 'add', 'ann', '--password', 'ann-password-1')).code).toBe(0);
    expect((await sandbox.run('user', 'add', 'ben', '--password', 'ben-password-1')).code).toBe(0);
    expect((await sandbox.run('sample', '--size', '2', '--seed', '3')).code).toBe(0);
    expect(
      (await sandbox.run('assign', '--annotators', 'ann,ben', '--per-item', '1', '--seed', '4')).code,
    ).toBe(0);
    expect((await sandbox.run('user', 'disable', 'ben')).code).toBe(0);
    const out = join(sandbox.dir, 'audit.jsonl');
    const exported = await sandbox.run('export', 'audit', '--out', out);
    expect(exported.code).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    const trail = lines.map((line) => auditEntrySchema.parse(JSON.parse(line)));
    expect(trail.map((entry) => `${entry.action} ${entry.subject}`)).toEqual([
      'import triples.jsonl',
      'import arguments.jsonl',
      'user.create ann',
      'user.create ben',
      'sample.draw sample 1',
      'assignment.assign sample 1',
      'user.disable ben',
    ]);
    expect(trail.every((entry) => entry.actor === null && entry.via === 'cli')).toBe(true);
    expect(trail[1]?.details).toMatchObject({ kind: 'arguments', inserted: 2 });
    expect(readFileSync(out, 'utf8')).not.toContain('ann-password-1');
  });
});
