import type { ServerConfig } from '../config.ts';
import type { LoginLimiter } from '../services/accounts/index.ts';
import type { Db } from '../store/db.ts';

/** What every route folder is built with. */
export interface RouteContext {
  db: Db;
  config: Pick<ServerConfig, 'sessionTtlHours' | 'cookieSecure'>;
  loginLimiter: LoginLimiter;
}
