import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/store/open.ts';
import {
  type ChildServer,
  expectAcknowledgedSaves,
  seedAnnotators,
  startServer,
} from '../support/child-server.ts';
import { createDatabaseOn, TEST_PG_ENV, uniqueDatabaseName } from '../support/postgres-cluster.ts';
import { savesUntilKilled } from '../support/saves-until-killed.ts';

/**
 * The durability test (test/durability.test.ts) on PostgreSQL: the real server as a child process,
 * several annotators saving concurrently, SIGKILL in the middle, a new server on the same database.
 * Every save answered 200 must be there with its history entry, and every B-tree index of the
 * database must pass amcheck's `bt_index_check` (PostgreSQL's counterpart of SQLite's integrity check).
 */
const ANNOTATORS = ['ann1', 'ann2', 'ann3', 'ann4'];

const servers: ChildServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
});

describe('saves survive the server being killed, on PostgreSQL', () => {
  it('keeps every acknowledged save, with its history, across a SIGKILL and a restart', {
    timeout: 120_000,
  }, async () => {
    const base = process.env[TEST_PG_ENV];
    if (!base) throw new Error(`${TEST_PG_ENV} is not set: this test runs in the postgres project`);
    const database = await createDatabaseOn(base, uniqueDatabaseName('durability'));
    const keys = await seedAnnotators(database, ANNOTATORS);
    const first = await startServer(database);
    servers.push(first);

    const { acknowledged, total, lost } = await savesUntilKilled(first, keys, ANNOTATORS, {
      savesBeforeKill: 160,
      maxMs: 4_000,
    });
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(total).toBeGreaterThan(0);

    const second = await startServer(database);
    servers.push(second);
    const found = await expectAcknowledgedSaves(second.url, keys, acknowledged);
    await second.stop('SIGTERM');

    const db = await openDatabase(database);
    await db.exec('CREATE EXTENSION IF NOT EXISTS amcheck');
    const indexes = await db.all<{ name: string }>(
      `SELECT c.relname AS name FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid
         JOIN pg_am am ON am.oid = c.relam
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE am.amname = 'btree' AND n.nspname = 'public'`,
    );
    expect(indexes.length).toBeGreaterThan(0);
    for (const { name } of indexes)
      await db.all(`SELECT bt_index_check(index => '"${name}"'::regclass, heapallindexed => true)`);
    await db.close();
    console.log(
      `durability (postgres): ${total} saves acknowledged by ${ANNOTATORS.length} annotators before SIGKILL, ${found} found with their history after the restart; ${lost} request(s) cut off unanswered; bt_index_check ok on ${indexes.length} indexes`,
    );
    expect(found).toBe(total);
  });
});
