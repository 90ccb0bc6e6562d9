import { assertLevel } from '../stats/guards.ts';
import { normalQuantile } from '../stats/normal-quantile.ts';
import { zeroSpreadVarianceFloor } from './difference-estimator.ts';

/**
 * No claim is judged on fewer gold arguments than this, whatever the interval says. `simulate
 * coverage` at the paper's scale: a wrong "holds" in ≤ 2.5 % of simulated studies from here up
 * (docs/REPORT.md, "simulate coverage").
 */
export const MIN_GOLD_FOR_CLAIM = 10;

/**
 * A gold cell mean on fewer gold arguments than this gets no interval (`studyMetrics`). `simulate
 * coverage`: its bootstrap interval covered 48–64 % at 2–3 gold per cell, 90.7–95.2 % at 10
 * (percentile below 93 %), 94.0–96.9 % at 13 and 95.7–98.3 % at 16 (docs/REPORT.md, "simulate
 * coverage") — 13 is the least size measured at which every such interval met 93 %.
 */
export const MIN_GOLD_FOR_CELL_INTERVAL = 13;

/**
 * The ranking claim, and τ-b between the gold ranking and another, need at least this many gold
 * arguments in every ranked cell; below it τ-b keeps its estimate but has no interval and the claim
 * is "too few to judge". `simulate coverage`: with 2–3 gold per cell the gold ranking is mostly
 * noise — τ-b's bootstrap interval covered the population τ-b in 8–11 % of studies (41–56 % at 10
 * per cell, 72–81 % at 20) and the claim failed wrongly in 85 % of studies (5.3 % at 10, 0 at 20 per
 * cell). At 20 it was never wrong; the interval, even there, describes a noisy ranking (docs/REPORT.md).
 */
export const MIN_GOLD_FOR_RANKING = 20;

/** Past this the planner stops counting: the answer is "more than" this many. */
export const MAX_PLANNED_GOLD = 100_000;

/**
 * How many gold arguments a cell needs before the claim "its figure is above the threshold" can
 * be judged: the sample-size planner's n for an interval whose half-width reaches from the estimate
 * to the threshold (`planCorrectedSampleSize`: n₀ = z²·s²_Δ/w², w = |estimate − threshold|, with the
 * finite-population correction n = n₀/(1 + n₀/N) when the cell's size N is given; Cochran 1977,
 * §4.4), and never fewer than `MIN_GOLD_FOR_CLAIM`.
 *
 * - With spread observed, s²_Δ is the cell's sample variance of the gold-minus-extractor
 *   differences.
 * - With no spread observed (no disagreement in the sample), s²_Δ is the zero-disagreement floor
 *   at the planned n itself (`zeroSpreadVarianceFloor(n)`, the rule of three): the smallest n at
 *   which an interval from n more agreeing items would clear the threshold.
 * - The ten-item minimum keeps the normal interval of a mean of bounded differences away from
 *   the smallest samples, where the central-limit approximation it rests on is poor and one odd
 *   item decides everything.
 *
 * A cell with fewer than `MIN_GOLD_FOR_CLAIM` gold arguments is "too few to judge", whatever its
 * interval; so is one whose interval still contains the threshold and has fewer gold arguments than
 * this number — the report then says how many would decide it.
 *
 * Preconditions: finite estimate and threshold, s² ≥ 0 or null (no spread seen), 0 < level < 1.
 *
 * @example goldNeededForClaim({ estimate: 0.95, threshold: 0.9, differenceVariance: 0.01, level: 0.95 }) // ⌈3.8415·0.01/0.0025⌉ = 16
 * @example goldNeededForClaim({ estimate: 0.995, threshold: 0.9, differenceVariance: null, level: 0.95 }) // 70: z²·floor(70)/70 ≤ 0.095²
 */
export function goldNeededForClaim(request: {
  estimate: number;
  threshold: number;
  differenceVariance: number | null;
  level: number;
  /** N, the arguments of the cell: with it, the finite-population correction n = n₀/(1 + n₀/N). */
  population?: number;
}): number {
  const { estimate, threshold, differenceVariance, level, population = Number.POSITIVE_INFINITY } = request;
  assertLevel(level, 'goldNeededForClaim: level');
  if (!Number.isFinite(estimate) || !Number.isFinite(threshold))
    throw new RangeError('goldNeededForClaim: estimate and threshold must be finite');
  const z = normalQuantile(1 - (1 - level) / 2);
  const distance = Math.abs(estimate - threshold);
  if (distance === 0) return MAX_PLANNED_GOLD;
  // Var(m̂) = (1 − n/N)·s²/n must shrink to (d/z)²: the interval then reaches no further than the threshold.
  const enough = (n: number, s2: number) =>
    (z * z * (1 - Math.min(1, n / population)) * s2) / n <= distance * distance;
  if (differenceVariance !== null && differenceVariance > 0) {
    const first = (z * z * differenceVariance) / (distance * distance);
    const planned = Math.ceil(first / (1 + first / population) - 1e-9);
    return Math.min(MAX_PLANNED_GOLD, Math.max(MIN_GOLD_FOR_CLAIM, planned));
  }
  // z²·floor(n)/n falls as n grows: find the first n that is enough by doubling, then bisecting.
  let high = MIN_GOLD_FOR_CLAIM;
  while (high < MAX_PLANNED_GOLD && !enough(high, zeroSpreadVarianceFloor(high, level))) high *= 2;
  if (high >= MAX_PLANNED_GOLD) return MAX_PLANNED_GOLD;
  let low = Math.max(MIN_GOLD_FOR_CLAIM, Math.floor(high / 2));
  if (enough(low, zeroSpreadVarianceFloor(low, level))) return low;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (enough(middle, zeroSpreadVarianceFloor(middle, level))) high = middle;
    else low = middle;
  }
  return high;
}
