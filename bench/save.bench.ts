import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app.ts';
import { LoginLimiter } from '../server/services/login-limiter.ts';
import { createUser } from '../server/services/user-service.ts';
import { insertArgument } from '../server/store/arguments.ts';
import { findAssignment, insertAssignment } from '../server/store/assignments.ts';
import { Db } from '../server/store/db.ts';
import { openDatabase } from '../server/store/open.ts';
import { insertStudy } from '../server/store/studies.ts';
import { insertTriple } from '../server/store/triples.ts';
import { buildArgument, buildJudgement, buildTriple } from '../test/factories.ts';
import type { Bench, BenchFigure } from './harness.ts';

/**
 * Annotation saves per second through the real app — HTTP with keep-alive, session and CSRF checks,
 * validation, the optimistic version check, the annotation row, its history and its audit entry in
 * one transaction — on a database file in WAL mode, with `synchronous = NORMAL` and with `FULL`
 * (docs/decisions/012-synchronous.md). The floor is a bare prepared UPSERT of the same row in a
 * loop, one transaction each, in the same mode: what SQLite alone costs on this disk.
 */
const SECONDS = 3;
const CLIENTS = [1, 4] as const;
type Mode = 'NORMAL' | 'FULL';

async function study(file: string, annotators: number) {
  const db = openDatabase(file);
  const row = insertStudy(db, 'default');
  const triple = insertTriple(db, row.id, buildTriple(), null);
  for (let index = 0; index < annotators; index += 1) {
    const username = `ann${index}`;
    const argument = insertArgument(db, row.id, buildArgument({ id: `a${index}` }), triple, null);
    await createUser(db, { username, password: `${username}-password`, roles: ['annotator'] });
    const userId = db.first<{ id: number }>('SELECT id FROM users WHERE username = ?', [username])?.id ?? 0;
    insertAssignment(db, {
      argumentRowId: argument,
      userId,
      position: 1,
      calibration: false,
      sampleId: null,
    });
  }
  const keys = Array.from({ length: annotators }, (_, index) => {
    const argument = db.first<{ id: number }>('SELECT id FROM arguments WHERE external_id = ?', [
      `a${index}`,
    ]);
    const user = db.first<{ id: number }>('SELECT id FROM users WHERE username = ?', [`ann${index}`]);
    return findAssignment(db, argument?.id ?? 0, user?.id ?? 0)?.itemKey ?? '';
  });
  return { db, keys };
}

/** Saves per second by `clients` annotators saving their own item in a loop, for SECONDS. */
async function appSaves(mode: Mode, clients: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'fa-bench-save-'));
  const { db, keys } = await study(join(dir, 'save.db'), clients);
  db.raw.pragma(`synchronous = ${mode}`);
  const app = createApp({
    db,
    config: { sessionTtlHours: 1, cookieSecure: false },
    loginLimiter: new LoginLimiter(),
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const judgement = buildJudgement({ comment: 'x'.repeat(200) });
  let saves = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const start = performance.now();
  await Promise.all(
    keys.map(async (key, index) => {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `ann${index}`, password: `ann${index}-password` }),
      });
      const cookies = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
      const csrf = cookies.find((cookie) => cookie?.startsWith('fa_csrf='))?.slice('fa_csrf='.length) ?? '';
      let version = 0;
      while (performance.now() < deadline) {
        const response = await fetch(`${base}/api/studies/default/items/${key}/annotation`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': csrf },
          body: JSON.stringify({ version, action: 'save', judgement, secondsSpent: 1 }),
        });
        const state = (await response.json()) as { version: number };
        if (response.status !== 200) throw new Error(`save answered ${response.status}`);
        version = state.version;
        saves += 1;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  await new Promise((resolve) => server.close(resolve));
  db.close();
  return saves / seconds;
}

/** The floor: one prepared UPSERT of a judgement-sized row per transaction, in a loop, for SECONDS. */
function bareUpserts(mode: Mode): number {
  const dir = mkdtempSync(join(tmpdir(), 'fa-bench-upsert-'));
  const db = new Db(join(dir, 'floor.db'));
  db.raw.pragma(`synchronous = ${mode}`);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, judgement TEXT NOT NULL)');
  const upsert = db.raw.prepare(
    'INSERT INTO t (id, version, judgement) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version, judgement = excluded.judgement',
  );
  const judgement = JSON.stringify(buildJudgement({ comment: 'x'.repeat(200) }));
  let count = 0;
  const start = performance.now();
  while (performance.now() - start < SECONDS * 1000) {
    upsert.run(count, judgement);
    count += 1;
  }
  const seconds = (performance.now() - start) / 1000;
  db.close();
  return count / seconds;
}

const bench: Bench = {
  name: 'annotation saves through the app (WAL; synchronous NORMAL vs FULL)',
  async run() {
    const figures: BenchFigure[] = [];
    for (const mode of ['NORMAL', 'FULL'] as const) {
      const floor = { name: `bare prepared UPSERT, ${mode}`, value: bareUpserts(mode) };
      for (const clients of CLIENTS)
        figures.push({
          name: `saves per second, ${mode}, ${clients} annotator${clients === 1 ? '' : 's'} at once`,
          value: await appSaves(mode, clients),
          unit: 'saves/s',
          floor,
        });
    }
    return figures;
  },
};
export default bench;
