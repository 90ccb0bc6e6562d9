import { buildJudgement } from '../test/factories.ts';
import { closedLoop, httpRequest, loadAverage, startWorker } from './bench-worker.ts';
import type { Bench, BenchFigure } from './harness.ts';
import type { SaveServerOptions, SaveServerReady } from './save-server.ts';

/**
 * Annotation saves through the real app — HTTP keep-alive, session and CSRF, validation, the
 * optimistic version check, the annotation row, its history and its audit entry in one transaction —
 * on a WAL database file, 10 connections (each an annotator saving their own item, one request at a
 * time). The floor is bare Express 5 whose one route parses the same JSON body and runs one prepared
 * UPSERT of a judgement-sized row, on a WAL file in the same `synchronous` mode. Both servers run in a
 * worker thread (an event loop of their own); the load generator is this thread's `fetch`. The app
 * runs `synchronous = FULL` (docs/decisions/012-synchronous.md); NORMAL is measured too.
 */
const SECONDS = 4;
const CONNECTIONS = 10;
const SERVER = new URL('./save-server.ts', import.meta.url);

async function measure(options: SaveServerOptions) {
  const { worker, ready } = await startWorker<SaveServerReady>(SERVER, options);
  const body = { action: 'save', judgement: buildJudgement({ comment: 'x'.repeat(200) }), secondsSpent: 1 };
  const sessions = await Promise.all(
    ready.keys.map(
      async (key, index): Promise<{ path: string; headers: Record<string, string>; version: number }> => {
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
      },
    ),
  );
  const result = await closedLoop(CONNECTIONS, SECONDS, async (connection) => {
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
  });
  await worker.terminate();
  return result;
}

const bench: Bench = {
  name: `annotation saves through the app, ${CONNECTIONS} connections (WAL; synchronous FULL and NORMAL)`,
  async run() {
    const figures: BenchFigure[] = [];
    console.log(`  load average before: ${loadAverage()}`);
    for (const synchronous of ['FULL', 'NORMAL'] as const) {
      const floor = await measure({ kind: 'floor', synchronous, annotators: CONNECTIONS });
      const app = await measure({ kind: 'app', synchronous, annotators: CONNECTIONS });
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
