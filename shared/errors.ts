/**
 * Stable machine codes for every error a user can cause, shared so the client and the CLI can
 * switch on them. The HTTP status travels with the code; the message says what to do.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  import_invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  /** The database is locked by another writer (a command-line import, extraction or restore): try again. */
  busy: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error envelope of the JSON API. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}
