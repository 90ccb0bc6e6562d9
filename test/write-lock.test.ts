import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../server/app.ts';
import { LoginLimiter } from '../server/services/accounts/login-limiter.ts';
import { type Db, SqliteDb } from '../server/store/db.ts';
import { openDatabase } from '../server/store/open.ts';
import { buildJudgement } from './factories.ts';
import { loggedIn } from './support/app.ts';
import { seedAnnotators } from './support/child-server.ts';
import { cliSandbox } from './support/cli.ts';

/**
 * A save reads or writes the annotation, then writes its history and audit rows. Another connection
 * (the command line) committing in between must not make the save fail: the save's transaction takes
 * the write lock at its start, so the other connection waits instead. `afterRead` runs right after
 * the save's first statement on the annotation inside its transaction (the conditional write of a
 * current save, or the read of the full path).
 */
const hook = { afterRead: undefined as (() => Promise<void>) | undefined };

/** `db`, running `hook.afterRead` after a statement on the annotations table inside a transaction. */
function hooked(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !['all', 'first', 'run', 'insert'].includes(String(property)))
        return value;
      return async (sql: string, ...rest: unknown[]) => {
        const result: unknown = await (value as (sql: string, ...rest: unknown[]) => Promise<unknown>).call(
          target,
          sql,
          ...rest,
        );
        if (target.inTransaction && /\bannotations\b/.test(sql)) await hook.afterRead?.();
        return result;
      };
    },
  });
}

const opened: Db[] = [];
afterEach(async () => {
  hook.afterRead = undefined;
  for (const db of opened.splice(0)) await db.close();
});

async function studyOnFile(busyTimeoutMs?: number) {
  const file = join(mkdtempSync(join(tmpdir(), 'fa-lock-')), 'study.db');
  const keys = await seedAnnotators(file, ['ann1']);
  const db = hooked(await openDatabase(file, busyTimeoutMs === undefined ? {} : { busyTimeoutMs }));
  opened.push(db);
  const app = createApp({
    db,
    config: { sessionTtlHours: 1, cookieSecure: false },
    loginLimiter: new LoginLimiter(db),
  });
  // The other writer: a connection of its own that does not wait, so the test sees whether it could write.
  const other = new SqliteDb(file, { busyTimeoutMs: 0 });
  opened.push(other);
  await other.exec('CREATE TABLE lock_probe (x INTEGER)');
  const session = await loggedIn(app, 'ann1');
  const save = (version: number) =>
    session.agent
      .put(`/api/studies/default/items/${keys.ann1}/annotation`)
      .set('x-csrf-token', session.csrf)
      .send({ version, action: 'save', judgement: buildJudgement({ comment: 'saved' }), secondsSpent: 1 });
  return { file, app, other, save };
}

describe('a save beside another writer', () => {
  it('succeeds when another connection tries to commit between its read and its write', async () => {
    const { other, save } = await studyOnFile();
    let otherCouldWrite: boolean | undefined;
    hook.afterRead = async () => {
      hook.afterRead = undefined;
      try {
        await other.run('INSERT INTO lock_probe (x) VALUES (1)');
        otherCouldWrite = true;
      } catch (error) {
        if (!(error instanceof Error) || !/locked|busy/i.test(error.message)) throw error;
        otherCouldWrite = false;
      }
    };
    const answer = await save(0);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.version).toBe(1);
    // The save held the write lock from its start; the other writer commits once the save is done.
    expect(otherCouldWrite).toBe(false);
    await other.run('INSERT INTO lock_probe (x) VALUES (2)');
    expect((await other.first<{ n: number }>('SELECT count(*) AS n FROM lock_probe'))?.n).toBe(1);
  });

  it('waits for a writer that holds the lock for a while, then saves', async () => {
    const { file, save } = await studyOnFile();
    // The other writer in a thread of its own, so it can let go while this thread waits.
    const holder = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const Database = require(workerData.module);
       const db = new Database(workerData.file);
       db.exec('BEGIN IMMEDIATE');
       db.exec('INSERT INTO lock_probe (x) VALUES (1)');
       parentPort.postMessage('locked');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
       db.exec('COMMIT');
       db.close();`,
      { eval: true, workerData: { file, module: createRequire(import.meta.url).resolve('better-sqlite3') } },
    );
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    await new Promise((resolve, reject) => {
      holder.once('message', resolve);
      holder.once('error', reject);
    });
    const started = performance.now();
    const answer = await save(0);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(performance.now() - started).toBeGreaterThan(200);
    await exited;
  });

  it('answers 503 busy with Retry-After, not 500, when the lock outlasts the busy timeout', async () => {
    const { other, save } = await studyOnFile(50);
    await other.exec('BEGIN IMMEDIATE');
    const answer = await save(0);
    await other.exec('ROLLBACK');
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('busy');
    expect(answer.body.error.message).toMatch(/try again/);
    expect(answer.headers['retry-after']).toBe('2');
    expect(JSON.stringify(answer.body)).not.toMatch(/SqliteError|at .*\.ts/);
    // Nothing was written: the next save is still the first.
    expect((await save(0)).status).toBe(200);
  });
});

describe('a command beside a writer that does not let go', () => {
  it('says the database is busy, exits 1 and prints no stack trace', async () => {
    const sandbox = cliSandbox({ FACTOR_AUDIT_BUSY_TIMEOUT_MS: '50' });
    expect(
      (await sandbox.run('user', 'add', 'dora', '--role', 'annotator', '--password', 'p-123456789')).code,
    ).toBe(0);
    const holder = new SqliteDb(sandbox.db, { busyTimeoutMs: 0 });
    opened.push(holder);
    await holder.exec('BEGIN IMMEDIATE');
    const result = await sandbox.run('user', 'passwd', 'dora', '--password', 'q-123456789');
    await holder.exec('ROLLBACK');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: busy: another process .* locked for more than 0\.05 s/);
    expect(result.stderr).not.toMatch(/SqliteError|\n\s+at /);
  });
});
