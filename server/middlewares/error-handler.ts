import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';
import { type AppError, errors, isAppError } from '../errors.ts';
import { isDatabaseBusy } from '../store/db.ts';
import { keepErrorForLog } from './request-log.ts';

function send(response: Response, status: number, code: ErrorCode, message: string, details?: unknown): void {
  const body: ErrorBody = { error: { code, message } };
  if (details !== undefined) body.error.details = details;
  response.status(status).json(body);
}

/**
 * An error the body parser raises for the caller's request (too large, an unsupported charset or
 * encoding, a broken stream): `http-errors` objects with a 4xx status marked as safe to expose.
 */
interface BodyReadError {
  status: number;
  type?: unknown;
  limit?: unknown;
  /** zlib's code when a compressed body does not inflate: Z_DATA_ERROR, Z_BUF_ERROR, … */
  code?: unknown;
}

function isBodyReadError(error: unknown): error is BodyReadError {
  if (typeof error !== 'object' || error === null) return false;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return expose === true && typeof status === 'number' && status >= 400 && status < 500;
}

/** 262144 → "256 kB", 1048576 → "1 MB" (the limits are set in those units: middlewares/validate.ts). */
function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} kB`;
}

function bodyReadMessage(error: BodyReadError): string {
  if (error.type === 'entity.too.large')
    return typeof error.limit === 'number'
      ? `The request body is larger than the ${formatBytes(error.limit)} this route accepts; send less.`
      : 'The request body is too large; send less.';
  if (error.type === 'charset.unsupported')
    return 'Send the request body as UTF-8 JSON (Content-Type: application/json; charset=utf-8).';
  if (error.type === 'encoding.unsupported')
    return 'The request body has a Content-Encoding the API does not read; send it uncompressed, or as gzip, deflate or br.';
  if (typeof error.code === 'string' && error.code.startsWith('Z_'))
    return 'The request body is not valid gzip, deflate or br as its Content-Encoding says; send it again, or uncompressed.';
  return 'The request body could not be read; send the request again.';
}

/** The seconds a `rate_limited` error asks the caller to wait (`errors.rateLimited`). */
function retryAfterSeconds(details: unknown): number | undefined {
  if (typeof details !== 'object' || details === null || !('retryAfterSeconds' in details)) return undefined;
  const seconds = details.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds)
    ? Math.max(1, Math.ceil(seconds))
    : undefined;
}

/** What a request that found the database locked for longer than the server waits is told. */
const DATABASE_BUSY_MESSAGE =
  'The database is busy with another writer (an import, an extraction or a restore on the command line) and nothing of this request was saved; try again in a moment.';

function sendAppError(response: Response, error: AppError): void {
  const retryAfter = retryAfterSeconds(error.details);
  if (retryAfter !== undefined) response.set('Retry-After', String(retryAfter));
  send(response, error.status, error.code, error.message, error.details);
}

/** The one place an error becomes a response: the envelope `{ error: { code, message, details? } }`. */
export function errorHandler(
  error: unknown,
  _request: Request,
  response: Response,
  _next: NextFunction,
): void {
  if (isDatabaseBusy(error)) {
    sendAppError(response, errors.busy(DATABASE_BUSY_MESSAGE));
    return;
  }
  if (isAppError(error)) sendAppError(response, error);
  // The router decodes every `:param` (the client pages' `{*path}` too); a bad escape is the caller's.
  else if (error instanceof URIError)
    send(
      response,
      400,
      'validation_failed',
      'The address cannot be read: it holds a malformed percent-escape (a "%" not followed by two hex digits of UTF-8, such as %FF); check the link or type the address again.',
    );
  else if (error instanceof SyntaxError && 'body' in error)
    send(response, 400, 'validation_failed', 'The request body is not valid JSON.');
  // A caller's mistake is a 4xx, never a 500: keep the parser's status (413, 415, 400), our wording.
  else if (isBodyReadError(error)) send(response, error.status, 'validation_failed', bodyReadMessage(error));
  else {
    // The request log writes this error (type, message, stack) on the request's own line.
    keepErrorForLog(response, error instanceof Error ? error : new Error(String(error)));
    send(response, 500, 'internal', 'Something went wrong on the server; it has been logged.');
  }
}
