import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';
import { isAppError } from '../errors.ts';

function send(response: Response, status: number, code: ErrorCode, message: string, details?: unknown): void {
  const body: ErrorBody = { error: { code, message } };
  if (details !== undefined) body.error.details = details;
  response.status(status).json(body);
}

/** The one place an error becomes a response: the envelope `{ error: { code, message, details? } }`. */
export function errorHandler(
  error: unknown,
  _request: Request,
  response: Response,
  _next: NextFunction,
): void {
  if (isAppError(error)) send(response, error.status, error.code, error.message, error.details);
  else if (error instanceof SyntaxError && 'body' in error)
    send(response, 400, 'validation_failed', 'The request body is not valid JSON.');
  else {
    console.error(error);
    send(response, 500, 'internal', 'Something went wrong on the server; it has been logged.');
  }
}
