import { resolve } from 'node:path';
import { z } from 'zod';

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

/** `--db FILE`, else `FACTOR_AUDIT_DB`, else `data/factor-audit.db`, relative to the working directory. */
export function databasePath(options: GlobalOptions, io: CliIo): string {
  return resolve(io.cwd, options.db ?? io.env.FACTOR_AUDIT_DB ?? DEFAULT_DB);
}

/** Thrown by a command to end with exit code 1 after it has printed its own message. */
export class CliExit extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
  }
}
