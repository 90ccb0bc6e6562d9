import type { NextFunction, Request, Response } from 'express';
import type { Level } from 'pino';
import type { Logger } from '../logger.ts';
import { signedInName } from './session.ts';

/** The path without its query string: a query may carry what the log must not keep. */
function pathOf(url: string | undefined): string {
  return (url ?? '').split('?', 1)[0] ?? '';
}

/** The error behind a 5xx answer, for its log line (set by the error handler). */
const errorsOfAnswers = new WeakMap<Response, Error>();

export function keepErrorForLog(response: Response, error: Error): void {
  errorsOfAnswers.set(response, error);
}

function levelOf(path: string, status: number, error: Error | undefined): Level {
  if (error || status >= 500) return 'error';
  if (!path.startsWith('/api/')) return 'debug';
  return status >= 400 ? 'warn' : 'info';
}

/**
 * The request log: one line per answered request with its method, path (no query string), status,
 * duration in ms and the signed-in user's name. Nothing else of the request is kept — no headers (so
 * no cookies), no body (so no password, argument text or judgement). A 5xx line carries the error's
 * type, message and stack (`keepErrorForLog`, from the error handler), for whoever fixes the bug.
 * Pages and assets of the client log at `debug`. Written here rather than with pino-http, which
 * builds two child loggers per request whether or not the line is wanted: the line is made only when
 * its level is enabled, once the answer is finished (or the connection closed before it was).
 */
export function requestLog(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = Date.now();
    // Taken now: the routers below rewrite `request.url` while they handle it.
    const path = pathOf(request.originalUrl);
    const finished = () => {
      response.removeListener('finish', finished);
      response.removeListener('close', finished);
      const status = response.statusCode;
      const failed =
        errorsOfAnswers.get(response) ??
        (status >= 500 ? new Error(`failed with status code ${status}`) : undefined);
      const level = levelOf(path, status, failed);
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { method: request.method, path },
          res: { status },
          ...(failed && { err: failed }),
          durationMs: Date.now() - started,
          user: signedInName(response),
        },
        `${request.method} ${path} ${status}`,
      );
    };
    response.on('finish', finished);
    response.on('close', finished);
    next();
  };
}
