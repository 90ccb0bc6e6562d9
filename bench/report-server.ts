import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { createApp } from '../server/app.ts';
import { LoginLimiter } from '../server/services/login-limiter.ts';
import { openDatabase } from '../server/store/open.ts';

/** The server side of `report-server.bench.ts`, in a worker thread: the real app on a study's database file. */
const { file } = workerData as { file: string };
const db = openDatabase(file);
const app = createApp({
  db,
  config: { sessionTtlHours: 1, cookieSecure: false },
  loginLimiter: new LoginLimiter(),
});
const server = await new Promise<Server>((resolve) => {
  const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
});
parentPort?.postMessage({ port: (server.address() as AddressInfo).port });
