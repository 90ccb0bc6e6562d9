import { createHash } from 'node:crypto';
import { usernameKey } from '../../../shared/username.ts';
import type { Db } from '../../store/db.ts';
import {
  countLoginKeys,
  deleteLeastRecentLoginKeys,
  deleteLoginAttempts,
  deleteLoginFailures,
  deleteStaleLoginAttempts,
  insertLoginFailure,
  insertPendingLoginAttempt,
  keepNewestLoginFailures,
  type LoginKeyCounts,
  loginKeyCounts,
} from '../../store/login-attempts.ts';

/** How many failed logins are tolerated, over what window, and how many rows the counts may take. */
export interface LoginLimits {
  /** Failed logins from one client address (all user names) within the window. */
  perAddress: number;
  /** Failed logins for one user name from one client address within the window. */
  perUserAndAddress: number;
  windowMs: number;
  /** Failures for one user name (from anywhere) after which each attempt for it is slowed down. */
  slowdownAfter: number;
  /** The first delay; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Keys kept at most; beyond, the least recently failed key is forgotten. */
  maxKeys: number;
  /**
   * How long an attempt under way counts at most: one its server never ended (it crashed between
   * reserving and checking) stops counting after this, so it cannot lock anyone out for long.
   */
  pendingExpiryMs: number;
}

/**
 * Ten failures per name and address and fifty per address in 15 minutes (OWASP's guidance is a few
 * tens an hour); a name failing from anywhere slows down from its fifth failure, doubling from
 * 250 ms to at most 3 s. 10,000 keys of at most 50 rows each (~60 bytes a row) stay under ~30 MB; an
 * attempt under way longer than a minute (a hash and a 3 s delay take a few seconds) no longer counts.
 */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAddress: 50,
  perUserAndAddress: 10,
  windowMs: 15 * 60_000,
  slowdownAfter: 5,
  baseDelayMs: 250,
  maxDelayMs: 3_000,
  maxKeys: 10_000,
  pendingExpiryMs: 60_000,
};

/** One reserved login attempt: say how it ended, exactly once (later calls do nothing). */
export interface LoginAttempt {
  /** Wait this long before checking the password (the user name's slowdown). */
  delayMs: number;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
  /** The check did not happen (a server error): count nothing. */
  abandoned(): Promise<void>;
}

export type Reservation = { ok: true; attempt: LoginAttempt } | { ok: false; retryAfterMs: number };

/** The three keys of one attempt: the address, the name from the address, the name from anywhere. */
interface AttemptKeys {
  address: string;
  pair: string;
  user: string;
}

/** The answer of `reserve`'s transaction: refused, or the rows under way and the name's delay. */
type Reserved = { ok: false; retryAfterMs: number } | { ok: true; pendingIds: number[]; delayMs: number };

/**
 * Limits password guessing without letting strangers lock an owner out (issue 13).
 *
 * - Per client address, and per user name from that address, failures in a sliding window are
 *   counted and further attempts refused (429) until the oldest leaves the window. A stranger's
 *   failures against "alice" from their address therefore never refuse alice at hers.
 * - Per user name from anywhere, nothing is refused: each attempt is delayed, longer with each recent
 *   failure (bounded by `maxDelayMs`), which slows a guesser spread over many addresses and costs
 *   the owner a few seconds at most.
 * - Check and count are one step: `reserve` counts an attempt as under way *before* the password hash
 *   is checked (which yields the event loop), in the same database transaction as the check, so a
 *   hundred parallel requests — to one app server or to several — cannot all pass a check that only
 *   one failure has yet been recorded against. At most `perUserAndAddress` hashes are checked,
 *   however many arrive at once. (On PostgreSQL the transaction is SERIALIZABLE: two reserves that
 *   read the same key's counts cannot both commit; the loser runs again and sees the winner's row.)
 * - Storage is bounded: keys are SHA-256 digests (a 2 MB "name" costs 43 bytes), each keeps at most
 *   its limit of failure rows, failures leave once they are out of the window and attempts under way
 *   once past `pendingExpiryMs`, and beyond `maxKeys` keys the least recently failed key is forgotten.
 *   (`maxKeys` bounds the rows where the in-memory limiter bounded its map: failures are what
 *   persists; attempts under way are as many as the logins running at once, and end or expire.)
 *
 * In the database (`login_attempts`, migration 015; SQL in server/store/login-attempts.ts): every app
 * server on one database shares the counts (issue 26), and a restart forgets nothing. Nothing is kept
 * in this object but the limits and the clock: every limiter on one database agrees.
 */
export class LoginLimiter {
  private readonly limits: LoginLimits;

  constructor(
    private readonly db: Db,
    limits: Partial<LoginLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_LOGIN_LIMITS, ...limits };
  }

  /** Keys with rows now (for tests and monitoring). */
  async size(): Promise<number> {
    return await countLoginKeys(this.db);
  }

  /**
   * Reserves one attempt to log in as `username` from `address`, or says how long to wait. The
   * reservation counts against the limits until it ends: `failed` keeps it as a failure, `succeeded`
   * clears the name's failures from this address, `abandoned` drops it.
   */
  async reserve(username: string, address: string): Promise<Reservation> {
    const name = usernameKey(username);
    const keys: AttemptKeys = {
      address: digest('address', address),
      pair: digest('user+address', `${name}\u0000${address}`),
      user: digest('user', name),
    };
    // The time is read once: a transaction run again on PostgreSQL checks and counts at the same time.
    const at = this.now();
    const reserved = await this.db.transaction(() => this.checkAndCount(keys, at));
    if (!reserved.ok) return reserved;
    let ended = false;
    const end = async (outcome: 'failed' | 'succeeded' | 'abandoned'): Promise<void> => {
      if (ended) return;
      ended = true;
      await this.end(keys, reserved.pendingIds, outcome);
    };
    return {
      ok: true,
      attempt: {
        delayMs: reserved.delayMs,
        failed: () => end('failed'),
        succeeded: () => end('succeeded'),
        abandoned: () => end('abandoned'),
      },
    };
  }

  /**
   * The body of `reserve`'s transaction: database work only, so that it can run again. Drops the
   * keys' stale rows, refuses when the address or the name from it is full, else records the attempt
   * as under way for both (the name from anywhere only delays: its attempts under way do not matter).
   */
  private async checkAndCount(keys: AttemptKeys, at: number): Promise<Reserved> {
    const cutoffs = this.cutoffs(at);
    await deleteStaleLoginAttempts(
      this.db,
      { failuresUpTo: cutoffs.failuresAfter, pendingUpTo: cutoffs.pendingAfter },
      [keys.address, keys.pair, keys.user],
    );
    const byAddress = await loginKeyCounts(this.db, keys.address, cutoffs);
    const byPair = await loginKeyCounts(this.db, keys.pair, cutoffs);
    const byUser = await loginKeyCounts(this.db, keys.user, cutoffs);
    const wait = Math.max(
      this.retryAfterMs(byAddress, this.limits.perAddress, at),
      this.retryAfterMs(byPair, this.limits.perUserAndAddress, at),
    );
    if (wait > 0) return { ok: false, retryAfterMs: wait };
    const pendingIds = [
      await insertPendingLoginAttempt(this.db, keys.address, at),
      await insertPendingLoginAttempt(this.db, keys.pair, at),
    ];
    return { ok: true, pendingIds, delayMs: this.delayMs(byUser.failures) };
  }

  /**
   * Ends an attempt in one transaction: its rows under way go; a failure is recorded for each key
   * (each then cut to its limit), a success forgets the name's failures from the address. A server
   * that dies before this leaves rows under way that expire after `pendingExpiryMs`.
   */
  private async end(
    keys: AttemptKeys,
    pendingIds: number[],
    outcome: 'failed' | 'succeeded' | 'abandoned',
  ): Promise<void> {
    const at = this.now();
    const caps: [string, number][] = [
      [keys.address, this.limits.perAddress],
      [keys.pair, this.limits.perUserAndAddress],
      [keys.user, this.userCap()],
    ];
    await this.db.transaction(async () => {
      await deleteLoginAttempts(this.db, pendingIds);
      if (outcome === 'succeeded') await deleteLoginFailures(this.db, keys.pair);
      if (outcome !== 'failed') return;
      for (const [key, cap] of caps) {
        await insertLoginFailure(this.db, key, at);
        // Only the newest `cap` failures can matter to a limit of `cap`.
        await keepNewestLoginFailures(this.db, key, cap);
      }
    });
    if (outcome === 'failed') await this.housekeeping(at);
  }

  /**
   * After a failure (the only lasting rows): every key's stale rows go, and beyond `maxKeys` keys the
   * least recently failed. A transaction of its own, apart from the counting ones: what it deletes no
   * longer counts, so it changes no answer of `reserve`.
   */
  private async housekeeping(at: number): Promise<void> {
    const cutoffs = this.cutoffs(at);
    await this.db.transaction(async () => {
      await deleteStaleLoginAttempts(this.db, {
        failuresUpTo: cutoffs.failuresAfter,
        pendingUpTo: cutoffs.pendingAfter,
      });
      const keys = await countLoginKeys(this.db);
      await deleteLeastRecentLoginKeys(this.db, keys - this.limits.maxKeys);
    });
  }

  /** Rows at or before these times no longer count: failures out of the window, expired attempts. */
  private cutoffs(at: number): { failuresAfter: number; pendingAfter: number } {
    return { failuresAfter: at - this.limits.windowMs, pendingAfter: at - this.limits.pendingExpiryMs };
  }

  /** Failures past which the delay no longer grows: more need not be kept for the user key. */
  private userCap(): number {
    const { slowdownAfter, baseDelayMs, maxDelayMs } = this.limits;
    return slowdownAfter + Math.ceil(Math.log2(Math.max(1, maxDelayMs / Math.max(1, baseDelayMs)))) + 1;
  }

  /**
   * 0 below `slowdownAfter` recent failures of the name; then baseDelayMs · 2^(failures − slowdownAfter),
   * at most maxDelayMs. With the defaults: 5 failures → 250 ms, 6 → 500 ms, 7 → 1 s, 8 → 2 s, 9+ → 3 s.
   */
  private delayMs(failures: number): number {
    const { slowdownAfter, baseDelayMs, maxDelayMs } = this.limits;
    if (failures < slowdownAfter) return 0;
    return Math.min(maxDelayMs, baseDelayMs * 2 ** (failures - slowdownAfter));
  }

  /** 0 when failures plus attempts under way leave room; else until the oldest failure leaves the window. */
  private retryAfterMs(counts: LoginKeyCounts, limit: number, at: number): number {
    if (counts.failures + counts.pending < limit) return 0;
    // Only attempts under way fill the limit: they end within a hash and a delay.
    if (counts.oldestFailureAt === null) return 1_000;
    return Math.max(1_000, counts.oldestFailureAt + this.limits.windowMs - at);
  }
}

/** A fixed-size key: the names and addresses it stands for may be as long as a request allows. */
function digest(kind: string, value: string): string {
  return createHash('sha256').update(`${kind}\u0000${value}`).digest('base64url');
}
