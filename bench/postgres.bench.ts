import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadReportInput } from '../server/services/report/study-report.ts';
import { requireStudy } from '../server/services/study/studies.ts';
import type { Db } from '../server/store/db.ts';
import { openDatabase } from '../server/store/open.ts';
import { buildJudgement } from '../test/factories.ts';
import { logInOver, seedAnnotators, startServer } from '../test/support/child-server.ts';
import {
  findPostgresBin,
  type PostgresCluster,
  startPostgresCluster,
  uniqueDatabaseName,
} from '../test/support/postgres-cluster.ts';
import { closedLoop, httpRequest, loadAverage, quantile } from './bench-worker.ts';
import { clusterCpuSeconds } from './cpu-time.ts';
import type { Bench, BenchFigure } from './harness.ts';
import { postgresArgumentImport } from './import.bench.ts';
import { CONNECTIONS, measure } from './save.bench.ts';
import { writeStudyDatabase } from './study-database.ts';
import { syntheticStudy } from './synthetic-study.ts';

/**
 * Issue 26's PostgreSQL figures, on one throw-away cluster per run (test/support/postgres-cluster.ts:
 * Debian's binaries, loopback, `fsync`, `synchronous_commit` and `full_page_writes` off — so these are
 * figures of the app's and the driver's work, not of a disk's flushes; the floors run on the same
 * cluster and see the same settings).
 *
 * - Saves through the app (the SQLite save bench's request shape, its 10 connections, the same
 *   alternating one-second slices) on a database of its own, against bare Express 5 + a `pg.Pool` of
 *   10 doing one UPSERT per request on another.
 *
 * - Two app servers (`npm start`'s entry as child processes, test/support/child-server.ts) on one
 *   database, the 10 connections split 5 + 5, against one such server taking all 10, in alternating
 *   one-second slices on the same database and annotators.
 *
 * - An import of `--pg-arguments` arguments (10,000 by default) through `importFile` against plain `pg`
 *   multi-row INSERTs of the same rows (import.bench.ts's `postgresArgumentImport`).
 *
 * - The report's load (`loadReportInput`: every row the report is computed from, in one transaction)
 *   of the same study — `--scale` × the paper's, as report.bench.ts makes it, written by
 *   study-database.ts — from PostgreSQL against from a SQLite file: the best of 3 each, alternating;
 *   once just written, once after a VACUUM ANALYZE (what autovacuum does to new rows within minutes).
 *
 * `--pg-only saves,two-servers,import,report` runs some of them. Skipped, with a line saying so, where PostgreSQL is not installed.
 */
const bench: Bench = {
  name: `PostgreSQL: annotation saves (${CONNECTIONS} connections), argument import, report load`,
  async run({ flags, scale }) {
    const only = flags['pg-only']?.split(',');
    const wanted = (part: string) => !only || only.includes(part);
    try {
      findPostgresBin();
    } catch (error) {
      console.log(`  skipped: ${(error as Error).message}`);
      return [];
    }
    console.log(`  load average before: ${loadAverage()}`);
    const cluster = await startPostgresCluster();
    const figures: BenchFigure[] = [];
    try {
      if (wanted('saves')) await saveFigures(cluster, figures);
      if (wanted('two-servers'))
        figures.push(
          ...(await twoServerFigures(await cluster.createDatabase(uniqueDatabaseName('bench_two')))),
        );
      if (wanted('import')) {
        const count = flags['pg-arguments'] === undefined ? 10_000 : Number(flags['pg-arguments']);
        figures.push(await postgresArgumentImport(cluster.url, count));
        console.log(`  load average after the import: ${loadAverage()}`);
      }
      if (wanted('report')) {
        figures.push(
          ...(await reportLoadFigures(
            scale,
            await cluster.createDatabase(uniqueDatabaseName('bench_report')),
          )),
        );
        console.log(`  load average after the report load: ${loadAverage()}`);
      }
    } finally {
      await cluster.stop();
    }
    return figures;
  },
};
export default bench;

async function saveFigures(cluster: PostgresCluster, figures: BenchFigure[]) {
  const saves = await measure(
    'FULL',
    {
      floor: await cluster.createDatabase(uniqueDatabaseName('bench_save_floor')),
      app: await cluster.createDatabase(uniqueDatabaseName('bench_save_app')),
    },
    () => clusterCpuSeconds(cluster.dataDir),
  );
  const name = 'bare Express 5 + pg.Pool(10), one UPSERT per request';
  figures.push(
    {
      name: 'saves per second, PostgreSQL',
      value: saves.app.perSecond,
      unit: 'req/s',
      floor: { name, value: saves.floor.perSecond },
    },
    {
      name: 'save p50, PostgreSQL',
      value: saves.app.p50,
      unit: 'ms',
      floor: { name, value: saves.floor.p50 },
    },
    {
      name: 'save p99, PostgreSQL',
      value: saves.app.p99,
      unit: 'ms',
      floor: { name, value: saves.floor.p99 },
    },
    // Where a save's time goes on two shared cores: the throughput of either side is about 2 cores
    // over the sum of these two figures (plus the kernel's share of loopback TCP).
    {
      name: 'CPU per save, this process (load generator + server thread)',
      value: 1000 * saves.app.ownCpuMs,
      unit: 'µs',
      floor: { name, value: 1000 * saves.floor.ownCpuMs },
    },
    {
      name: 'CPU per save, PostgreSQL (postmaster and backends)',
      value: 1000 * saves.app.databaseCpuMs,
      unit: 'µs',
      floor: { name, value: 1000 * saves.floor.databaseCpuMs },
    },
  );
  console.log(`  load average after saves: ${loadAverage()}`);
}

/**
 * `loadReportInput` of the `scale` study from PostgreSQL (`url`, empty) against from a SQLite file:
 * right after the study was written, and again after a `VACUUM ANALYZE` of the PostgreSQL database.
 */
async function reportLoadFigures(scale: number, url: string): Promise<BenchFigure[]> {
  const input = syntheticStudy({ perCell: 30 * scale, gold: { count: 50 * scale } });
  const file = join(mkdtempSync(join(tmpdir(), 'fa-bench-pg-report-')), 'report.db');
  let start = performance.now();
  await writeStudyDatabase(file, input);
  const sqliteWrite = performance.now() - start;
  start = performance.now();
  await writeStudyDatabase(url, input);
  console.log(
    `  study written (${input.arguments.length.toLocaleString('en-US')} arguments): SQLite ${Math.round(sqliteWrite)} ms, PostgreSQL ${Math.round(performance.now() - start)} ms`,
  );
  const sqlite = await openDatabase(file);
  const postgres = await openDatabase(url);
  const load = async (db: Db) => {
    const study = await requireStudy(db, 'bench');
    const begun = performance.now();
    const { input: loaded } = await loadReportInput(db, study);
    if (loaded.arguments.length !== input.arguments.length)
      throw new Error(`loaded ${loaded.arguments.length} of ${input.arguments.length} arguments`);
    return performance.now() - begun;
  };
  const measureBoth = async () => {
    await load(sqlite);
    await load(postgres);
    let sqliteBest = Number.POSITIVE_INFINITY;
    let postgresBest = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round += 1) {
      sqliteBest = Math.min(sqliteBest, await load(sqlite));
      postgresBest = Math.min(postgresBest, await load(postgres));
    }
    return { sqliteBest, postgresBest };
  };
  const name = `report load (loadReportInput, ${input.arguments.length.toLocaleString('en-US')} arguments) from PostgreSQL`;
  const floor = 'the same from a SQLite file';
  // Just written: autovacuum has not visited the new rows yet, and may do so while the loads run.
  const fresh = await measureBoth();
  console.log(`  load average after the first loads: ${loadAverage()}`);
  // Settled: what autovacuum makes of the tables within minutes (visibility map, statistics), done
  // now so that it does not run beside the timed loads. SQLite has nothing to settle.
  start = performance.now();
  await postgres.exec('VACUUM ANALYZE');
  console.log(`  VACUUM ANALYZE: ${Math.round(performance.now() - start)} ms`);
  const settled = await measureBoth();
  await Promise.all([sqlite.close(), postgres.close()]);
  return [
    {
      name: `${name}, just written`,
      value: fresh.postgresBest,
      unit: 'ms',
      floor: { name: floor, value: fresh.sqliteBest },
    },
    {
      name: `${name}, after VACUUM ANALYZE`,
      value: settled.postgresBest,
      unit: 'ms',
      floor: { name: floor, value: settled.sqliteBest },
    },
  ];
}

const TWO_SERVER_SLICES = 6;

/** Saves through two child-process servers on `url` (5 + 5 connections) against one (10). */
async function twoServerFigures(url: string): Promise<BenchFigure[]> {
  const names = Array.from({ length: CONNECTIONS }, (_, index) => `ann${index}`);
  const keys = await seedAnnotators(url, names);
  const servers = [await startServer(url), await startServer(url)];
  try {
    const ports = servers.map((server) => Number(new URL(server.url).port));
    const [first] = servers;
    if (!first) throw new Error('no server');
    const sessions = await Promise.all(
      names.map(async (name) => ({
        path: `/api/studies/default/items/${keys[name] ?? ''}/annotation`,
        headers: await logInOver(first.url, name),
        version: 0,
      })),
    );
    const body = { action: 'save', judgement: buildJudgement({ comment: 'x'.repeat(200) }), secondsSpent: 1 };
    const slice = (serverOf: (connection: number) => number) =>
      closedLoop(
        CONNECTIONS,
        1,
        async (connection) => {
          const session = sessions[connection];
          const port = ports[serverOf(connection)];
          if (!session || port === undefined) throw new Error('no session');
          const answer = await httpRequest(
            port,
            'PUT',
            session.path,
            session.headers,
            JSON.stringify({ ...body, version: session.version }),
          );
          if (answer.status !== 200) throw new Error(`save answered ${answer.status}: ${answer.text}`);
          session.version = (JSON.parse(answer.text) as { version: number }).version;
        },
        0.2,
      );
    const one: number[] = [];
    const two: number[] = [];
    for (let index = 0; index < TWO_SERVER_SLICES; index += 1) {
      one.push(...(await slice(() => 0)).latencies);
      two.push(...(await slice((connection) => connection % 2)).latencies);
    }
    one.sort((a, b) => a - b);
    two.sort((a, b) => a - b);
    const name = 'one app server (child process), all 10 connections';
    console.log(`  load average after two servers: ${loadAverage()}`);
    return [
      {
        name: 'saves per second, two app servers on one PostgreSQL database',
        value: two.length / TWO_SERVER_SLICES,
        unit: 'req/s',
        floor: { name, value: one.length / TWO_SERVER_SLICES },
      },
      {
        name: 'save p99, two app servers',
        value: quantile(two, 0.99),
        unit: 'ms',
        floor: { name, value: quantile(one, 0.99) },
      },
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
  }
}
