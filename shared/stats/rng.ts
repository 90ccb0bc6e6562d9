/** A seeded stream of pseudo-random numbers. */
export interface Rng {
  /** The next 32-bit unsigned integer, uniform on [0, 2³²). */
  nextUint32(): number;
  /** A uniform float on [0, 1), with 32 bits of resolution. */
  next(): number;
  /** A uniform integer on [0, n) for an integer 1 ≤ n ≤ 2³², without modulo bias. */
  nextInt(n: number): number;
}

/**
 * A small, seeded, deterministic pseudo-random generator: sfc32, Chris Doty-Humphrey's "Small
 * Fast Chaotic" generator from the PractRand test suite (which it passes), with 128 bits of
 * state — three mixed words and a counter that guarantees a period of at least 2³². The state
 * words come from the seed through splitmix32-style steps (add the golden ratio 0x9e3779b9, then
 * the "lowbias32" integer hash of the Hash Prospector project), and the first 12 outputs are
 * discarded, so nearby seeds give unrelated streams.
 *
 * Every step is 32-bit integer arithmetic (`Math.imul`, `|0`, `>>>`), which JavaScript defines
 * exactly, so a seed yields the same stream on every machine and engine — what makes a
 * bootstrap interval reproducible from its seed. Not for cryptography.
 *
 * `nextInt(n)` rejects the top 2³² mod n raw values so each of the n results is exactly equally
 * likely (plain rejection sampling).
 *
 * Preconditions: `seed` is a safe integer (negative allowed); it is used modulo 2³², so seeds
 * that differ by a multiple of 2³² give the same stream. Otherwise throws a RangeError.
 * `nextInt(n)` requires an integer 1 ≤ n ≤ 2³².
 *
 * @example createRng(42).nextInt(6) // 3 — the same die roll on every machine
 */
export function createRng(seed: number): Rng {
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`createRng: seed must be a safe integer (got ${String(seed)})`);
  }
  let mixer = seed >>> 0;
  const splitmix = (): number => {
    mixer = (mixer + 0x9e3779b9) | 0;
    let t = mixer ^ (mixer >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    t ^= t >>> 15;
    return t >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let counter = 1;

  const nextUint32 = (): number => {
    // sfc32: t = a + b + counter; a ← b ^ (b >>> 9); b ← c + (c << 3); c ← rotl(c, 21) + t.
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    counter = (counter + 1) | 0;
    t = (t + counter) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextUint32();

  return {
    nextUint32,
    next: () => nextUint32() / 4294967296,
    nextInt: (n: number) => {
      if (!Number.isInteger(n) || n < 1 || n > 4294967296) {
        throw new RangeError(`Rng.nextInt: n must be an integer between 1 and 2^32 (got ${String(n)})`);
      }
      // Accept raw values below the largest multiple of n, so every residue is equally likely.
      const limit = 4294967296 - (4294967296 % n);
      let raw = nextUint32();
      while (raw >= limit) raw = nextUint32();
      return raw % n;
    },
  };
}
