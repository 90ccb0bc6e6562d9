import { ERROR_STATUS, type ErrorCode } from '../shared/errors.ts';

/** An error a user caused, with a stable code and a message that says what to do. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** One bad record of an input file, by its 1-based line. */
export interface RecordProblem {
  line: number;
  message: string;
}

export const errors = {
  validation: (message: string, details?: unknown) => new AppError('validation_failed', message, details),
  unauthenticated: (message = 'Log in first.') => new AppError('unauthenticated', message),
  forbidden: (message = 'Your account may not do this; ask a study admin for the role it needs.') =>
    new AppError('forbidden', message),
  notFound: (what: string) => new AppError('not_found', `${what} was not found.`),
  /**
   * An item key that is not one of the caller's assignments: unknown, another annotator's, or moved
   * away by a reassignment. One message for all, echoing nothing, so a key tells nothing about its item.
   */
  itemNotInQueue: () =>
    new AppError(
      'not_found',
      'This item is not in your queue (it may have been reassigned); open your items from the queue.',
    ),
  /**
   * An adjudication item key that is unknown, of another study, or of an item the caller annotated
   * (nobody adjudicates their own work). One message for all, echoing nothing, as `itemNotInQueue`.
   */
  notInAdjudicationQueue: () =>
    new AppError('not_found', 'This item is not in your adjudication queue; open items from the queue.'),
  conflict: (message: string, details?: unknown) => new AppError('conflict', message, details),
  /** Too many attempts; the error handler sends `retryAfterSeconds` as the `Retry-After` header. */
  rateLimited: (message: string, retryAfterSeconds: number) =>
    new AppError('rate_limited', message, { retryAfterSeconds }),
  /** The database stayed locked by another process; `Retry-After` says when to try again. */
  busy: (message: string) => new AppError('busy', message, { retryAfterSeconds: 2 }),
  importInvalid: (file: string, problems: RecordProblem[]) =>
    new AppError(
      'import_invalid',
      `${file}: ${problems.length} bad record${problems.length === 1 ? '' : 's'}; nothing was imported. Fix them and import again.`,
      { file, problems },
    ),
};

/** The details of an `import_invalid` error: which file, and every bad record in it. */
export interface ImportProblems {
  file: string;
  problems: RecordProblem[];
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * What a write that may be refused gives back: the record as it now stands (`value`), or why the
 * write was refused (a 409: a stale version, a state that forbids it) with the record as it stands
 * then, when there is one. A service answers its own rows; the route presents them (`presentWrite`),
 * so that a service never decides what a viewer may see, and every write answers the same way.
 */
export type WriteOutcome<T> = { ok: true; value: T } | { ok: false; message: string; current: T | undefined };

/** A write that was made. */
export function written<T>(value: T): WriteOutcome<T> {
  return { ok: true, value };
}

/** A write that was refused, with the record as it stands (undefined when there is none). */
export function refused<T>(current: T | undefined, message: string): WriteOutcome<T> {
  return { ok: false, message, current };
}

/**
 * The answer of a write: the presented record, or — when it was refused — a `conflict` error whose
 * details carry the presented current record (`{ current: null }` when there is none).
 */
export function presentWrite<T, Shown>(outcome: WriteOutcome<T>, present: (record: T) => Shown): Shown {
  if (outcome.ok) return present(outcome.value);
  throw errors.conflict(outcome.message, {
    current: outcome.current === undefined ? null : present(outcome.current),
  });
}
