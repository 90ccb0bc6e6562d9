import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogFormat, LogLevel } from './config.ts';
import { prettyDestination } from './pretty-log.ts';

export type { Logger } from 'pino';

/**
 * An error in a log entry: its type, message and stack and nothing else of it — a database error's
 * other fields (PostgreSQL's `detail`) can quote the row it failed on, an argument's text or a judgement.
 */
function errorEntry(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return { type: error.constructor.name, message: error.message, stack: error.stack };
}

/**
 * The server's structured log: one JSON object a line on standard output (or `destination`, which
 * tests use to read what was logged); with `format` `pretty`, one short readable line instead
 * (server/pretty-log.ts, for a terminal), made from the same entry after the same redaction. Only
 * the request log and errors write to it; what they may carry is decided where they are made
 * (server/middlewares/request-log.ts) and, for an error, by `errorEntry`. The redaction is a second
 * guard: a field named like a secret is masked wherever it turns up.
 */
export function createLogger(
  level: LogLevel,
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger {
  const options = {
    level,
    base: undefined,
    serializers: { err: errorEntry },
    redact: {
      paths: ['password', '*.password', 'cookie', '*.cookie', '*.headers.cookie', 'authorization'],
      censor: '[redacted]',
    },
  };
  if (format === 'pretty') return pino(options, prettyDestination(destination ?? process.stdout));
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that writes nothing (tests, and apps built without one). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
