/** How long to wait between attempts of one call. */
export interface BackoffPolicy {
  /** Base of the exponential: the ceiling before retry k is min(maxMs, baseMs · 2^(k−1)). */
  baseMs: number;
  /** The largest ceiling (and the most a Retry-After header is honoured for). */
  maxMs: number;
}

/**
 * Exponential backoff with "full jitter" (Brooker, "Exponential Backoff And Jitter", AWS
 * Architecture Blog, 2015): before retry k (k = 1 for the first retry) wait a uniformly random time
 * in [0, min(maxMs, baseMs · 2^(k−1))). Full jitter spreads the retries of many clients that failed
 * together, which is what a 429 storm needs. `random` is injectable for tests; it must return [0, 1).
 *
 * @example backoffDelayMs(3, { baseMs: 1000, maxMs: 60000 }, () => 0.5) // 2000 (half of 4000)
 */
export function backoffDelayMs(
  retry: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  if (!Number.isInteger(retry) || retry < 1)
    throw new RangeError(`retry must be an integer ≥ 1, got ${retry}`);
  // 2^(k−1) overflows to Infinity for huge k, and min() then keeps maxMs: no special case needed.
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/** The header lookup the openai client's errors offer (`Headers`), or a map of lower-case names. */
export interface HeaderSource {
  get(name: string): string | null | undefined;
}

/**
 * The wait a server asked for, in milliseconds, or null when it did not say:
 * - `retry-after-ms: 250` — milliseconds (non-standard; OpenAI sends it), read first;
 * - `Retry-After: 2` — seconds (RFC 9110 §10.2.3, delay-seconds; fractions are accepted);
 * - `Retry-After: Wed, 21 Oct 2015 07:28:00 GMT` — an HTTP date, minus `now`.
 * A date in the past gives 0. Unreadable or negative values count as not said.
 *
 * @example retryAfterMs(new Headers({ 'retry-after': '2' })) // 2000
 */
export function retryAfterMs(
  headers: HeaderSource | undefined | null,
  now: number = Date.now(),
): number | null {
  if (!headers) return null;
  const millis = headers.get('retry-after-ms');
  if (millis !== null && millis !== undefined && millis.trim() !== '') {
    const value = Number(millis.trim());
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = headers.get('retry-after')?.trim();
  if (!after) return null;
  if (/^\d+(?:\.\d+)?$/.test(after)) return Number(after) * 1000;
  // An HTTP date names its weekday or month; without letters ("-3") Date.parse would guess a year.
  if (!/[a-z]/i.test(after)) return null;
  const date = Date.parse(after);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/**
 * The wait before retry k: the server's Retry-After when it gave one (capped at `maxMs`, and with
 * up to `baseMs` of jitter added so that clients told the same instant do not return together),
 * otherwise `backoffDelayMs`.
 *
 * @example retryWaitMs(1, 1500, { baseMs: 10, maxMs: 60000 }, () => 0) // 1500
 */
export function retryWaitMs(
  retry: number,
  serverWaitMs: number | null,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  if (serverWaitMs === null) return backoffDelayMs(retry, policy, random);
  return Math.min(policy.maxMs, serverWaitMs) + Math.floor(random() * policy.baseMs);
}
