import { z } from 'zod';
import { describeIssues } from '../shared/zod-issues.ts';

/** pino's levels, from the most talkative to none. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  FACTOR_AUDIT_DB: z.string().min(1).default('data/factor-audit.db'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(12),
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
});

export interface ServerConfig {
  port: number;
  host: string;
  databaseFile: string;
  sessionTtlHours: number;
  cookieSecure: boolean;
  /** LOG_LEVEL: `info` by default, `silent` under Vitest (which sets VITEST in every test process). */
  logLevel: LogLevel;
}

/** Reads the server's settings from the environment; a wrong value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const result = configSchema.safeParse(env);
  if (!result.success)
    throw new Error(
      `Invalid configuration in the environment:\n  ${describeIssues(result.error).join('\n  ')}`,
    );
  const config = result.data;
  return {
    port: config.PORT,
    host: config.HOST,
    databaseFile: config.FACTOR_AUDIT_DB,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    cookieSecure: config.COOKIE_SECURE,
    logLevel: config.LOG_LEVEL ?? (env.VITEST || process.env.VITEST ? 'silent' : 'info'),
  };
}
