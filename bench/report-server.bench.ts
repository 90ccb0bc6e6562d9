import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { httpRequest, loadAverage, quantile, startWorker } from './bench-worker.ts';
import type { Bench, BenchFigure } from './harness.ts';
import { BENCH_ADMIN, writeStudyDatabase } from './study-database.ts';
import { syntheticStudy } from './synthetic-study.ts';

/**
 * The server while it computes a report: the real app in a worker thread (an event loop of its own,
 * as in its own process) on a database file holding the synthetic study at `--scale` (1: the paper's
 * 720 arguments and 50 gold; 100: 72,000 and 5,000; texts of 3,000 characters), imported the CLI's
 * way. This thread asks `GET /api/health` every 20 ms — first with nothing else running (the floor),
 * then while `GET …/report?replicates=REPLICATES` runs — and prints the latencies' p50, p99 and max,
 * the report's own time, and the same report asked again (served from the cache).
 */
const REPLICATES = Number(process.env.REPORT_SERVER_REPLICATES ?? 2000);
const FLOOR_SECONDS = 10;
const PING_GAP_MS = 20;

async function ping(port: number): Promise<number> {
  const started = performance.now();
  const answer = await httpRequest(port, 'GET', '/api/health');
  if (answer.status !== 200) throw new Error(`health answered ${answer.status}`);
  return performance.now() - started;
}

/** Pings every PING_GAP_MS until `done()`; returns the latencies in ascending order. */
async function pingUntil(port: number, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!done()) {
    latencies.push(await ping(port));
    await new Promise((resolve) => setTimeout(resolve, PING_GAP_MS));
  }
  return latencies.sort((a, b) => a - b);
}

const bench: Bench = {
  name: `/api/health while the server computes a report (${REPLICATES.toLocaleString('en-US')} replicates)`,
  async run(options?: { scale: number }) {
    const scale = options?.scale ?? 1;
    const dir = mkdtempSync(join(tmpdir(), 'fa-bench-report-server-'));
    const file = join(dir, 'study.db');
    const buildStart = performance.now();
    const input = syntheticStudy({ perCell: 30 * scale, gold: { count: 50 * scale }, textLength: 3000 });
    await writeStudyDatabase(file, input);
    console.log(
      `  study: ${input.arguments.length.toLocaleString('en-US')} arguments, ${input.gold.length.toLocaleString('en-US')} gold, written in ${((performance.now() - buildStart) / 1000).toFixed(1)} s`,
    );
    console.log(`  load average before: ${loadAverage()}`);
    const { worker, ready } = await startWorker<{ port: number }>(
      new URL('./report-server.ts', import.meta.url),
      {
        file,
      },
    );
    const { port } = ready;
    const login = await httpRequest(
      port,
      'POST',
      '/api/auth/login',
      { 'content-type': 'application/json' },
      JSON.stringify(BENCH_ADMIN),
    );
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .map((value) => value.split(';')[0] ?? '')
      .join('; ');

    type Delay = { p50: number; p99: number; max: number };
    const eventLoopDelay = (): Promise<Delay> =>
      new Promise((resolve) => {
        worker.once('message', resolve);
        worker.postMessage('read');
      });
    worker.postMessage('reset');
    const floorEnd = performance.now() + FLOOR_SECONDS * 1000;
    const floor = await pingUntil(port, () => performance.now() > floorEnd);
    const floorDelay = await eventLoopDelay();
    worker.postMessage('reset');

    const path = `/api/studies/bench/report?format=json&replicates=${REPLICATES}`;
    let done = false;
    const reportStart = performance.now();
    const report = httpRequest(port, 'GET', path, { cookie }).finally(() => {
      done = true;
    });
    const during = await pingUntil(port, () => done);
    const answer = await report;
    const reportDelay = await eventLoopDelay();
    const reportSeconds = (performance.now() - reportStart) / 1000;
    if (answer.status !== 200)
      throw new Error(`the report answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    const cachedStart = performance.now();
    const cached = await httpRequest(port, 'GET', path, { cookie });
    const cachedMs = performance.now() - cachedStart;
    if (cached.headers['x-report-cache'] !== 'hit')
      throw new Error('the second report was not served from the cache');
    await worker.terminate();
    console.log(
      `  load average after: ${loadAverage()}; ${during.length} pings during the report, ${floor.length} before`,
    );

    const healthFloor = (q: number) => ({
      name: 'the same pings with no report running',
      value: quantile(floor, q),
    });
    const figures: BenchFigure[] = [
      {
        name: '/api/health p50 during the report',
        value: quantile(during, 0.5),
        unit: 'ms',
        floor: healthFloor(0.5),
      },
      {
        name: '/api/health p99 during the report',
        value: quantile(during, 0.99),
        unit: 'ms',
        floor: healthFloor(0.99),
      },
      {
        name: '/api/health max during the report',
        value: during.at(-1) ?? Number.NaN,
        unit: 'ms',
        floor: healthFloor(1),
      },
      ...(['p50', 'p99', 'max'] as const).map((q) => ({
        name: `the server's event-loop delay ${q} during the report`,
        value: reportDelay[q],
        unit: 'ms',
        floor: { name: 'the same with no report running', value: floorDelay[q] },
      })),
      {
        name: `the report itself (${answer.text.length.toLocaleString('en-US')} bytes of JSON)`,
        value: reportSeconds,
        unit: 's',
      },
      { name: 'the same report again (X-Report-Cache: hit)', value: cachedMs, unit: 'ms' },
    ];
    return figures;
  },
};
export default bench;
