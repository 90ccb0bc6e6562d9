import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../../server/app.ts';
import type { TrustProxy } from '../../server/config.ts';
import type { Logger } from '../../server/logger.ts';
import { LoginLimiter, type LoginLimits } from '../../server/services/accounts/login-limiter.ts';
import { createUser } from '../../server/services/accounts/users.ts';
import { CLI_ACTOR } from '../../server/services/audit/audit.ts';
import type { Db } from '../../server/store/db.ts';
import { openDatabase } from '../../server/store/open.ts';
import type { Role } from '../../shared/api.ts';

/**
 * The real app on a fresh in-memory database, or on `db` (a second app server on the first's
 * database), with a login limiter of `loginLimits` on that database.
 */
export async function testApp(
  options: {
    clientDir?: string;
    db?: Db;
    loginLimits?: Partial<LoginLimits>;
    trustProxy?: TrustProxy;
    logger?: Logger;
  } = {},
): Promise<{
  app: Express;
  db: Db;
  loginLimiter: LoginLimiter;
}> {
  const db = options.db ?? (await openDatabase(':memory:'));
  const loginLimiter = new LoginLimiter(db, options.loginLimits);
  const app = createApp({
    db,
    config: { sessionTtlHours: 1, cookieSecure: false },
    loginLimiter,
    ...(options.clientDir === undefined ? {} : { clientDir: options.clientDir }),
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  return { app, db, loginLimiter };
}

export async function addUser(
  db: Db,
  username: string,
  roles: Role[],
  password = `${username}-password`,
): Promise<void> {
  await createUser(db, CLI_ACTOR, { username, password, roles });
}

/** A supertest agent logged in as the user; `csrf` is the token state-changing requests must send. */
export async function loggedIn(app: Express, username: string, password = `${username}-password`) {
  const agent = request.agent(app);
  const response = await agent.post('/api/auth/login').send({ username, password }).expect(200);
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const csrf =
    cookies
      .find((cookie) => cookie.startsWith('fa_csrf='))
      ?.split(';')[0]
      ?.slice('fa_csrf='.length) ?? '';
  return { agent, csrf, cookies };
}
