import type { Rng } from '../stats/rng.ts';

/**
 * A simple random sample of `n` of `items`, drawn without replacement: every subset of size n is
 * equally likely, so each item is included with probability n/N (N = items.length). The method is
 * the first n steps of the Fisher–Yates shuffle in Durstenfeld's in-place form (Knuth, TAOCP
 * vol. 2, §3.4.2, Algorithm P): for i = 0 … n−1 swap position i with a uniform position in
 * [i, N), then take positions 0 … n−1. Each step is one `rng.nextInt`, which is exactly uniform.
 *
 * The result lists the items in the order they were drawn, itself uniformly random. With n = N it
 * is therefore a uniformly random permutation — the shuffle used for seeded tie-breaking and for
 * ordering annotation queues in this folder.
 *
 * The sample depends on the order of `items`: callers that need a result independent of input
 * order sort first (by id, with `byCodeUnits`), as `drawStratifiedSample` does.
 *
 * Preconditions: n is an integer with 0 ≤ n ≤ items.length; otherwise throws a RangeError.
 * `items` is not modified; the result holds the same elements (not copies).
 * Degenerate input: n = 0 gives `[]` and consumes no random numbers.
 *
 * @example simpleRandomSample(['a', 'b', 'c', 'd'], 2, createRng(7)) // two distinct letters, the same two for seed 7
 */
export function simpleRandomSample<T>(items: readonly T[], n: number, rng: Rng): T[] {
  if (!Number.isInteger(n) || n < 0 || n > items.length) {
    throw new RangeError(
      `simpleRandomSample: n must be an integer between 0 and ${items.length} (got ${String(n)})`,
    );
  }
  const pool = items.slice();
  for (let i = 0; i < n; i++) {
    const j = i + rng.nextInt(pool.length - i);
    // i and j are both valid indices into pool, so the casts only drop `undefined`.
    const chosen = pool[j] as T;
    pool[j] = pool[i] as T;
    pool[i] = chosen;
  }
  return pool.slice(0, n);
}
