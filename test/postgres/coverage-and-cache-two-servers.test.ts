import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { assignDemoSample, loadDemo, loadDemoAnnotations } from '../../server/services/demo/demo.ts';
import { openDatabase } from '../../server/store/open.ts';
import { insertStudy } from '../../server/store/studies.ts';
import {
  type CoverageJobView,
  coverageJobSchema,
  coverageStateSchema,
} from '../../shared/coverage-check-api.ts';
import { addUser } from '../support/app.ts';
import { type ChildServer, logInOver, startServer } from '../support/child-server.ts';
import { createDatabaseOn, TEST_PG_ENV, uniqueDatabaseName } from '../support/postgres-cluster.ts';

/**
 * Coverage checks and the report cache on two app servers sharing one PostgreSQL database (issue 26):
 * a check started on A runs in A's worker, B follows it, refuses a second one and cancels it, and A's
 * worker stops; a report computed on A is served by B from the cache, byte for byte.
 */
const STUDY = '/api/studies/default';

const servers: ChildServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The CPU time (user + system, in clock ticks) the process has used so far, from /proc. */
function cpuTicks(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The CPU ticks `pid` uses over `ms`. */
async function cpuOver(pid: number | undefined, ms: number): Promise<number> {
  const before = cpuTicks(pid);
  await pause(ms);
  return cpuTicks(pid) - before;
}

async function jobOn(
  server: ChildServer,
  id: string,
  headers: Record<string, string>,
): Promise<CoverageJobView> {
  const response = await fetch(`${server.url}${STUDY}/coverage/jobs/${id}`, { headers });
  expect(response.status).toBe(200);
  return coverageJobSchema.parse(await response.json());
}

describe('coverage checks and the report cache on two app servers', () => {
  it('follow, refuse and cancel a check through the server that does not run it, and share a computed report', {
    timeout: 240_000,
  }, async () => {
    const base = process.env[TEST_PG_ENV];
    if (!base) throw new Error(`${TEST_PG_ENV} is not set: this test runs in the postgres project`);
    const database = await createDatabaseOn(base, uniqueDatabaseName('coverage'));
    const db = await openDatabase(database);
    const { demo } = await loadDemo(db);
    await assignDemoSample(db);
    await loadDemoAnnotations(db, demo);
    await insertStudy(db, 'other');
    await addUser(db, 'boss', ['admin']);
    await db.close();
    const [a, b] = await Promise.all([startServer(database), startServer(database)]);
    servers.push(a, b);
    const headers = await logInOver(a.url, 'boss');

    // A report computed on A is served by B from the cache: the same bytes, generated_at included.
    const onA = await fetch(`${a.url}${STUDY}/report?replicates=20&seed=4`, { headers });
    expect([onA.status, onA.headers.get('x-report-cache')]).toEqual([200, 'miss']);
    const onB = await fetch(`${b.url}${STUDY}/report?replicates=20&seed=4`, { headers });
    expect([onB.status, onB.headers.get('x-report-cache')]).toEqual([200, 'hit']);
    const [textA, textB] = [await onA.text(), await onB.text()];
    expect(textB).toBe(textA);
    expect(JSON.parse(textB).meta.replicates).toBe(20);
    // And a report job started on B is done at once from it, with the same bytes.
    const cachedJob = await fetch(`${b.url}${STUDY}/report/jobs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ replicates: 20, seed: 4 }),
    });
    expect(cachedJob.status).toBe(202);
    const cachedView = (await cachedJob.json()) as { id: string; status: string; cached: boolean };
    expect(cachedView).toMatchObject({ status: 'done', cached: true });
    const result = await fetch(`${a.url}${STUDY}/report/jobs/${cachedView.id}/result`, { headers });
    expect(await result.text()).toBe(textA);

    // A long check started on A: B sees it simulate, its progress moving.
    const started = await fetch(`${a.url}${STUDY}/coverage/jobs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ replicates: 2000, bootstrap: 200, seed: 1 }),
    });
    expect(started.status).toBe(202);
    const job = coverageJobSchema.parse(await started.json());
    const seen = new Set<number>();
    let current = job;
    for (let polls = 0; seen.size < 2 && current.status === 'running' && polls < 4_000; polls += 1) {
      await pause(25);
      current = await jobOn(b, job.id, headers);
      if (current.progress.phase === 'simulating') seen.add(current.progress.done);
    }
    expect(current.status).toBe('running');
    expect(seen.size).toBe(2);
    const state = coverageStateSchema.parse(
      await (await fetch(`${b.url}${STUDY}/coverage`, { headers })).json(),
    );
    expect(state.job?.id).toBe(job.id);

    // A second start on B is refused: 409 naming the job for this study, 429 for another.
    const again = await fetch(`${b.url}${STUDY}/coverage/jobs`, { method: 'POST', headers, body: '{}' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { details: unknown } }).error.details).toEqual({
      jobId: job.id,
    });
    const other = await fetch(`${b.url}/api/studies/other/coverage/jobs`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(other.status).toBe(429);

    // B cancels it; A's worker stops: A's process goes from simulating to idle.
    const running = await cpuOver(a.child.pid, 2_000);
    const cancelled = await fetch(`${b.url}${STUDY}/coverage/jobs/${job.id}`, { method: 'DELETE', headers });
    expect(cancelled.status).toBe(204);
    for (const server of [a, b])
      expect(await jobOn(server, job.id, headers)).toMatchObject({ status: 'cancelled', check: null });
    await pause(500);
    const after = await cpuOver(a.child.pid, 2_000);
    console.log(`A's CPU ticks over 2 s: ${running} while the check ran, ${after} after B cancelled it`);
    expect(running).toBeGreaterThan(20);
    expect(after).toBeLessThan(running / 4);
    expect((await jobOn(a, job.id, headers)).status).toBe('cancelled');
    // Nothing runs anymore: a study without gold is now told what to do, on either server.
    const noGold = await fetch(`${a.url}/api/studies/other/coverage/jobs`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(noGold.status).toBe(409);
    // A second DELETE, on A, forgets it on both.
    expect(
      (await fetch(`${a.url}${STUDY}/coverage/jobs/${job.id}`, { method: 'DELETE', headers })).status,
    ).toBe(204);
    for (const server of [a, b])
      expect((await fetch(`${server.url}${STUDY}/coverage/jobs/${job.id}`, { headers })).status).toBe(404);
  });
});
