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
