import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { createApp } from '../server/app.ts';
import { LoginLimiter } from '../server/services/accounts/login-limiter.ts';
import { openDatabase } from '../server/store/open.ts';

/** The server side of `report-server.bench.ts`, in a worker thread: the real app on a study's database file. */
const { file } = workerData as { file: string };
const db = await openDatabase(file);
const app = createApp({
  db,
  config: { sessionTtlHours: 1, cookieSecure: false },
  loginLimiter: new LoginLimiter(db),
});
const server = await new Promise<Server>((resolve) => {
  const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
});
// How long the server's own event loop waited behind other work, sampled every 10 ms: what a blocked
// server would show even when the pings' latencies are the operating system's scheduling.
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
parentPort?.on('message', (message: 'reset' | 'read') => {
  if (message === 'reset') delay.reset();
  else
    parentPort?.postMessage({
      p50: delay.percentile(50) / 1e6,
      p99: delay.percentile(99) / 1e6,
      max: delay.max / 1e6,
    });
});
parentPort?.postMessage({ port: (server.address() as AddressInfo).port });
