import { afterAll, describe, expect, it } from 'vitest';
import { annotationItemSchema } from '../../shared/annotation-api.ts';
import {
  type ChildServer,
  expectAcknowledgedSaves,
  logInOver,
  saveOver,
  seedAnnotators,
  startServer,
} from '../support/child-server.ts';
import { createDatabaseOn, TEST_PG_ENV, uniqueDatabaseName } from '../support/postgres-cluster.ts';
import { savesUntilKilled } from '../support/saves-until-killed.ts';

/**
 * Two app servers, as child processes on loopback, on one PostgreSQL database: what one server
 * writes or knows, the other sees, as if they were one server behind a load balancer.
 */
const ANNOTATORS = ['ann1', 'ann2', 'ann3', 'ann4'];
const ROUNDS = 200;

const servers: ChildServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
});

async function twoServers(): Promise<{ a: ChildServer; b: ChildServer; keys: Record<string, string> }> {
  const base = process.env[TEST_PG_ENV];
  if (!base) throw new Error(`${TEST_PG_ENV} is not set: this test runs in the postgres project`);
  const database = await createDatabaseOn(base, uniqueDatabaseName('two'));
  const keys = await seedAnnotators(database, ANNOTATORS);
  const [a, b] = await Promise.all([startServer(database), startServer(database)]);
  servers.push(a, b);
  return { a, b, keys };
}

async function itemOn(server: ChildServer, key: string, headers: Record<string, string>) {
  const response = await fetch(`${server.url}/api/studies/default/items/${key}`, { headers });
  expect(response.status).toBe(200);
  return annotationItemSchema.parse(await response.json());
}

describe('two app servers on one PostgreSQL', () => {
  it('share sessions and saves, give one winner per version, and limit wrong logins as one', {
    timeout: 180_000,
  }, async () => {
    const { a, b, keys } = await twoServers();
    const key = keys.ann1 ?? '';

    // Each answers the load balancer's health check from the one database.
    for (const server of [a, b])
      expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({
        ok: true,
        database: 'postgres',
      });

    // A session made on A works on B, and one ended on B is ended on A.
    const headers = await logInOver(a.url, 'ann1');
    const me = await fetch(`${b.url}/api/auth/me`, { headers });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'ann1' });
    const other = await logInOver(a.url, 'ann3');
    expect((await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: other })).status).toBe(204);
    expect((await fetch(`${a.url}/api/auth/me`, { headers: other })).status).toBe(401);

    // A save on A is read on B.
    const first = await saveOver(a.url, key, headers, 0, 'saved on A');
    expect(first.status).toBe(200);
    expect((await itemOn(b, key, headers)).annotation?.judgement.comment).toBe('saved on A');

    // The same version saved on A and on B at once: one 200, one 409, and the winner is what stands.
    let version = ((await first.json()) as { version: number }).version;
    for (let round = 0; round < ROUNDS; round += 1) {
      const [onA, onB] = await Promise.all([
        saveOver(a.url, key, headers, version, `A ${round}`),
        saveOver(b.url, key, headers, version, `B ${round}`),
      ]);
      expect([onA.status, onB.status].sort(), `round ${round}`).toEqual([200, 409]);
      const winner = onA.status === 200 ? `A ${round}` : `B ${round}`;
      version = ((await (onA.status === 200 ? onA : onB).json()) as { version: number }).version;
      await (onA.status === 200 ? onB : onA).body?.cancel();
      const stands = (await itemOn(round % 2 === 0 ? a : b, key, headers)).annotation;
      expect(stands?.version).toBe(version);
      expect(stands?.judgement.comment).toBe(winner);
    }

    // Wrong logins spread over A and B are counted as on one server.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await fetch(`${(attempt % 2 === 0 ? a : b).url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ann2', password: 'not the password' }),
      });
      statuses.push(response.status);
      await response.body?.cancel();
    }
    // Ten failures per name and address (DEFAULT_LOGIN_LIMITS), then refused, whichever server is asked.
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('loses no acknowledged save when A is killed during concurrent saves (read back through B)', {
    timeout: 120_000,
  }, async () => {
    const { a, b, keys } = await twoServers();
    const { acknowledged, total } = await savesUntilKilled(a, keys, ANNOTATORS, {
      savesBeforeKill: 120,
      maxMs: 60_000,
    });
    expect(a.child.signalCode).toBe('SIGKILL');

    const found = await expectAcknowledgedSaves(b.url, keys, acknowledged);
    expect(found).toBe(total);
  });
});
