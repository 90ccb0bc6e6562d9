import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { insertArgument } from '../server/store/arguments.ts';
import { findAssignment, insertAssignment } from '../server/store/assignments.ts';
import { Db } from '../server/store/db.ts';
import { openDatabase } from '../server/store/open.ts';
import { insertStudy } from '../server/store/studies.ts';
import { insertTriple } from '../server/store/triples.ts';
import { findUserByName } from '../server/store/users.ts';
import { annotationHistorySchema, annotationItemSchema } from '../shared/annotation-api.ts';
import { buildArgument, buildJudgement, buildTriple } from './factories.ts';
import { addUser } from './support/app.ts';

/**
 * The real server as a child process on a database file: several annotators save concurrently over
 * HTTP, the process is killed (SIGKILL) in the middle, and a new one starts on the same file. Every
 * save that was answered 200 must be there — the annotation at that version or later, the history
 * entry of that version with the same judgement — and SQLite's integrity check must pass.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ANNOTATORS = ['ann1', 'ann2', 'ann3', 'ann4'];
/** Kill after this many answered saves, or after this long, whichever comes first. */
const SAVES_BEFORE_KILL = 160;
const MAX_SAVING_MS = 4_000;

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts `npm start`'s entry on the file and a free port; resolves with its base URL. */
function startServer(database: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', FACTOR_AUDIT_DB: database, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (http:\/\/[^\s]+?)\/?\s/.exec(output)?.[1];
      if (url) resolve({ url, child });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`the server stopped (${code ?? signal}):\n${output}`)),
    );
  });
}

/** A study with one argument per annotator, assigned to them; returns each annotator's item key. */
async function seed(database: string): Promise<Record<string, string>> {
  const db = openDatabase(database);
  const study = insertStudy(db, 'default');
  const triple = insertTriple(db, study.id, buildTriple(), null);
  const keys: Record<string, string> = {};
  for (const [index, name] of ANNOTATORS.entries()) {
    const argument = insertArgument(db, study.id, buildArgument({ id: `a${index}` }), triple, null);
    await addUser(db, name, ['annotator']);
    const userId = findUserByName(db, name)?.id ?? 0;
    insertAssignment(db, {
      argumentRowId: argument,
      userId,
      position: 1,
      calibration: false,
      sampleId: null,
    });
    keys[name] = findAssignment(db, argument, userId)?.itemKey ?? '';
  }
  db.close();
  return keys;
}

interface Client {
  headers: Record<string, string>;
}

async function logIn(url: string, name: string): Promise<Client> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: `${name}-password` }),
  });
  if (response.status !== 200) throw new Error(`${name} could not log in: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const csrf = cookies.find((cookie) => cookie.startsWith('fa_csrf='))?.slice('fa_csrf='.length) ?? '';
  return {
    headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': csrf },
  };
}

/** What the server acknowledged: the version its 200 named, and the comment that version carried. */
interface Acknowledged {
  version: number;
  comment: string;
}

describe('saves survive the server being killed', () => {
  it('keeps every acknowledged save, with its history, across a SIGKILL and a restart', {
    timeout: 120_000,
  }, async () => {
    const database = join(mkdtempSync(join(tmpdir(), 'fa-durability-')), 'study.db');
    const keys = await seed(database);
    const first = await startServer(database);

    const acknowledged: Record<string, Acknowledged[]> = Object.fromEntries(
      ANNOTATORS.map((name) => [name, []]),
    );
    let total = 0;
    let killed = false;
    let lost = 0;
    const started = Date.now();
    const annotate = async (name: string) => {
      const client = await logIn(first.url, name);
      let version = 0;
      for (let attempt = 1; !killed; attempt += 1) {
        const comment = `${name} save ${attempt}`;
        try {
          const response = await fetch(`${first.url}/api/studies/default/items/${keys[name]}/annotation`, {
            method: 'PUT',
            headers: client.headers,
            body: JSON.stringify({
              version,
              action: 'save',
              judgement: buildJudgement({ comment }),
              secondsSpent: 1,
            }),
          });
          const body = (await response.json()) as { version: number };
          if (response.status !== 200) throw new Error(`${name}: save answered ${response.status}`);
          version = body.version;
          acknowledged[name]?.push({ version, comment });
          total += 1;
        } catch (error) {
          // A request the kill cut off was never acknowledged: the annotator's client keeps it as a draft.
          if (!killed) throw error;
          lost += 1;
        }
      }
    };
    // The kill comes from a timer, not from a client, so it lands wherever the four clients are.
    const watcher = setInterval(() => {
      if (total < SAVES_BEFORE_KILL && Date.now() - started < MAX_SAVING_MS) return;
      clearInterval(watcher);
      killed = true;
      first.child.kill('SIGKILL');
    }, 3);
    await Promise.all(ANNOTATORS.map(annotate));
    const running = first.child.exitCode === null && first.child.signalCode === null;
    if (running) await new Promise((resolve) => first.child.once('exit', resolve));
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startServer(database);
    let found = 0;
    for (const name of ANNOTATORS) {
      const client = await logIn(second.url, name);
      const base = `${second.url}/api/studies/default/items/${keys[name]}`;
      const item = annotationItemSchema.parse(await (await fetch(base, { headers: client.headers })).json());
      const history = annotationHistorySchema.parse(
        await (await fetch(`${base}/annotation/history`, { headers: client.headers })).json(),
      );
      const saves = acknowledged[name] ?? [];
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
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));

    const db = new Db(database);
    expect(db.first<{ integrity_check: string }>('PRAGMA integrity_check')?.integrity_check).toBe('ok');
    db.close();
    console.log(
      `durability: ${total} saves acknowledged by ${ANNOTATORS.length} annotators before SIGKILL, ${found} found with their history after the restart; ${lost} request(s) cut off unanswered; integrity_check ok`,
    );
    expect(found).toBe(total);
  });
});
