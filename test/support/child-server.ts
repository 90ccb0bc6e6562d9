import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { insertArgument } from '../../server/store/arguments.ts';
import { findAssignment, insertAssignment } from '../../server/store/assignments.ts';
import { openDatabase } from '../../server/store/open.ts';
import { insertStudy } from '../../server/store/studies.ts';
import { insertTriple } from '../../server/store/triples.ts';
import { findUserByName } from '../../server/store/users.ts';
import { annotationHistorySchema, annotationItemSchema } from '../../shared/annotation-api.ts';
import { isPostgresUrl } from '../../shared/database-location.ts';
import { buildArgument, buildJudgement, buildTriple } from '../factories.ts';
import { addUser } from './app.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** SIGKILL (a crash) or SIGTERM (a stop); resolves once the process has gone. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

/**
 * Starts `npm start`'s entry (scripts/start.ts) on a database — a SQLite file, or a PostgreSQL URL —
 * and a free port, as its own process.
 */
export function startServer(database: string): Promise<ChildServer> {
  const where = isPostgresUrl(database) ? { DATABASE_URL: database } : { FACTOR_AUDIT_DB: database };
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ...where, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: 'SIGKILL' | 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (http:\/\/[^\s]+?)\/?\s/.exec(output)?.[1];
      if (url) resolve({ url, child, stop });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`the server stopped (${code ?? signal}):\n${output}`)),
    );
  });
}

/** A study with one argument per annotator, assigned to them; returns each annotator's item key. */
export async function seedAnnotators(
  database: string,
  names: readonly string[],
): Promise<Record<string, string>> {
  const db = await openDatabase(database);
  const study = await insertStudy(db, 'default');
  const triple = await insertTriple(db, study.id, buildTriple(), null);
  const keys: Record<string, string> = {};
  for (const [index, name] of names.entries()) {
    const argument = await insertArgument(db, study.id, buildArgument({ id: `a${index}` }), triple, null);
    await addUser(db, name, ['annotator']);
    const userId = (await findUserByName(db, name))?.id ?? 0;
    await insertAssignment(db, {
      argumentRowId: argument,
      userId,
      position: 1,
      calibration: false,
      sampleId: null,
    });
    keys[name] = (await findAssignment(db, argument, userId))?.itemKey ?? '';
  }
  await db.close();
  return keys;
}

/** Headers of a logged-in session (cookies and CSRF token) for plain `fetch`. */
/** An annotator's save of its item `key` over HTTP, at `version`, with `comment` in the judgement. */
export function saveOver(
  url: string,
  key: string,
  headers: Record<string, string>,
  version: number,
  comment: string,
): Promise<Response> {
  return fetch(`${url}/api/studies/default/items/${key}/annotation`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      version,
      action: 'save',
      judgement: buildJudgement({ comment }),
      secondsSpent: 1,
    }),
  });
}

export async function logInOver(url: string, name: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: `${name}-password` }),
  });
  if (response.status !== 200) throw new Error(`${name} could not log in: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const csrf = cookies.find((cookie) => cookie.startsWith('fa_csrf='))?.slice('fa_csrf='.length) ?? '';
  return { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': csrf };
}

/** A save a server answered 200: the version its answer named and the comment that version carried. */
export interface AcknowledgedSave {
  version: number;
  comment: string;
}

/**
 * Reads every annotator's item and history back through the server at `url` and expects each
 * acknowledged save there: the annotation at its last version or later, every saved version in the
 * history with its comment. Answers how many saves it found.
 */
export async function expectAcknowledgedSaves(
  url: string,
  keys: Record<string, string>,
  acknowledged: Record<string, AcknowledgedSave[]>,
): Promise<number> {
  let found = 0;
  for (const [name, saves] of Object.entries(acknowledged)) {
    const headers = await logInOver(url, name);
    const base = `${url}/api/studies/default/items/${keys[name]}`;
    const item = annotationItemSchema.parse(await (await fetch(base, { headers })).json());
    const history = annotationHistorySchema.parse(
      await (await fetch(`${base}/annotation/history`, { headers })).json(),
    );
    const last = saves.at(-1);
    expect(saves.length).toBeGreaterThan(0);
    expect(item.annotation?.version).toBeGreaterThanOrEqual(last?.version ?? 1);
    if (item.annotation?.version === last?.version)
      expect(item.annotation?.judgement.comment).toBe(last?.comment);
    for (const save of saves) {
      const entry = history.find(
        (candidate) => candidate.action === 'save' && candidate.version === save.version,
      );
      expect(entry?.judgement?.comment, `${name} version ${save.version}`).toBe(save.comment);
      found += 1;
    }
  }
  return found;
}
