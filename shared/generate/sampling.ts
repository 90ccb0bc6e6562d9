import type { Rng } from '../stats/rng.ts';

/**
 * Sampling helpers over a seeded `Rng` (shared/stats/rng.ts). Each consumes the stream in a fixed,
 * documented way, so a seed reproduces the same draws on every machine. Invalid arguments throw a
 * RangeError naming the argument; there are no degenerate cases that return a value instead.
 */

const TWO_POW_32 = 4294967296;

/**
 * A uniform integer on the closed interval [a, b]: `a + rng.nextInt(b − a + 1)`, one call to
 * `nextInt` (itself unbiased by rejection).
 *
 * Preconditions: a and b are safe integers, a ≤ b, and b − a + 1 ≤ 2³² (the range `nextInt`
 * covers). Otherwise throws a RangeError.
 *
 * @example uniformInt(createRng(1), 3, 3) // 3 (a one-point interval still consumes one draw)
 */
export function uniformInt(rng: Rng, a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a > b || b - a + 1 > TWO_POW_32) {
    throw new RangeError(
      `uniformInt: need safe integers a ≤ b with b − a + 1 ≤ 2^32 (got a = ${String(a)}, b = ${String(b)})`,
    );
  }
  return a + rng.nextInt(b - a + 1);
}

/**
 * True with probability p: one call to `rng.next()` (a uniform float on [0, 1) with 32-bit
 * resolution), compared as `next() < p`. So p = 0 is never true, p = 1 always, and otherwise the
 * probability is p rounded to a multiple of 2⁻³².
 *
 * Precondition: 0 ≤ p ≤ 1. Otherwise (NaN included) throws a RangeError.
 *
 * @example bernoulli(createRng(1), 1) // true
 */
export function bernoulli(rng: Rng, p: number): boolean {
  if (typeof p !== 'number' || !(p >= 0 && p <= 1)) {
    throw new RangeError(`bernoulli: p must be between 0 and 1 (got ${String(p)})`);
  }
  return rng.next() < p;
}

/**
 * A uniform sample of k distinct positions of `items`, in the order drawn (not the input order):
 * the first k steps of the Fisher–Yates shuffle (Durstenfeld's in-place form, Knuth TAOCP vol. 2,
 * Algorithm 3.4.2P, run from the front) on a copy. Step i swaps position i with a uniform position
 * j in [i, n), one `nextInt(n − i)` each, so exactly k draws are made and every ordered k-sample is
 * equally likely. The input is not modified. Items are drawn by position: equal items are distinct
 * draws.
 *
 * Preconditions: k is an integer with 0 ≤ k ≤ items.length. Otherwise throws a RangeError.
 *
 * @example sampleWithoutReplacement(createRng(7), ['a', 'b', 'c'], 2) // two of the three, e.g. ['c', 'a']
 */
export function sampleWithoutReplacement<T>(rng: Rng, items: readonly T[], k: number): T[] {
  const n = items.length;
  if (!Number.isInteger(k) || k < 0 || k > n) {
    throw new RangeError(`sampleWithoutReplacement: k must be an integer in [0, ${n}] (got ${String(k)})`);
  }
  const pool = items.slice();
  for (let i = 0; i < k; i++) {
    const j = i + rng.nextInt(n - i);
    const picked = pool[j] as T;
    pool[j] = pool[i] as T;
    pool[i] = picked;
  }
  return pool.slice(0, k);
}

/**
 * A uniformly random permutation of `items` (a new array; the input is not modified): the full
 * Fisher–Yates shuffle, i.e. `sampleWithoutReplacement(rng, items, items.length)`, using
 * items.length draws.
 *
 * @example shuffle(createRng(7), [1, 2, 3]) // a permutation of [1, 2, 3]
 */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  return sampleWithoutReplacement(rng, items, items.length);
}
