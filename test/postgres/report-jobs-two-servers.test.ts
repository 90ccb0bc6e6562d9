import { afterAll, describe, expect, it } from 'vitest';
import { assignDemoSample, loadDemo, loadDemoAnnotations } from '../../server/services/demo/demo.ts';
import { openDatabase } from '../../server/store/open.ts';
import { type ReportJobView, reportJobSchema } from '../../shared/report-jobs-api.ts';
import { addUser } from '../support/app.ts';
import { type ChildServer, logInOver, startServer } from '../support/child-server.ts';
import { createDatabaseOn, TEST_PG_ENV, uniqueDatabaseName } from '../support/postgres-cluster.ts';

/**
 * Report jobs on two app servers sharing one PostgreSQL database (issue 26): a job started on A runs
 * in A's worker, and B shows its progress, serves its result and cancels it, as one server would.
 */
const REPORT = '/api/studies/default/report';

const servers: ChildServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
});

async function jobOn(
  server: ChildServer,
  id: string,
  headers: Record<string, string>,
): Promise<ReportJobView> {
  const response = await fetch(`${server.url}${REPORT}/jobs/${id}`, { headers });
  expect(response.status).toBe(200);
  return reportJobSchema.parse(await response.json());
}

async function start(
  server: ChildServer,
  headers: Record<string, string>,
  settings: { replicates: number; seed: number },
): Promise<ReportJobView> {
  const response = await fetch(`${server.url}${REPORT}/jobs`, {
    method: 'POST',
    headers,
    body: JSON.stringify(settings),
  });
  expect(response.status).toBe(202);
  return reportJobSchema.parse(await response.json());
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('report jobs on two app servers', () => {
  it('are followed, fetched and cancelled through the server that does not run them', {
    timeout: 240_000,
  }, async () => {
    const base = process.env[TEST_PG_ENV];
    if (!base) throw new Error(`${TEST_PG_ENV} is not set: this test runs in the postgres project`);
    const database = await createDatabaseOn(base, uniqueDatabaseName('jobs'));
    const db = await openDatabase(database);
    const { demo } = await loadDemo(db);
    await assignDemoSample(db);
    await loadDemoAnnotations(db, demo);
    await addUser(db, 'boss', ['admin']);
    await db.close();
    const [a, b] = await Promise.all([startServer(database), startServer(database)]);
    servers.push(a, b);
    const headers = await logInOver(a.url, 'boss');

    // A short job started on A: B follows it to the end and serves the very bytes A serves.
    const short = await start(a, headers, { replicates: 50, seed: 5 });
    let seen = short;
    for (let polls = 0; seen.status === 'running' && polls < 2_000; polls += 1) {
      await pause(25);
      seen = await jobOn(b, short.id, headers);
    }
    expect(seen).toMatchObject({ status: 'done', cached: false, result: `jobs/${short.id}/result` });
    const [onA, onB] = await Promise.all(
      [a, b].map((server) => fetch(`${server.url}${REPORT}/${seen.result}`, { headers })),
    );
    expect([onA?.status, onB?.status]).toEqual([200, 200]);
    const [textA, textB] = await Promise.all([onA?.text(), onB?.text()]);
    expect(textB).toBe(textA);
    expect(JSON.parse(textB ?? '{}').meta.replicates).toBe(50);
    expect(await jobOn(a, short.id, headers)).toEqual(seen);

    // A long job on A, followed on B to its end: how long it takes here.
    const began = Date.now();
    let whole = await start(a, headers, { replicates: 10_000, seed: 8 });
    for (let polls = 0; whole.status === 'running' && polls < 4_000; polls += 1) {
      await pause(25);
      whole = await jobOn(b, whole.id, headers);
    }
    expect(whole.status).toBe('done');
    const full = Date.now() - began;
    // And what a report without replicates takes (rows loaded, a worker started).
    const zeroBegan = Date.now();
    const zeroReport = await fetch(`${a.url}${REPORT}?replicates=0&seed=9`, { headers });
    expect(zeroReport.headers.get('x-report-cache')).toBe('miss');
    await zeroReport.text();
    const zero = Date.now() - zeroBegan;

    // Another long job started on A: B sees its progress move, then cancels it.
    const long = await start(a, headers, { replicates: 10_000, seed: 6 });
    expect(long.status).toBe('running');
    const progress = new Set<string>([JSON.stringify(long.progress)]);
    let current = long;
    for (let polls = 0; progress.size < 2 && current.status === 'running' && polls < 2_000; polls += 1) {
      await pause(25);
      current = await jobOn(b, long.id, headers);
      progress.add(JSON.stringify(current.progress));
    }
    expect(current.status).toBe('running');
    expect(progress.size).toBeGreaterThan(1);
    expect(current.progress.step).toBeGreaterThan(long.progress.step);

    const cancelled = await fetch(`${b.url}${REPORT}/jobs/${long.id}`, { method: 'DELETE', headers });
    expect(cancelled.status).toBe(204);
    for (const server of [a, b]) {
      const job = await jobOn(server, long.id, headers);
      expect(job).toMatchObject({ status: 'cancelled', result: null });
      expect(job.finishedAt).not.toBeNull();
      expect((await fetch(`${server.url}${REPORT}/jobs/${long.id}/result`, { headers })).status).toBe(409);
    }
    // A stopped its worker: the next report A computes does not wait behind 10,000 replicates.
    const before = Date.now();
    const next = await fetch(`${a.url}${REPORT}?replicates=0&seed=7`, { headers });
    expect(next.status).toBe(200);
    expect(next.headers.get('x-report-cache')).toBe('miss');
    await next.text();
    const waited = Date.now() - before;
    // And the job stays cancelled: A's worker wrote no outcome over it.
    await pause(500);
    expect((await jobOn(a, long.id, headers)).status).toBe('cancelled');

    // A second DELETE, on A, forgets it on both.
    expect((await fetch(`${a.url}${REPORT}/jobs/${long.id}`, { method: 'DELETE', headers })).status).toBe(
      204,
    );
    for (const server of [a, b])
      expect((await fetch(`${server.url}${REPORT}/jobs/${long.id}`, { headers })).status).toBe(404);
    // Had A's worker gone on, the report would have waited for most of a long job.
    expect(waited - zero).toBeLessThan((full - zero) / 2);
  });
});
