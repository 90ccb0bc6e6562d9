import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDb } from '../server/store/db.ts';
import { buildJudgement } from './factories.ts';
import {
  type AcknowledgedSave,
  type ChildServer,
  expectAcknowledgedSaves,
  logInOver,
  seedAnnotators,
  startServer,
} from './support/child-server.ts';

/**
 * The real server as a child process on a database file: several annotators save concurrently over
 * HTTP, the process is killed (SIGKILL) in the middle, and a new one starts on the same file. Every
 * save that was answered 200 must be there — the annotation at that version or later, the history
 * entry of that version with the same judgement — and SQLite's integrity check must pass.
 */
const ANNOTATORS = ['ann1', 'ann2', 'ann3', 'ann4'];
/** Kill after this many answered saves, or after this long, whichever comes first. */
const SAVES_BEFORE_KILL = 160;
const MAX_SAVING_MS = 4_000;

const servers: ChildServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
});

describe('saves survive the server being killed', () => {
  it('keeps every acknowledged save, with its history, across a SIGKILL and a restart', {
    timeout: 120_000,
  }, async () => {
    const database = join(mkdtempSync(join(tmpdir(), 'fa-durability-')), 'study.db');
    const keys = await seedAnnotators(database, ANNOTATORS);
    const first = await startServer(database);
    servers.push(first);

    const acknowledged: Record<string, AcknowledgedSave[]> = Object.fromEntries(
      ANNOTATORS.map((name) => [name, []]),
    );
    let total = 0;
    let killed = false;
    let lost = 0;
    const started = Date.now();
    const annotate = async (name: string) => {
      const headers = await logInOver(first.url, name);
      let version = 0;
      for (let attempt = 1; !killed; attempt += 1) {
        const comment = `${name} save ${attempt}`;
        try {
          const response = await fetch(`${first.url}/api/studies/default/items/${keys[name]}/annotation`, {
            method: 'PUT',
            headers,
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
      void first.stop('SIGKILL');
    }, 3);
    await Promise.all(ANNOTATORS.map(annotate));
    await first.stop('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startServer(database);
    servers.push(second);
    const found = await expectAcknowledgedSaves(second.url, keys, acknowledged);
    await second.stop('SIGTERM');

    const db = new SqliteDb(database);
    expect((await db.first<{ integrity_check: string }>('PRAGMA integrity_check'))?.integrity_check).toBe(
      'ok',
    );
    await db.close();
    console.log(
      `durability: ${total} saves acknowledged by ${ANNOTATORS.length} annotators before SIGKILL, ${found} found with their history after the restart; ${lost} request(s) cut off unanswered; integrity_check ok`,
    );
    expect(found).toBe(total);
  });
});
