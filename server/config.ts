import { isIP } from 'node:net';
import { z } from 'zod';
import { isPostgresUrl } from '../shared/database-location.ts';
import { describeIssues } from '../shared/zod-issues.ts';

/**
 * Which proxies the app believes about the client's address (`X-Forwarded-For`), in the forms
 * Express's `trust proxy` setting takes: `false` (none: the socket's address is the client's),
 * `true` (every hop: only behind a proxy that overwrites the header), a number of proxy hops, or the
 * addresses and subnets of the proxies.
 */
export type TrustProxy = boolean | number | string[];

/** The names proxy-addr knows for groups of addresses. */
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix-length or (IPv4) an address/netmask, as proxy-addr accepts them. */
function isProxyAddress(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (value === undefined || value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined)
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not true, false, a number of hops, an address, a subnet (10.0.0.0/8) or loopback, linklocal, uniquelocal`,
      });
    return entries;
  });

/** pino's levels, from the most talkative to none. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How a log entry is written: a JSON line (for a collector), or one readable line (for a terminal). */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  FACTOR_AUDIT_DB: z.string().min(1).max(4096).default('data/factor-audit.db'),
  DATABASE_URL: z
    .string()
    .max(4096)
    .refine(isPostgresUrl, 'must be a PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE)')
    .optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(12),
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
});

export interface ServerConfig {
  port: number;
  host: string;
  /** DATABASE_URL (PostgreSQL) when set, else FACTOR_AUDIT_DB (a SQLite file). */
  database: string;
  sessionTtlHours: number;
  cookieSecure: boolean;
  /** Unset: no proxy is trusted, and X-Forwarded-For is ignored. */
  trustProxy: TrustProxy;
  /** LOG_LEVEL: `info` by default, `silent` under Vitest (which sets VITEST in every test process). */
  logLevel: LogLevel;
  /** LOG_FORMAT: `pretty` when standard output is a terminal, else `json` (a file, a pipe, a collector). */
  logFormat: LogFormat;
}

/**
 * Reads the server's settings from the environment; a wrong value stops start-up with a message naming
 * the variable. `stdoutIsTerminal` picks the log format when LOG_FORMAT does not.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv,
  stdoutIsTerminal: boolean = process.stdout.isTTY === true,
): ServerConfig {
  const result = configSchema.safeParse(env);
  if (!result.success)
    throw new Error(
      `Invalid configuration in the environment:\n  ${describeIssues(result.error).join('\n  ')}`,
    );
  const config = result.data;
  return {
    port: config.PORT,
    host: config.HOST,
    database: config.DATABASE_URL ?? config.FACTOR_AUDIT_DB,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    cookieSecure: config.COOKIE_SECURE,
    trustProxy: config.TRUST_PROXY,
    logLevel: config.LOG_LEVEL ?? (env.VITEST || process.env.VITEST ? 'silent' : 'info'),
    logFormat: config.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json'),
  };
}
