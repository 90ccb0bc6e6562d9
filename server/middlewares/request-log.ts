import type { Request, Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger.ts';
import { currentAuth } from './session.ts';

/** The path without its query string: a query may carry what the log must not keep. */
function pathOf(url: string | undefined): string {
  return (url ?? '').split('?', 1)[0] ?? '';
}

/**
 * The request log: one line per answered request with its method, path (no query string), status,
 * duration in ms and the signed-in user's name. Nothing else of the request is kept — no headers (so
 * no cookies), no body (so no password, argument text or judgement). A 5xx line carries the error's
 * type, message and stack, for whoever fixes the bug. Pages and assets of the client log at `debug`.
 */
export function requestLog(logger: Logger) {
  const withUser = (response: Response, value: object) => ({
    ...value,
    user: currentAuth(response)?.user.username ?? null,
  });
  return pinoHttp<Request, Response>({
    logger,
    customAttributeKeys: { responseTime: 'durationMs' },
    serializers: {
      req: (request: { method?: string; url?: string }) => ({
        method: request.method,
        path: pathOf(request.url),
      }),
      res: (response: { statusCode?: number }) => ({ status: response.statusCode }),
      err: (error: { type?: string; message?: string; stack?: string }) => ({
        type: error.type,
        message: error.message,
        stack: error.stack,
      }),
    },
    customLogLevel: (request, response, error) => {
      if (error || response.statusCode >= 500) return 'error';
      if (!pathOf(request.originalUrl).startsWith('/api/')) return 'debug';
      return response.statusCode >= 400 ? 'warn' : 'info';
    },
    customSuccessMessage: (request, response) =>
      `${request.method} ${pathOf(request.originalUrl)} ${response.statusCode}`,
    customErrorMessage: (request, response) =>
      `${request.method} ${pathOf(request.originalUrl)} ${response.statusCode}`,
    customSuccessObject: (_request, response, value: object) => withUser(response, value),
    customErrorObject: (_request, response, _error, value: object) => withUser(response, value),
  });
}
