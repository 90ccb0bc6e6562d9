import type { Db } from './db.ts';

/**
 * The login limiter's rows (migration 015): failed logins and attempts under way, per hashed key.
 * The policy — which keys, which limits, when to refuse — is the limiter's
 * (server/services/accounts/login-limiter.ts); this module only reads and writes the rows.
 */

/** What counts against one key now: failures in the window (and the oldest), attempts under way. */
export interface LoginKeyCounts {
  failures: number;
  /** The oldest failure's time in ms, null without failures. */
  oldestFailureAt: number | null;
  pending: number;
}

/**
 * The live counts of `key`: failures after `failuresAfter` and attempts under way reserved after
 * `pendingAfter` (older ones are a crashed server's, or past the window: they no longer count).
 */
export async function loginKeyCounts(
  db: Db,
  key: string,
  { failuresAfter, pendingAfter }: { failuresAfter: number; pendingAfter: number },
): Promise<LoginKeyCounts> {
  const row = await db.first<LoginKeyCounts>(
    `SELECT count(CASE WHEN pending = 0 THEN 1 END) AS failures,
            min(CASE WHEN pending = 0 THEN at_ms END) AS oldestFailureAt,
            count(CASE WHEN pending = 1 THEN 1 END) AS pending
       FROM login_attempts
      WHERE key_hash = @key
        AND ((pending = 0 AND at_ms > @failuresAfter) OR (pending = 1 AND at_ms > @pendingAfter))`,
    { key, failuresAfter, pendingAfter },
  );
  return {
    failures: row?.failures ?? 0,
    oldestFailureAt: row?.oldestFailureAt ?? null,
    pending: row?.pending ?? 0,
  };
}

/** Records an attempt under way for `key`; answers its row's id, for `deleteLoginAttempts`. */
export async function insertPendingLoginAttempt(db: Db, key: string, at: number): Promise<number> {
  return await db.insert('INSERT INTO login_attempts (key_hash, at_ms, pending) VALUES (?, ?, 1)', [key, at]);
}

/** Records a failed login for `key` at `at`. */
export async function insertLoginFailure(db: Db, key: string, at: number): Promise<void> {
  await db.run('INSERT INTO login_attempts (key_hash, at_ms, pending) VALUES (?, ?, 0)', [key, at]);
}

/** Deletes rows by id (an attempt's rows under way, once it ended). */
export async function deleteLoginAttempts(db: Db, ids: readonly number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 1_000) {
    const chunk = ids.slice(start, start + 1_000);
    await db.run(`DELETE FROM login_attempts WHERE id IN (${chunk.map(() => '?').join(', ')})`, chunk);
  }
}

/** Deletes every failure of `key` (a successful login forgets its name's failures from its address). */
export async function deleteLoginFailures(db: Db, key: string): Promise<void> {
  await db.run('DELETE FROM login_attempts WHERE key_hash = ? AND pending = 0', [key]);
}

/** Keeps only the newest `keep` failures of `key`: more cannot matter to a limit of `keep`. */
export async function keepNewestLoginFailures(db: Db, key: string, keep: number): Promise<void> {
  await db.run(
    `DELETE FROM login_attempts
      WHERE key_hash = @key AND pending = 0
        AND id NOT IN (SELECT id FROM login_attempts WHERE key_hash = @key AND pending = 0
                        ORDER BY at_ms DESC, id DESC LIMIT @keep)`,
    { key, keep },
  );
}

/**
 * Deletes the failures at or before `failuresUpTo` and the attempts under way at or before
 * `pendingUpTo` — of the given keys only, or of every key when `keys` is omitted. Answers how many.
 */
export async function deleteStaleLoginAttempts(
  db: Db,
  { failuresUpTo, pendingUpTo }: { failuresUpTo: number; pendingUpTo: number },
  keys?: readonly string[],
): Promise<number> {
  const stale = '((pending = 0 AND at_ms <= ?) OR (pending = 1 AND at_ms <= ?))';
  if (keys === undefined)
    return (await db.run(`DELETE FROM login_attempts WHERE ${stale}`, [failuresUpTo, pendingUpTo])).changes;
  if (keys.length === 0) return 0;
  return (
    await db.run(
      `DELETE FROM login_attempts WHERE key_hash IN (${keys.map(() => '?').join(', ')}) AND ${stale}`,
      [...keys, failuresUpTo, pendingUpTo],
    )
  ).changes;
}

/** How many keys have rows now. */
export async function countLoginKeys(db: Db): Promise<number> {
  const row = await db.first<{ keys: number }>('SELECT count(DISTINCT key_hash) AS keys FROM login_attempts');
  return row?.keys ?? 0;
}

/**
 * Deletes every row of the `count` least recently used keys — those whose newest row is oldest (ties
 * by key) — and answers how many rows went.
 */
export async function deleteLeastRecentLoginKeys(db: Db, count: number): Promise<number> {
  if (count <= 0) return 0;
  return (
    await db.run(
      `DELETE FROM login_attempts WHERE key_hash IN (
         SELECT key_hash FROM login_attempts GROUP BY key_hash ORDER BY max(at_ms), key_hash LIMIT ?)`,
      [count],
    )
  ).changes;
}
