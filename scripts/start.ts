import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { isEmptyDatabase, loadDemo, workingDemoLogins } from '../server/services/demo-service.ts';
import { LoginLimiter } from '../server/services/login-limiter.ts';
import { openDatabase } from '../server/store/open.ts';
import { deleteExpiredSessions } from '../server/store/sessions.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT_DIR = `${ROOT}dist/client`;

/** Builds the client once, when there is no build yet (a fresh clone). */
async function ensureClientBuilt(): Promise<void> {
  if (existsSync(`${CLIENT_DIR}/index.html`)) return;
  console.log('Building the client (first start only)…');
  const { build } = await import('vite');
  await build({ configFile: `${ROOT}vite.config.ts`, logLevel: 'warn' });
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  await ensureClientBuilt();
  const db = openDatabase(config.databaseFile);
  deleteExpiredSessions(db);
  if (isEmptyDatabase(db)) {
    console.log(`Empty database ${config.databaseFile}: loading the demo study…`);
    await loadDemo(db, `${ROOT}data`);
  }
  const app = createApp({ db, config, loginLimiter: new LoginLimiter(), clientDir: CLIENT_DIR });
  const server = app.listen(config.port, config.host, async () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(
      `\nfactor-audit is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}/`,
    );
    console.log(`database: ${config.databaseFile}`);
    const logins = await workingDemoLogins(db);
    if (logins.length > 0) {
      console.log('\nDemo logins (change them with: npm run -s cli -- user passwd NAME):');
      for (const login of logins)
        console.log(`  ${login.username.padEnd(6)} / ${login.password.padEnd(16)} ${login.roles.join(', ')}`);
    }
    console.log('\nStop with Ctrl-C.');
  });
  server.on('error', (error) => {
    console.error(
      `Cannot start the server: ${error.message}${'code' in error && error.code === 'EADDRINUSE' ? ` (set PORT to a free port)` : ''}`,
    );
    process.exit(1);
  });
  const shutdown = () => {
    server.close(() => {
      db.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
