import { describe, expect, it } from 'vitest';
import { buildArgument, buildTriple, toJsonl } from './factories.ts';
import { addUser, loggedIn, testApp } from './support/app.ts';

async function adminAgent() {
  const { app, db } = testApp();
  await addUser(db, 'root', ['admin']);
  return { db, ...(await loggedIn(app, 'root')) };
}

describe('POST /api/admin/imports', () => {
  it('imports an uploaded file into a new study, and the history names the admin who uploaded it', async () => {
    const { agent, csrf } = await adminAgent();
    const created = await agent
      .post('/api/admin/imports?study=fresh&kind=triples&file=triples.jsonl')
      .set('X-CSRF-Token', csrf)
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.from(toJsonl([buildTriple()])))
      .expect(201);
    expect(created.body).toMatchObject({ study: 'fresh', studyCreated: true, file: 'triples.jsonl' });
    expect(created.body.counts).toMatchObject({ records: 1, inserted: 1 });
    const history = (await agent.get('/api/studies/fresh/imports').expect(200)).body;
    expect(history).toMatchObject({
      total: 1,
      items: [{ kind: 'triples', fileName: 'triples.jsonl', actor: 'root' }],
    });
    expect(history.items[0].sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a file with bad records, lists each by line, and imports nothing', async () => {
    const { agent, csrf } = await adminAgent();
    const lines = `${JSON.stringify(buildTriple())}\n{"id": "t2"}\nnot json\n`;
    const refused = await agent
      .post('/api/admin/imports?study=fresh&kind=triples&file=triples.jsonl')
      .set('X-CSRF-Token', csrf)
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.from(lines))
      .expect(400);
    expect(refused.body.error.code).toBe('import_invalid');
    expect(refused.body.error.details.problems.map((problem: { line: number }) => problem.line)).toEqual([
      2, 3,
    ]);
    await agent.get('/api/studies/fresh/imports').expect(404);
  });

  it('refuses an empty upload, a file name with a folder, and an unknown kind, saying what to do', async () => {
    const { agent, csrf } = await adminAgent();
    const post = (query: string) =>
      agent.post(`/api/admin/imports?${query}`).set('X-CSRF-Token', csrf).set('Content-Type', 'text/plain');
    expect(
      (await post('study=s&kind=triples&file=t.jsonl').send('').expect(400)).body.error.message,
    ).toContain('empty');
    expect(
      (await post('study=s&kind=triples&file=../t.jsonl').send('x').expect(400)).body.error.message,
    ).toContain('no folders');
    await post('study=s&kind=people&file=t.jsonl').send('x').expect(400);
  });
});

describe('GET /api/studies/:study/imports', () => {
  it('pages the history newest first', async () => {
    const { agent, csrf } = await adminAgent();
    const upload = (kind: string, file: string, body: string) =>
      agent
        .post(`/api/admin/imports?study=s&kind=${kind}&file=${file}`)
        .set('X-CSRF-Token', csrf)
        .set('Content-Type', 'application/octet-stream')
        .send(Buffer.from(body))
        .expect(201);
    await upload('triples', 'triples.jsonl', toJsonl([buildTriple()]));
    await upload('arguments', 'arguments.jsonl', toJsonl([buildArgument()]));
    const page = (await agent.get('/api/studies/s/imports?pageSize=1').expect(200)).body;
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ fileName: 'arguments.jsonl' }] });
  });
});
