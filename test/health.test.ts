import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../server/app.ts';
import { LoginLimiter } from '../server/services/accounts/index.ts';
import { latestSchemaVersion } from '../server/store/migrate.ts';
import { openDatabase } from '../server/store/open.ts';

/** The real app on a database file of its own, so a test can break the database under it. */
async function appOnFile() {
  const file = join(mkdtempSync(join(tmpdir(), 'fa-health-')), 'study.db');
  const db = await openDatabase(file);
  const app = createApp({
    db,
    config: { sessionTtlHours: 1, cookieSecure: false },
    loginLimiter: new LoginLimiter(db),
  });
  return { app, db, file };
}

describe('GET /api/health, for a load balancer', () => {
  it('answers 200 with the migration level when the database answers, without a session or with a stale cookie', async () => {
    const { app } = await appOnFile();
    const answer = await request(app).get('/api/health').expect(200);
    expect(answer.body).toEqual({ ok: true, database: 'sqlite', schemaVersion: latestSchemaVersion() });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['set-cookie']).toBeUndefined();
    await request(app).get('/api/health').set('Cookie', 'fa_session=not-a-session').expect(200);
    await request(app).head('/api/health').expect(200);
  });

  it('answers 503 when the database does not answer, naming no path or SQLite message', async () => {
    const { app, db, file } = await appOnFile();
    await db.close();
    const answer = await request(app).get('/api/health').expect(503);
    expect(answer.body).toEqual({ ok: false, database: 'sqlite', problem: 'The database did not answer.' });
    expect(answer.text).not.toContain(file);
    expect(answer.text).not.toMatch(/connection|sqlite_/i);
  });

  it('answers 503 when the database is not at the level this server migrates to', async () => {
    const { app, db } = await appOnFile();
    await db.run('DELETE FROM schema_migrations WHERE version = ?', [latestSchemaVersion()]);
    const answer = await request(app).get('/api/health').expect(503);
    expect(answer.body).toMatchObject({ ok: false, database: 'sqlite' });
    expect(answer.body.problem).toContain(
      `migration level ${latestSchemaVersion() - 1}; this server needs ${latestSchemaVersion()}`,
    );
  });
});
