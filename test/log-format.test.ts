import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { LogFormat } from '../server/config.ts';
import { createLogger } from '../server/logger.ts';
import { buildJudgement } from './factories.ts';
import { loggedIn, testApp } from './support/app.ts';
import { SECRETS, seedAnnotationStudy } from './support/study-fixture.ts';

const JUDGEMENT_SECRET = 'JUDGEMENT-BODY-SECRET';

/** The app with its log kept in `format`, after a session's worth of requests: a refusal, reads, a save, a 500. */
async function loggedSession(format: LogFormat) {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => lines.push(line) }, format);
  const { app, db } = await testApp({ logger });
  const { itemKeys } = await seedAnnotationStudy(db);
  const alice = await loggedIn(app, 'alice');
  const admin = await loggedIn(app, 'admin');
  await request(app)
    .post('/api/auth/login')
    .send({ username: 'alice', password: 'WRONG-PASSWORD-3' })
    .expect(401);
  await alice.agent.get('/api/studies/default/queue?token=QUERY-SECRET').expect(200);
  await alice.agent
    .put(`/api/studies/default/items/${itemKeys.a1}/annotation`)
    .set('X-CSRF-Token', alice.csrf)
    .send({ version: 0, action: 'save', judgement: buildJudgement({ comment: JUDGEMENT_SECRET }) })
    .expect(200);
  await db.exec('DROP TABLE audit_log');
  await admin.agent
    .post('/api/studies/default/samples')
    .set('X-CSRF-Token', admin.csrf)
    .send({ seed: 1, size: 1 })
    .expect(500);
  const text = lines.join('');
  for (const secret of [
    'WRONG-PASSWORD-3',
    'alice-password',
    'admin-password',
    JUDGEMENT_SECRET,
    'QUERY-SECRET',
    'fa_session',
    alice.csrf,
    SECRETS.argumentIdPrefix,
  ])
    expect(text).not.toContain(secret);
  return { text, itemKeys };
}

describe('the log format', () => {
  it('pretty: one short readable line per request, the error with its message, nothing the JSON line lacks', async () => {
    const { text, itemKeys } = await loggedSession('pretty');
    const lines = text.split('\n').filter((line) => line !== '');
    for (const line of lines) {
      expect(() => JSON.parse(line)).toThrow();
      expect(line).toMatch(
        /^\d\d:\d\d:\d\d\.\d{3} (INFO |WARN |ERROR) (GET|POST|PUT) \/api\/\S+ \d{3} \d+ms/,
      );
    }
    expect(lines).toContainEqual(expect.stringMatching(/^\S+ WARN {2}POST \/api\/auth\/login 401 \d+ms$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^\S+ INFO {2}GET \/api\/studies\/default\/queue 200 \d+ms alice$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^\\S+ INFO {2}PUT /api/studies/default/items/${itemKeys.a1}/annotation 200 \\d+ms alice$`,
        ),
      ),
    );
    const failed = lines.find((line) => line.includes(' 500 '));
    expect(failed).toMatch(
      /^\S+ ERROR POST \/api\/studies\/default\/samples 500 \d+ms admin — \w+: .*audit_log.* \(at .+:\d+:\d+\)+$/,
    );
  });

  it('json: one JSON object per line, the error with its stack', async () => {
    const { text } = await loggedSession('json');
    const entries = text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries.find((entry) => entry.res?.status === 401)).toMatchObject({
      level: 40,
      req: { method: 'POST', path: '/api/auth/login' },
    });
    const failed = entries.find((entry) => entry.res?.status === 500);
    expect(failed).toMatchObject({
      level: 50,
      user: 'admin',
      err: { message: expect.stringMatching(/audit_log/) },
    });
    expect(failed.err.stack).toContain('audit_log');
  });
});
