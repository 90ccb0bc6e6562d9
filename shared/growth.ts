/**
 * How a function's running time grows with its input, for tests that guard against quadratic
 * blow-ups without asserting a time (a benchmark measures times; a test must not depend on the
 * machine's load). Runs `work(small)` and `work(large)` several times each and returns the ratio of
 * the best times: about large/small for linear work, its square for quadratic work. Taking the best
 * of several runs discards the runs another process slowed down.
 *
 * @example growthRatio((n) => slowThing(input(n)), 5_000, 160_000) // ≈ 32 if linear, ≈ 1,024 if quadratic
 */
export function growthRatio(
  work: (size: number) => unknown,
  small: number,
  large: number,
  rounds = 5,
): number {
  const best = (size: number) => {
    let fastest = Number.POSITIVE_INFINITY;
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      work(size);
      fastest = Math.min(fastest, performance.now() - started);
    }
    return Math.max(fastest, 1e-3);
  };
  work(small); // warm the code paths before timing
  return best(large) / best(small);
}

/**
 * For each size, a few flat copies of `make(size)`, each a string of its own (so no cache of the
 * engine's keyed by the string can serve one call from another), built now and not in the timed
 * call; the function returned hands out the next copy of a size, round and round. For a
 * `growthRatio` of the work alone: a test that builds its input inside the timed call times the
 * building too, which on a loaded machine can dwarf the work.
 *
 * @example const next = prebuiltInputs((n) => '{'.repeat(n), [5_000, 160_000]); growthRatio((n) => parse(next(n)), 5_000, 160_000)
 */
export function prebuiltInputs(
  make: (size: number) => string,
  sizes: readonly number[],
  copies = 8,
): (size: number) => string {
  const pools = new Map(
    sizes.map((size) => [
      size,
      Array.from({ length: copies }, () => JSON.parse(JSON.stringify(make(size))) as string),
    ]),
  );
  const handedOut = new Map<number, number>();
  return (size) => {
    const pool = pools.get(size);
    if (!pool) throw new Error(`no inputs were built for size ${size}`);
    const count = handedOut.get(size) ?? 0;
    handedOut.set(size, count + 1);
    return pool[count % pool.length] ?? '';
  };
}
