import { resolve } from 'node:path';
import { z } from 'zod';
import { CLI_BUSY_TIMEOUT_MS, type Db } from '../server/store/db.ts';
import { openDatabase, openExistingDatabase } from '../server/store/open.ts';
import { isPostgresUrl } from '../shared/database-location.ts';

/** Where a command writes; tests pass buffers, the real CLI passes the process's streams. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (progress bars only then). */
  interactive: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export const DEFAULT_DB = 'data/factor-audit.db';

export const globalOptionsSchema = z.object({
  db: z.string().min(1).optional(),
  study: z.string().min(1).default('default'),
});
export type GlobalOptions = z.infer<typeof globalOptionsSchema>;

/**
 * `--db FILE|URL`, else `DATABASE_URL` (PostgreSQL), else `FACTOR_AUDIT_DB`, else
 * `data/factor-audit.db`; a file relative to the working directory.
 */
export function databasePath(options: GlobalOptions, io: CliIo): string {
  const location = options.db ?? io.env.DATABASE_URL ?? io.env.FACTOR_AUDIT_DB ?? DEFAULT_DB;
  return isPostgresUrl(location) ? location : resolve(io.cwd, location);
}

/**
 * How long a command waits for another process's write lock: `FACTOR_AUDIT_BUSY_TIMEOUT_MS`, else
 * `CLI_BUSY_TIMEOUT_MS` (60 s). A value that is not a whole number of milliseconds is refused.
 */
export function busyTimeoutMs(io: CliIo): number {
  const setting = io.env.FACTOR_AUDIT_BUSY_TIMEOUT_MS;
  if (setting === undefined || setting === '') return CLI_BUSY_TIMEOUT_MS;
  const value = Number(setting);
  if (!Number.isInteger(value) || value < 0 || value > 3_600_000) {
    io.stderr(
      `error: FACTOR_AUDIT_BUSY_TIMEOUT_MS is milliseconds, a whole number from 0 to 3600000 (got ${setting})\n`,
    );
    throw new CliExit(1);
  }
  return value;
}

/** Thrown by a command to end with exit code 1 after it has printed its own message. */
export class CliExit extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
  }
}

/** `--some-flag` for the option a zod issue is about (commander camel-cases flag names). */
function flagOf(issue: z.core.$ZodIssue): string {
  const key = String(issue.path[0] ?? '');
  return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * A command's options validated by its schema; on failure every bad option is printed as
 * `error: --flag: what is wrong` and the command ends with exit code 1.
 */
export function parseOptions<T extends z.ZodType>(schema: T, raw: unknown, io: CliIo): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) io.stderr(`error: ${flagOf(issue)}: ${issue.message}\n`);
    throw new CliExit(1);
  }
  return parsed.data;
}

/**
 * Runs `work` on the database of `--db` and closes it afterwards. Read commands use an existing
 * database (`create: false`, the default); commands that bring data in create it.
 */
export async function withDatabase<T>(
  globals: () => GlobalOptions,
  io: CliIo,
  work: (db: Db) => T | Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> {
  const file = databasePath(globals(), io);
  const opening = { busyTimeoutMs: busyTimeoutMs(io) };
  const db = options.create ? await openDatabase(file, opening) : await openExistingDatabase(file, opening);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** A command's first argument, which must be one of `choices`; otherwise a message and exit code 1. */
export function parseChoice<const Choice extends string>(
  value: string,
  choices: readonly Choice[],
  what: string,
  io: CliIo,
): Choice {
  if ((choices as readonly string[]).includes(value)) return value as Choice;
  io.stderr(`error: cannot ${what} "${value}"; choose one of ${choices.join(', ')}\n`);
  throw new CliExit(1);
}
