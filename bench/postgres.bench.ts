import {
  findPostgresBin,
  startPostgresCluster,
  uniqueDatabaseName,
} from '../test/support/postgres-cluster.ts';
import { loadAverage } from './bench-worker.ts';
import type { Bench, BenchFigure } from './harness.ts';
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
 * Skipped, with a line saying so, where PostgreSQL is not installed.
 */
const bench: Bench = {
  name: `PostgreSQL: annotation saves (${CONNECTIONS} connections)`,
  async run() {
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
      const saves = await measure('FULL', {
        floor: await cluster.createDatabase(uniqueDatabaseName('bench_save_floor')),
        app: await cluster.createDatabase(uniqueDatabaseName('bench_save_app')),
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
    } finally {
      await cluster.stop();
    }
    return figures;
  },
};
export default bench;
