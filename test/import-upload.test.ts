import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildArgument, buildTriple, toJsonl } from './factories.ts';
import { addUser, loggedIn, testApp } from './support/app.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/import/${name}`, import.meta.url));
const paperFixture = (name: string) => fileURLToPath(new URL(`./fixtures/paper/${name}`, import.meta.url));

/** An admin's session, and their upload of `body` with the query `query`. */
async function uploader() {
  const { agent, csrf } = await adminAgent();
  const post = (query: string, body: Buffer) =>
    agent
      .post(`/api/admin/imports?${query}`)
      .set('X-CSRF-Token', csrf)
      .set('Content-Type', 'application/octet-stream')
      .send(body);
  return { agent, post };
}

async function adminAgent() {
  const { app, db } = await testApp();
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
    for (const name of ['.', '..'])
      expect(
        (await post(`study=s&kind=triples&file=${name}`).send('x').expect(400)).body.error.message,
      ).toContain('cannot be "." or ".."');
  });

  it("names the uploaded file in every message, never the server's temporary folder", async () => {
    const { post } = await uploader();
    const bad = await post('study=s&kind=triples&file=mine.jsonl', Buffer.from('{"id": "t2"}\n')).expect(400);
    const text = JSON.stringify(bad.body);
    expect(bad.body.error.details.file).toBe('mine.jsonl');
    expect(bad.body.error.message).toMatch(/^mine\.jsonl: 1 bad record/);
    expect(text).not.toMatch(/fa-upload-|\/tmp\//);
    const notUtf8 = await post(
      'study=s&kind=triples&file=latin1.jsonl',
      Buffer.from([0x7b, 0xe9, 0x7d, 0x0a]),
    ).expect(400);
    expect(notUtf8.body.error.details).toEqual({
      file: 'latin1.jsonl',
      problems: [{ line: 1, message: expect.stringMatching(/^not valid UTF-8 at byte 1 /) }],
    });
    const wrongKind = await post(
      'study=s&kind=triples&file=args.jsonl',
      Buffer.from(toJsonl([buildArgument()])),
    ).expect(400);
    expect(wrongKind.body.error.message).toMatch(
      /^args\.jsonl looks like an arguments file .*import it as arguments/,
    );
    const noMode = await post(
      'study=s&kind=triples&file=scenarios.csv',
      readFileSync(fixture('reordered_factor_2_sample.csv')),
    ).expect(400);
    expect(noMode.body.error.message).toMatch(/^scenarios\.csv: the file name does not say the mode/);
    expect(JSON.stringify([notUtf8.body, wrongKind.body, noMode.body])).not.toMatch(/fa-upload-/);
  });

  it("takes a scenario CSV's mode and a paper log's model, test and extractor as fields", async () => {
    const { agent, post } = await uploader();
    const csv = await post(
      'study=s&kind=triples&file=scenarios.csv&mode=reordered',
      readFileSync(fixture('reordered_factor_2_sample.csv')),
    ).expect(201);
    expect(csv.body.counts).toMatchObject({ records: 2, inserted: 2 });
    const log = readFileSync(paperFixture('gpt-4o_test1_responses.json'));
    const withoutModel = await post('study=s&kind=paper-log&file=log.json', log).expect(400);
    expect(withoutModel.body.error.message).toContain('fill in Model and Test');
    const imported = await post(
      'study=s&kind=paper-log&file=log.json&model=gpt-4o&test=1&extractor=gpt-4.1-mini',
      log,
    ).expect(201);
    expect(imported.body.counts.inserted).toBeGreaterThan(0);
    const extractors = (await agent.get('/api/studies/s/extractors').expect(200)).body as { name: string }[];
    expect(extractors.map((extractor) => extractor.name)).toContain('gpt-4.1-mini');
    await post('study=s&kind=paper-log&file=log.json&model=gpt-4o&test=4', log).expect(400);
    await post('study=s&kind=triples&file=scenarios.csv&mode=sideways', log).expect(400);
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
