import {
  findPostgresBin,
  startPostgresCluster,
  uniqueDatabaseName,
} from '../test/support/postgres-cluster.ts';
import { loadAverage } from './bench-worker.ts';
import type { Bench, BenchFigure } from './harness.ts';
import { postgresArgumentImport } from './import.bench.ts';
import { CONNECTIONS, measure } from './save.bench.ts';

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
 * - An import of `--pg-arguments` arguments (10,000 by default) through `importFile` against plain `pg`
 *   multi-row INSERTs of the same rows (import.bench.ts's `postgresArgumentImport`).
 *
 * `--pg-only saves,import` runs some of them. Skipped, with a line saying so, where PostgreSQL is not installed.
 */
const bench: Bench = {
  name: `PostgreSQL: annotation saves (${CONNECTIONS} connections), argument import, report load`,
  async run({ flags }) {
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
      if (wanted('saves')) await saveFigures(cluster.createDatabase, figures);
      if (wanted('import')) {
        const count = flags['pg-arguments'] === undefined ? 10_000 : Number(flags['pg-arguments']);
        figures.push(await postgresArgumentImport(cluster.url, count));
        console.log(`  load average after the import: ${loadAverage()}`);
      }
    } finally {
      await cluster.stop();
    }
    return figures;
  },
};
export default bench;

async function saveFigures(createDatabase: (name: string) => Promise<string>, figures: BenchFigure[]) {
  const saves = await measure('FULL', {
    floor: await createDatabase(uniqueDatabaseName('bench_save_floor')),
    app: await createDatabase(uniqueDatabaseName('bench_save_app')),
  });
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
  );
  console.log(`  load average after saves: ${loadAverage()}`);
}
