import type { Server } from 'node:http';
import { CLIENT_DIR, ensureClientBuilt } from '../../scripts/client-build.ts';
import { createApp } from '../../server/app.ts';
import { LoginLimiter } from '../../server/services/login-limiter.ts';
import { createUser } from '../../server/services/user-service.ts';
import type { Db } from '../../server/store/db.ts';
import { openDatabase } from '../../server/store/open.ts';

export const CONSOLE_ADMIN = { username: 'root', password: 'root-password-1' } as const;

export interface ConsoleServer {
  readonly baseUrl: string;
  readonly db: Db;
  close(): Promise<void>;
}

/**
 * The real app and client on a fresh, empty database (no demo study) with one admin, for the study
 * console's browser tests: everything else is made through the screens.
 */
export async function startConsoleServer(): Promise<ConsoleServer> {
  await ensureClientBuilt(() => {});
  const db = openDatabase(':memory:');
  await createUser(db, { ...CONSOLE_ADMIN, roles: ['admin'] });
  const app = createApp({
    db,
    config: { sessionTtlHours: 1, cookieSecure: false },
    loginLimiter: new LoginLimiter(),
    clientDir: CLIENT_DIR,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          done();
        });
      }),
  };
}
