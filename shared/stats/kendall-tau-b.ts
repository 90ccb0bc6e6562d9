import { assertAllFinite, assertSameLength } from './guards.ts';

/**
 * Kendall's τ-b, the rank correlation with the tie correction of Kendall ("The treatment of ties
 * in ranking problems", Biometrika 33, 1945), as in SciPy's `kendalltau` (default variant) and
 * R's `cor(method = "kendall")`:
 *
 *   τ_b = (n_c − n_d) / √((n_0 − n_1)(n_0 − n_2))
 *
 * over the n_0 = n(n − 1)/2 pairs of observations: n_c concordant, n_d discordant, n_1 tied in x,
 * n_2 tied in y (a pair tied in both counts in n_1 and n_2 and in neither n_c nor n_d). Without
 * ties it equals τ-a. The project uses it to compare model rankings, so n is the number of
 * models; pairs are counted directly (O(n²)), which is exact and plenty fast for that.
 *
 * Preconditions: x and y have equal length and hold finite numbers. Otherwise throws.
 * Degenerate input returns `null` (shown as "n/a"): fewer than two observations, or x or y
 * constant (n_0 − n_1 = 0 or n_0 − n_2 = 0: a ranking with no order correlates with nothing).
 *
 * @example kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]) // −0.47140452079103173 (SciPy docs)
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  assertSameLength(x, y, 'kendallTauB: x and y');
  assertAllFinite(x, 'kendallTauB: x');
  assertAllFinite(y, 'kendallTauB: y');
  const n = x.length;
  if (n < 2) return null;

  let concordantMinusDiscordant = 0;
  let tiedInX = 0;
  let tiedInY = 0;
  for (let i = 0; i < n - 1; i++) {
    const xi = x[i] ?? 0;
    const yi = y[i] ?? 0;
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign((x[j] ?? 0) - xi);
      const dy = Math.sign((y[j] ?? 0) - yi);
      if (dx === 0) tiedInX++;
      if (dy === 0) tiedInY++;
      // +1 concordant, −1 discordant, 0 when tied in either.
      concordantMinusDiscordant += dx * dy;
    }
  }
  const pairs = (n * (n - 1)) / 2;
  const denominator = Math.sqrt((pairs - tiedInX) * (pairs - tiedInY));
  if (denominator === 0) return null;
  return concordantMinusDiscordant / denominator;
}
