import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDb } from '../server/store/db.ts';
import {
  type ChildServer,
  expectAcknowledgedSaves,
  seedAnnotators,
  startServer,
} from './support/child-server.ts';
import { savesUntilKilled } from './support/saves-until-killed.ts';

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

    const { acknowledged, total, lost } = await savesUntilKilled(first, keys, ANNOTATORS, {
      savesBeforeKill: SAVES_BEFORE_KILL,
      maxMs: MAX_SAVING_MS,
    });
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
