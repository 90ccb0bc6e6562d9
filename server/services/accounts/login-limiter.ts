import { createHash } from 'node:crypto';
import { usernameKey } from '../../../shared/username.ts';

/** How many failed logins are tolerated, over what window, and how much memory the counts may take. */
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
  /** Keys tracked at most; beyond, the least recently used key is forgotten. */
  maxKeys: number;
}

/**
 * Ten failures per name and address and fifty per address in 15 minutes (OWASP's guidance is a few
 * tens an hour); a name failing from anywhere slows down from its fifth failure, doubling from
 * 250 ms to at most 3 s. 10,000 keys of at most 50 timestamps each stay under ~5 MB.
 */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAddress: 50,
  perUserAndAddress: 10,
  windowMs: 15 * 60_000,
  slowdownAfter: 5,
  baseDelayMs: 250,
  maxDelayMs: 3_000,
  maxKeys: 10_000,
};

/** The counts of one key: recent failures (oldest first, at most its limit) and attempts under way. */
interface Entry {
  failures: number[];
  pending: number;
}

/** One reserved login attempt: say how it ended, exactly once. */
export interface LoginAttempt {
  /** Wait this long before checking the password (the user name's slowdown). */
  delayMs: number;
  failed(): void;
  succeeded(): void;
  /** The check did not happen (a server error): count nothing. */
  abandoned(): void;
}

export type Reservation = { ok: true; attempt: LoginAttempt } | { ok: false; retryAfterMs: number };

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
 *   is checked (which yields the event loop), so a hundred parallel requests cannot all pass a check
 *   that only one failure has yet been recorded against. At most `perUserAndAddress` hashes are
 *   checked, however many arrive at once.
 * - Memory is bounded: keys are SHA-256 digests (a 2 MB "name" costs 43 bytes), each keeps at most
 *   its limit of timestamps, and beyond `maxKeys` the least recently used key is forgotten. (A key
 *   forgotten while an attempt is under way forgets that attempt too; it takes `maxKeys` fresh keys,
 *   i.e. many addresses, within one password check to get there.)
 *
 * In memory: a restart forgets, which is acceptable for one server process.
 */
export class LoginLimiter {
  private readonly limits: LoginLimits;
  /** In insertion order = least recently used first (`touch` moves a key to the end). */
  private readonly entries = new Map<string, Entry>();

  constructor(
    limits: Partial<LoginLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_LOGIN_LIMITS, ...limits };
  }

  /** Keys tracked now (for tests and monitoring). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Reserves one attempt to log in as `username` from `address`, or says how long to wait. The
   * reservation counts against the limits until it ends: `failed` keeps it as a failure, `succeeded`
   * clears the name's failures from this address, `abandoned` drops it.
   */
  reserve(username: string, address: string): Reservation {
    const name = usernameKey(username);
    const keys = {
      address: digest('address', address),
      pair: digest('user+address', `${name}\u0000${address}`),
      user: digest('user', name),
    };
    const byAddress = this.touch(keys.address);
    const byPair = this.touch(keys.pair);
    const byUser = this.touch(keys.user);
    const wait = Math.max(
      this.retryAfterMs(byAddress, this.limits.perAddress),
      this.retryAfterMs(byPair, this.limits.perUserAndAddress),
    );
    if (wait > 0) return { ok: false, retryAfterMs: wait };

    for (const entry of [byAddress, byPair, byUser]) entry.pending += 1;
    let ended = false;
    const end = (outcome: 'failed' | 'succeeded' | 'abandoned') => {
      if (ended) return;
      ended = true;
      const at = this.now();
      if (outcome === 'succeeded') byPair.failures = [];
      for (const [key, entry, cap] of [
        [keys.address, byAddress, this.limits.perAddress],
        [keys.pair, byPair, this.limits.perUserAndAddress],
        [keys.user, byUser, this.userCap()],
      ] as const) {
        entry.pending -= 1;
        if (outcome === 'failed') {
          entry.failures.push(at);
          // Only the newest `cap` failures can matter to a limit of `cap`.
          if (entry.failures.length > cap) entry.failures.splice(0, entry.failures.length - cap);
        }
        // A key with nothing to remember is dropped at once, so successful logins take no room.
        if (entry.pending === 0 && entry.failures.length === 0 && this.entries.get(key) === entry)
          this.entries.delete(key);
      }
    };
    return {
      ok: true,
      attempt: {
        delayMs: this.delayMs(byUser),
        failed: () => end('failed'),
        succeeded: () => end('succeeded'),
        abandoned: () => end('abandoned'),
      },
    };
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
  private delayMs(entry: Entry): number {
    const { slowdownAfter, baseDelayMs, maxDelayMs } = this.limits;
    const failures = this.recent(entry).length;
    if (failures < slowdownAfter) return 0;
    return Math.min(maxDelayMs, baseDelayMs * 2 ** (failures - slowdownAfter));
  }

  /** 0 when failures plus attempts under way leave room; else until the oldest failure leaves the window. */
  private retryAfterMs(entry: Entry, limit: number): number {
    const recent = this.recent(entry);
    if (recent.length + entry.pending < limit) return 0;
    const oldest = recent[0];
    // Only attempts under way fill the limit: they end within a hash and a delay.
    if (oldest === undefined) return 1_000;
    return Math.max(1_000, oldest + this.limits.windowMs - this.now());
  }

  private recent(entry: Entry): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    const firstKept = entry.failures.findIndex((at) => at > cutoff);
    if (firstKept !== 0) entry.failures.splice(0, firstKept === -1 ? entry.failures.length : firstKept);
    return entry.failures;
  }

  /** The key's entry, made the most recently used; the least recently used go beyond `maxKeys`. */
  private touch(key: string): Entry {
    const entry = this.entries.get(key) ?? { failures: [], pending: 0 };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.limits.maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return entry;
  }
}

/** A fixed-size key: the names and addresses it stands for may be as long as a request allows. */
function digest(kind: string, value: string): string {
  return createHash('sha256').update(`${kind}\u0000${value}`).digest('base64url');
}
