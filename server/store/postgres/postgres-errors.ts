import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { isDatabaseBusy } from '../db.ts';

/**
 * What the store needs to recognise in PostgreSQL's errors, beside what it already recognises in
 * SQLite's (`isDatabaseBusy` in db.ts). PostgreSQL names its errors by SQLSTATE; the codes used here:
 *   23505  unique_violation        — SQLite: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY
 *   23xxx  integrity constraint    — SQLite: SQLITE_CONSTRAINT_*
 *   40001  serialization_failure   — a SERIALIZABLE transaction lost to a concurrent one: run it again
 *   40P01  deadlock_detected       — likewise
 *   55P03  lock_not_available      — SQLite: SQLITE_BUSY (a lock wait timed out)
 *   53300  too_many_connections, 57P03 cannot_connect_now — the server is full or starting
 */
export const SQLSTATE = {
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  lockNotAvailable: '55P03',
  tooManyConnections: '53300',
  cannotConnectNow: '57P03',
} as const;

/** The SQLSTATE of a PostgreSQL error (`pg.DatabaseError`), else undefined. */
export function sqlState(error: unknown): string | undefined {
  return error instanceof pg.DatabaseError && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * Whether `error` is PostgreSQL refusing a transaction because a concurrent one made it
 * unserializable (40001) or deadlocked with it (40P01): nothing of it was written, and running the
 * whole transaction again may succeed. `PostgresDb.transaction` does that itself a bounded number of
 * times; an error of this kind that reaches the store has exhausted those retries.
 */
export function isSerializationFailure(error: unknown): boolean {
  const code = sqlState(error);
  return code === SQLSTATE.serializationFailure || code === SQLSTATE.deadlockDetected;
}

/** The pool's own error when no connection came free within `connectionTimeoutMillis`. */
function isPoolTimeout(error: unknown): boolean {
  return error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message);
}

/**
 * PostgreSQL's counterpart of `isDatabaseBusy`: the request lost to concurrent work (after the
 * automatic retries), waited too long for a lock, or found no free connection. Nothing of it was
 * committed and the caller may try again in a moment — the server answers 503 `busy`, as for SQLite.
 */
export function isPostgresBusy(error: unknown): boolean {
  if (isSerializationFailure(error) || isPoolTimeout(error)) return true;
  const code = sqlState(error);
  return (
    code === SQLSTATE.lockNotAvailable ||
    code === SQLSTATE.tooManyConnections ||
    code === SQLSTATE.cannotConnectNow
  );
}

/** `isDatabaseBusy` of either dialect: what the error handler and the CLI turn into `busy`. */
export function isStoreBusy(error: unknown): boolean {
  return isDatabaseBusy(error) || isPostgresBusy(error);
}

/** Whether `error` is a UNIQUE (or PRIMARY KEY) constraint refusing a row, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof BetterSqlite3.SqliteError)
    return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  return sqlState(error) === SQLSTATE.uniqueViolation;
}

/** Whether `error` is any integrity constraint (unique, foreign key, check, not null), in either dialect. */
export function isConstraintViolation(error: unknown): boolean {
  if (error instanceof BetterSqlite3.SqliteError) return /^SQLITE_CONSTRAINT(_|$)/.test(error.code);
  return sqlState(error)?.startsWith('23') === true;
}
