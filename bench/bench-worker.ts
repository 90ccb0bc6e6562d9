import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { Worker } from 'node:worker_threads';

const TSX_API = import.meta.resolve('tsx/esm/api');

/**
 * Starts `entry` (a bench module that listens on a port) in a worker thread, through tsx as the
 * server runs, and resolves with the first message it posts (its port and whatever the client needs).
 * The load generator stays on the main thread, so the measured server has an event loop of its own,
 * as it would in its own process.
 */
export function startWorker<Ready>(entry: URL, data: unknown): Promise<{ worker: Worker; ready: Ready }> {
  const bootstrap = `import(${JSON.stringify(TSX_API)})
    .then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })
    .catch((error) => { console.error(error); process.exit(1); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', (ready: Ready) => resolve({ worker, ready }));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the bench worker exited with code ${code}`)));
  });
}

/** The `q`-quantile of ascending `sorted` (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * Runs `connections` loops of `request` against a server for `seconds` (after `warmupSeconds` of the
 * same loops whose figures are dropped); each loop waits for its answer before asking again, as an
 * autocannon connection does. Returns requests per second and the latency quantiles in ms.
 */
export async function closedLoop(
  connections: number,
  seconds: number,
  request: (connection: number) => Promise<void>,
  warmupSeconds = 0.5,
): Promise<{ perSecond: number; p50: number; p99: number; count: number; latencies: number[] }> {
  const latencies: number[] = [];
  const warmupEnd = performance.now() + warmupSeconds * 1000;
  const end = warmupEnd + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      for (;;) {
        const started = performance.now();
        if (started >= end) return;
        await request(connection);
        if (started >= warmupEnd) latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    count: latencies.length,
    latencies,
  };
}

const agents = new Map<number, Agent>();

/**
 * One HTTP request over a keep-alive connection pool (node:http, lighter than `fetch` on the client
 * side, so the load generator takes less of the machine the server runs on). Resolves with the
 * status and the body text.
 */
export function httpRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  let agent = agents.get(port);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 64 });
    agents.set(port, agent);
  }
  const pool = agent;
  const attempt = (retry: boolean) =>
    new Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }>(
      (resolve, reject) => {
        const outgoing = request(
          {
            host: '127.0.0.1',
            port,
            path,
            method,
            agent: pool,
            headers:
              body === undefined
                ? headers
                : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          },
          (incoming) => {
            let text = '';
            incoming.setEncoding('utf8');
            incoming.on('data', (chunk: string) => {
              text += chunk;
            });
            incoming.on('end', () =>
              resolve({ status: incoming.statusCode ?? 0, text, headers: incoming.headers }),
            );
            incoming.on('error', reject);
          },
        );
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive socket the server closed while idle (its keep-alive timeout) fails the next
          // request sent on it before any answer: that request never reached the server, so send it again.
          if (retry && outgoing.reusedSocket && error.code === 'ECONNRESET')
            attempt(false).then(resolve, reject);
          else reject(error);
        });
        outgoing.end(body);
      },
    );
  return attempt(true);
}

/** The machine's load average (1, 5, 15 min), printed beside every figure of a shared machine. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
