import type { Server } from 'node:http';
import { createApp } from '../server/app.ts';
import type { ServerConfig } from '../server/config.ts';
import { createLogger } from '../server/logger.ts';
import { LoginLimiter } from '../server/services/accounts/index.ts';
import {
  assignDemoSample,
  isEmptyDatabase,
  loadDemo,
  workingDemoLogins,
} from '../server/services/demo/index.ts';
import { openDatabase } from '../server/store/open.ts';
import { deleteExpiredSessions } from '../server/store/sessions.ts';
import { CLIENT_DIR, ensureClientBuilt } from './client-build.ts';
import { ensureServerCurrent } from './server-build.ts';

/**
 * Opens (or creates) the database, loads the demo study into an empty one, and serves the API and the
 * client on one port (compiled, only from a tree and a client built from the current sources). Resolves once listening; prints the URL and the demo logins that still work.
 */
export async function serve(
  config: ServerConfig,
  log: (line: string) => void = console.log,
): Promise<Server> {
  ensureServerCurrent();
  await ensureClientBuilt(log);
  const db = await openDatabase(config.database);
  await deleteExpiredSessions(db);
  if (await isEmptyDatabase(db)) {
    log(`Empty database ${db.location}: loading the demo study…`);
    await loadDemo(db);
    // The demo annotators find a queue waiting (the demo's sample, given to alice and bob).
    await assignDemoSample(db);
  }
  const app = createApp({
    db,
    config,
    loginLimiter: new LoginLimiter(db),
    clientDir: CLIENT_DIR,
    trustProxy: config.trustProxy,
    logger: createLogger(config.logLevel, undefined, config.logFormat),
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening));
    listening.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `Cannot start the server: ${error.message}${error.code === 'EADDRINUSE' ? ' (set PORT to a free port)' : ''}`,
        ),
      ),
    );
  });
  server.on('close', async () => await db.close());
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log(
    `\nfactor-audit is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}/`,
  );
  log(`database: ${db.location}`);
  const logins = await workingDemoLogins(db);
  if (logins.length > 0) {
    log('\nDemo logins (change them with: npm run -s cli -- user passwd NAME):');
    for (const login of logins)
      log(`  ${login.username.padEnd(6)} / ${login.password.padEnd(16)} ${login.roles.join(', ')}`);
  }
  log('\nStop with Ctrl-C.');
  return server;
}
