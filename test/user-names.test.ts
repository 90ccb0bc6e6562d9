import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportProblems, isAppError } from '../server/errors.ts';
import { createUser } from '../server/services/accounts/users.ts';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import { importFile } from '../server/services/interchange/import/import-records.ts';
import { renderHtml, renderMarkdown } from '../server/services/report/index.ts';
import type { Db } from '../server/store/db.ts';
import { buildReport, DEFAULT_REPORT_OPTIONS } from '../shared/scoring/index.ts';
import { smallStudy } from '../shared/scoring/test-fixtures.ts';
import { usernameKey, usernameSchema } from '../shared/username.ts';
import { buildAnnotation, buildArgument, buildTriple, toJsonl } from './factories.ts';
import { loggedIn, testApp } from './support/app.ts';

/** A name an import once turned into an account, and that the Markdown report printed raw. */
const HOSTILE = `<img src=x onerror=alert(1)> O'Brien`;

async function userCount(db: Db): Promise<number> {
  return (await db.first<{ n: number }>('SELECT count(*) AS n FROM users'))?.n ?? 0;
}

async function importRejection(
  db: Db,
  kind: 'annotations' | 'gold',
  record: object,
): Promise<ImportProblems> {
  const dir = mkdtempSync(join(tmpdir(), 'fa-names-'));
  writeFileSync(join(dir, 't.jsonl'), toJsonl([buildTriple()]));
  writeFileSync(join(dir, 'a.jsonl'), toJsonl([buildArgument()]));
  writeFileSync(join(dir, 'x.jsonl'), toJsonl([record]));
  await importFile(db, { actor: CLI_ACTOR, kind: 'triples', file: join(dir, 't.jsonl'), study: 'default' });
  await importFile(db, { actor: CLI_ACTOR, kind: 'arguments', file: join(dir, 'a.jsonl'), study: 'default' });
  const failure = await importFile(db, {
    actor: CLI_ACTOR,
    kind,
    file: join(dir, 'x.jsonl'),
    study: 'default',
  }).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!isAppError(failure) || failure.code !== 'import_invalid')
    throw new Error('the import was not refused');
  return failure.details as ImportProblems;
}

describe('one rule for user names, however an account is made', () => {
  it('refuses an imported annotator the rule refuses, and makes no account', async () => {
    const { db } = await testApp();
    const before = await userCount(db);
    const { problems } = await importRejection(db, 'annotations', buildAnnotation({ annotator: HOSTILE }));
    expect(problems).toEqual([
      {
        line: 1,
        message: expect.stringMatching(/^annotator: must be 2–40 letters, digits, "\.", "_" or "-"/),
      },
    ]);
    expect(await userCount(db)).toBe(before);
  });

  it('refuses an imported gold record whose adjudicator the rule refuses', async () => {
    const { db } = await testApp();
    const { annotator: _, ...gold } = buildAnnotation();
    const { problems } = await importRejection(db, 'gold', { ...gold, adjudicator: HOSTILE });
    expect(problems[0]?.message).toMatch(/^adjudicator: must be 2–40 letters/);
  });

  it('refuses the name through the admin API and `user add` (createUser) alike', async () => {
    const { app, db } = await testApp();
    await createUser(db, CLI_ACTOR, { username: 'admin', password: 'admin-password', roles: ['admin'] });
    const admin = await loggedIn(app, 'admin');
    const answer = await admin.agent
      .post('/api/admin/users')
      .set('X-CSRF-Token', admin.csrf)
      .send({ username: HOSTILE, roles: ['annotator'] })
      .expect(400);
    expect(answer.body.error.message).toMatch(/^username: must be 2–40 letters/);
    await expect(
      createUser(db, CLI_ACTOR, { username: HOSTILE, password: 'long-enough', roles: ['annotator'] }),
    ).rejects.toThrow(/is not a usable user name/);
    expect(await userCount(db)).toBe(1);
  });

  it('takes the names people have, and compares them case-insensitively', () => {
    for (const name of ['alice', 'o.brien', 'Mary-Jane', 'a_1', 'x9'])
      expect(usernameSchema.parse(name)).toBe(name);
    for (const name of ['a', '-dash', 'o brien', "o'brien", 'é', 'x'.repeat(41)])
      expect(usernameSchema.safeParse(name).success, name).toBe(false);
    expect(usernameKey('Bob')).toBe(usernameKey('bob'));
    expect(usernameKey('É')).not.toBe(usernameKey('é')); // as SQLite's NOCASE: ASCII letters only
  });
});

describe('names in the rendered report', () => {
  // Names from a database made before the rule (or a hand-edited one) still reach the report.
  const study = smallStudy();
  const report = buildReport(
    {
      ...study,
      study: `*${HOSTILE}*`,
      // Every gold argument doubly annotated, by two hostile names.
      annotations: study.gold.flatMap((gold) =>
        [HOSTILE, '[click](javascript:alert(1))'].map((annotator) => ({
          argumentId: gold.argumentId,
          annotator,
          judgement: gold.judgement,
        })),
      ),
      extractions: study.extractions.map((record) => ({
        ...record,
        extractor: '![x](https://evil.example/x.png)',
      })),
    },
    { ...DEFAULT_REPORT_OPTIONS, replicates: 0, generatedAt: '2025-01-01T00:00:00.000Z' },
  );

  it('keeps every name text in Markdown: no HTML, no link, no image, no emphasis', () => {
    const md = renderMarkdown(report);
    expect(md).toContain("&lt;img src=x onerror=alert(1)> O'Brien");
    expect(md).not.toMatch(/<img|<script/i);
    expect(md).not.toMatch(/[^\\]\]\(/); // "](" starts a link or an image unless escaped
    expect(md).toContain('[click\\](javascript:alert(1))');
    expect(md).toContain('![x\\](https://evil.example/x.png)');
    expect(md).toContain('\\*&lt;img');
  });

  it('escapes every name in HTML', () => {
    const html = renderHtml(report);
    expect(html).not.toMatch(/<img|<script|<a /i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; O&#39;Brien');
  });
});
