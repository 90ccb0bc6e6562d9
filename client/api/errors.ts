import { ERROR_STATUS, type ErrorCode } from '../../shared/errors.ts';

/**
 * What went wrong with a request, as the screens switch on it: the server's own codes
 * (`shared/errors.ts`) plus two the browser side adds — `network` (no answer at all) and
 * `invalid_response` (an answer the client cannot read or that fails its schema).
 */
export type ApiErrorCode = ErrorCode | 'network' | 'invalid_response';

export interface ApiErrorInit {
  /** The HTTP status, or 0 when there was no response. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** A sentence for the user: the server's message when it sent one. */
  readonly message: string;
  readonly details?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}

/** The server's code for an HTTP status, for answers that carry no error envelope. */
export function codeForStatus(status: number): ApiErrorCode {
  for (const [code, codeStatus] of Object.entries(ERROR_STATUS)) {
    if (codeStatus === status && isErrorCode(code)) return code;
  }
  return status >= 500 ? 'internal' : 'invalid_response';
}

/** Anything thrown while loading or saving, as an ApiError (non-API errors become `internal`). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({
    status: 0,
    code: 'internal',
    message: error instanceof Error ? error.message : 'Something went wrong in the browser.',
  });
}
