import { buildJudgement } from '../test/factories.ts';
import { closedLoop, httpRequest, loadAverage, quantile, startWorker } from './bench-worker.ts';
import { ownCpuSeconds } from './cpu-time.ts';
import type { Bench, BenchFigure } from './harness.ts';
import type { SaveServerOptions, SaveServerReady } from './save-server.ts';

/**
 * Annotation saves through the real app — HTTP keep-alive, session and CSRF, validation, the
 * optimistic version check, the annotation row, its history and its audit entry in one transaction —
 * on a WAL database file, 10 connections (each an annotator saving their own item, one request at a
 * time). The floor is bare Express 5 whose one route parses the same JSON body and runs one prepared
 * UPSERT of a judgement-sized row, on a WAL file in the same `synchronous` mode. Both servers run in a
 * worker thread (an event loop of their own); the load generator is this thread's node:http keep-alive
 * agent, in one-second slices alternating between the two servers (`measure`). The app
 * runs `synchronous = FULL` (docs/decisions/012-synchronous.md); NORMAL is measured too.
 */
const SLICES = 6;
export const CONNECTIONS = 10;
const SERVER = new URL('./save-server.ts', import.meta.url);

type Session = { path: string; headers: Record<string, string>; version: number };

/** Starts a save server and signs its annotators in; `slice` then runs the 10 connections for a while. */
export async function server(options: SaveServerOptions) {
  const { worker, ready } = await startWorker<SaveServerReady>(SERVER, options);
  const sessions = await Promise.all(
    ready.keys.map(async (key, index): Promise<Session> => {
      if (options.kind === 'floor') return { path: `/floor/${key}`, headers: {}, version: 0 };
      const login = await httpRequest(
        ready.port,
        'POST',
        '/api/auth/login',
        { 'content-type': 'application/json' },
        JSON.stringify({ username: `ann${index}`, password: `ann${index}-password` }),
      );
      const cookies = ([] as string[])
        .concat(login.headers['set-cookie'] ?? [])
        .map((cookie) => cookie.split(';')[0] ?? '');
      const csrf = cookies.find((cookie) => cookie.startsWith('fa_csrf='))?.slice('fa_csrf='.length) ?? '';
      return {
        path: `/api/studies/default/items/${key}/annotation`,
        headers: { cookie: cookies.join('; '), 'x-csrf-token': csrf },
        version: 0,
      };
    }),
  );
  const body = { action: 'save', judgement: buildJudgement({ comment: 'x'.repeat(200) }), secondsSpent: 1 };
  const slice = (seconds: number) =>
    closedLoop(
      CONNECTIONS,
      seconds,
      async (connection) => {
        const session = sessions[connection % sessions.length];
        if (!session) throw new Error('no session');
        const answer = await httpRequest(
          ready.port,
          'PUT',
          session.path,
          { 'content-type': 'application/json', ...session.headers },
          JSON.stringify({ ...body, version: session.version }),
        );
        if (answer.status !== 200) throw new Error(`save answered ${answer.status}: ${answer.text}`);
        session.version = (JSON.parse(answer.text) as { version: number }).version;
      },
      0.2,
    );
  return { slice, stop: () => worker.terminate() };
}

/**
 * The app and the floor in alternating one-second slices, SLICES each: the disk's fsync rate and the
 * machine's load move by the second on a shared machine, and both sides then see the same moments.
 * Around each slice the CPU time of this process (the load generator and the server's worker thread)
 * is read, and that of the database server when `databaseCpu` reads it (PostgreSQL's processes): per
 * request, where a save's work goes, beside what the floor spends on its one UPSERT.
 */
export async function measure(
  synchronous: SaveServerOptions['synchronous'],
  postgres?: { floor: string; app: string },
  databaseCpu?: () => number,
) {
  const where = (kind: 'floor' | 'app') => (postgres ? { postgres: postgres[kind] } : {});
  const floor = await server({ kind: 'floor', synchronous, annotators: CONNECTIONS, ...where('floor') });
  const app = await server({ kind: 'app', synchronous, annotators: CONNECTIONS, ...where('app') });
  const latencies = { floor: [] as number[], app: [] as number[] };
  const cpu = { floor: { own: 0, database: 0 }, app: { own: 0, database: 0 } };
  const timedSlice = async (kind: 'floor' | 'app') => {
    const own = ownCpuSeconds();
    const database = databaseCpu?.() ?? 0;
    latencies[kind].push(...(await (kind === 'floor' ? floor : app).slice(1)).latencies);
    cpu[kind].own += ownCpuSeconds() - own;
    cpu[kind].database += (databaseCpu?.() ?? 0) - database;
  };
  for (let index = 0; index < SLICES; index += 1) {
    await timedSlice('floor');
    await timedSlice('app');
  }
  await Promise.all([floor.stop(), app.stop()]);
  const summary = (kind: 'floor' | 'app') => {
    const values = latencies[kind].sort((a, b) => a - b);
    const msPer = (seconds: number) => (1000 * seconds) / Math.max(1, values.length);
    return {
      perSecond: values.length / SLICES,
      p50: quantile(values, 0.5),
      p99: quantile(values, 0.99),
      ownCpuMs: msPer(cpu[kind].own),
      databaseCpuMs: msPer(cpu[kind].database),
    };
  };
  return { floor: summary('floor'), app: summary('app') };
}

const bench: Bench = {
  name: `annotation saves through the app, ${CONNECTIONS} connections (WAL; synchronous FULL and NORMAL)`,
  async run() {
    const figures: BenchFigure[] = [];
    console.log(`  load average before: ${loadAverage()}`);
    for (const synchronous of ['FULL', 'NORMAL'] as const) {
      const { floor, app } = await measure(synchronous);
      const name = `bare Express 5 + one prepared UPSERT, ${synchronous}`;
      figures.push(
        {
          name: `saves per second, ${synchronous}`,
          value: app.perSecond,
          unit: 'req/s',
          floor: { name, value: floor.perSecond },
        },
        { name: `save p50, ${synchronous}`, value: app.p50, unit: 'ms', floor: { name, value: floor.p50 } },
        { name: `save p99, ${synchronous}`, value: app.p99, unit: 'ms', floor: { name, value: floor.p99 } },
      );
    }
    console.log(`  load average after: ${loadAverage()}`);
    return figures;
  },
};
export default bench;
