import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import express from 'express';
import pg from 'pg';
import { createApp } from '../server/app.ts';
import { LoginLimiter } from '../server/services/accounts/login-limiter.ts';
import { createUser } from '../server/services/accounts/users.ts';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import { insertArgument } from '../server/store/arguments.ts';
import { findAssignment, insertAssignment } from '../server/store/assignments.ts';
import { SqliteDb, sqliteConnectionOf } from '../server/store/db.ts';
import { openDatabase } from '../server/store/open.ts';
import { insertStudy } from '../server/store/studies.ts';
import { insertTriple } from '../server/store/triples.ts';
import { buildArgument, buildTriple } from '../test/factories.ts';

/**
 * The server side of `save.bench.ts`, run in a worker thread: either the real app on a fresh WAL
 * database file with `annotators` annotators, each assigned one argument, or the floor — bare
 * Express 5 whose one route parses the JSON body and runs one prepared UPSERT of it, in its own
 * transaction, on a WAL file in the same `synchronous` mode. Posts the port (and the item keys).
 */
export interface SaveServerOptions {
  kind: 'app' | 'floor';
  synchronous: 'NORMAL' | 'FULL';
  annotators: number;
  /**
   * A `postgres://` URL of an empty database: the app then runs on PostgreSQL (`openDatabase`), and the
   * floor is bare Express 5 + a `pg.Pool` of the app's size (10) running one UPSERT per request,
   * autocommit; `synchronous` is then the cluster's business and ignored. A WAL file when absent.
   */
  postgres?: string;
}
export interface SaveServerReady {
  port: number;
  keys: string[];
}

async function appServer(file: string, options: SaveServerOptions) {
  const db = await openDatabase(options.postgres ?? file);
  const study = await insertStudy(db, 'default');
  const triple = await insertTriple(db, study.id, buildTriple(), null);
  const keys: string[] = [];
  for (let index = 0; index < options.annotators; index += 1) {
    const username = `ann${index}`;
    const argumentRowId = await insertArgument(
      db,
      study.id,
      buildArgument({ id: `a${index}` }),
      triple,
      null,
    );
    await createUser(db, CLI_ACTOR, { username, password: `${username}-password`, roles: ['annotator'] });
    const userId =
      (await db.first<{ id: number }>('SELECT id FROM users WHERE username = ?', [username]))?.id ?? 0;
    await insertAssignment(db, { argumentRowId, userId, position: 1, calibration: false, sampleId: null });
    keys.push((await findAssignment(db, argumentRowId, userId))?.itemKey ?? '');
  }
  if (options.postgres === undefined)
    sqliteConnectionOf(db, 'the save bench').pragma(`synchronous = ${options.synchronous}`);
  const app = createApp({
    db,
    config: { sessionTtlHours: 1, cookieSecure: false },
    loginLimiter: new LoginLimiter(db),
  });
  return { app, keys };
}

async function floorServer(file: string, options: SaveServerOptions) {
  const db = new SqliteDb(file);
  db.raw.pragma(`synchronous = ${options.synchronous}`);
  await db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, judgement TEXT NOT NULL)');
  const upsert = db.raw.prepare(
    `INSERT INTO t (id, version, judgement) VALUES (?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET version = excluded.version, judgement = excluded.judgement`,
  );
  const app = express();
  app.put('/floor/:id', express.json({ limit: '1mb' }), (request, response) => {
    const body = request.body as { version: number; judgement: unknown };
    upsert.run(Number(request.params.id), body.version + 1, JSON.stringify(body.judgement));
    response.json({ version: body.version + 1 });
  });
  return { app, keys: Array.from({ length: options.annotators }, (_, index) => String(index)) };
}

async function postgresFloorServer(url: string, options: SaveServerOptions) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(
    'CREATE TABLE t (id BIGINT PRIMARY KEY, version INTEGER NOT NULL, judgement TEXT NOT NULL)',
  );
  const upsert = `INSERT INTO t (id, version, judgement) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET version = excluded.version, judgement = excluded.judgement`;
  const app = express();
  app.put('/floor/:id', express.json({ limit: '1mb' }), async (request, response) => {
    const body = request.body as { version: number; judgement: unknown };
    await pool.query({
      name: 'floor-upsert',
      text: upsert,
      values: [Number(request.params.id), body.version + 1, JSON.stringify(body.judgement)],
    });
    response.json({ version: body.version + 1 });
  });
  return { app, keys: Array.from({ length: options.annotators }, (_, index) => String(index)) };
}

const options = workerData as SaveServerOptions;
const file = join(mkdtempSync(join(tmpdir(), `fa-bench-save-${options.kind}-`)), 'save.db');
const { app, keys } =
  options.kind === 'app'
    ? await appServer(file, options)
    : options.postgres === undefined
      ? await floorServer(file, options)
      : await postgresFloorServer(options.postgres, options);
const server = await new Promise<Server>((resolve) => {
  const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
});
parentPort?.postMessage({
  port: (server.address() as AddressInfo).port,
  keys,
} satisfies SaveServerReady);
