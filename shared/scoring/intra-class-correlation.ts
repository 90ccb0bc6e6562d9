/** One item's binary decisions, summarised: `positives` of `decisions` were 1. */
export interface ItemDecisions {
  positives: number;
  decisions: number;
}

/**
 * The ANOVA estimator of the intra-class correlation ρ of binary decisions within items (one-way
 * random-effects ICC(1); Fleiss, "Statistical Methods for Rates and Proportions", 2nd ed. 1981,
 * §13.2; for binary data the "ANOVA estimator" of Ridout, Demétrio & Firth, "Estimating intraclass
 * correlation for binary data", Biometrics 55, 1999). With k items, item i having y_i positives
 * among m_i decisions, M = Σ m_i, Y = Σ y_i:
 *
 *   MSB = (Σ y_i²/m_i − Y²/M) / (k − 1)          between-item mean square
 *   MSW = (Y − Σ y_i²/m_i) / (M − k)             within-item mean square (binary: Σ_j (x_ij − x̄_i)² = y_i − y_i²/m_i)
 *   m₀  = (M − Σ m_i²/M) / (k − 1)               the "average" item size (m₀ = m when all are equal)
 *   ρ̂   = (MSB − MSW) / (MSB + (m₀ − 1)·MSW)
 *
 * In this project an item is an argument and its decisions are the 78 (case, factor) "present?"
 * decisions; ρ̂ measures how much more alike two decisions of one argument are than two decisions
 * of different arguments, which inflates the variance of decision-level proportions by the design
 * effect 1 + (m − 1)ρ (`planSampleSize`). ρ̂ may be negative (less alike than chance); it is
 * returned as computed and the planner uses max(0, ρ̂).
 *
 * Preconditions: integer counts 0 ≤ y_i ≤ m_i, m_i ≥ 1. Otherwise throws a RangeError.
 * Degenerate input returns `null` ("n/a"): fewer than two items, M = k (one decision per item: no
 * within-item variation to compare), or a zero denominator (every decision of every item alike).
 *
 * @example intraClassCorrelation([{ positives: 2, decisions: 2 }, { positives: 0, decisions: 2 }]) // 1
 * // Σy²/m = 2, Y²/M = 1 → MSB = 1; MSW = (2 − 2)/2 = 0; m₀ = (4 − 8/4)/1 = 2 → ρ̂ = 1/(1 + 0) = 1
 */
export function intraClassCorrelation(items: readonly ItemDecisions[]): number | null {
  let M = 0;
  let Y = 0;
  let squaresOverSize = 0;
  let sizeSquares = 0;
  for (const [index, item] of items.entries()) {
    const { positives: y, decisions: m } = item;
    if (!Number.isInteger(m) || m < 1 || !Number.isInteger(y) || y < 0 || y > m)
      throw new RangeError(
        `intraClassCorrelation: items[${index}] needs integers 0 ≤ positives ≤ decisions, decisions ≥ 1`,
      );
    M += m;
    Y += y;
    squaresOverSize += (y * y) / m;
    sizeSquares += m * m;
  }
  const k = items.length;
  if (k < 2 || M === k) return null;
  const between = (squaresOverSize - (Y * Y) / M) / (k - 1);
  const within = (Y - squaresOverSize) / (M - k);
  const m0 = (M - sizeSquares / M) / (k - 1);
  const denominator = between + (m0 - 1) * within;
  if (denominator === 0) return null;
  return (between - within) / denominator;
}
