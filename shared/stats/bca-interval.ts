import { mean, quantileSorted } from 'simple-statistics';
import { assertAllFinite, assertAscending, assertFinite, assertLevel } from './guards.ts';
import type { Interval } from './interval.ts';
import { normalCdf } from './normal-cdf.ts';
import { normalQuantile } from './normal-quantile.ts';

/** A BCa interval with the two constants that shaped it. */
export interface BcaInterval extends Interval {
  /** ẑ₀, the bias correction: Φ⁻¹ of the share of replicates below the estimate. */
  biasCorrection: number;
  /** â, the acceleration: the skewness of the jackknife influence values, divided by 6. */
  acceleration: number;
}

/** What a BCa interval is computed from. */
export interface BcaInput {
  /** θ̂, the statistic on the original sample. */
  estimate: number;
  /** θ̂*_1 … θ̂*_B, the statistic on each bootstrap resample (in no particular order). */
  replicates: readonly number[];
  /** θ̂_(1) … θ̂_(n), the statistic with each cluster left out in turn. */
  jackknife: readonly number[];
  /** Confidence level, 0 < level < 1 (default 0.95). */
  level?: number;
}

/**
 * The bias-corrected and accelerated (BCa) bootstrap interval (Efron, "Better bootstrap
 * confidence intervals", JASA 82, 1987; Efron & Tibshirani, "An Introduction to the Bootstrap",
 * 1993, ch. 14.3, eqs. 14.9–14.15). With α = 1 − level and z^(γ) = Φ⁻¹(γ):
 *
 *   ẑ₀ = Φ⁻¹( (#{θ̂*_b < θ̂} + ½·#{θ̂*_b = θ̂}) / B )                    bias correction
 *   â  = Σ_i (θ̂_(·) − θ̂_(i))³ / (6 · [Σ_i (θ̂_(·) − θ̂_(i))²]^{3/2})    acceleration (jackknife)
 *   α₁ = Φ(ẑ₀ + (ẑ₀ + z^(α/2)) / (1 − â(ẑ₀ + z^(α/2))))
 *   α₂ = Φ(ẑ₀ + (ẑ₀ + z^(1−α/2)) / (1 − â(ẑ₀ + z^(1−α/2))))
 *   interval = (α₁ and α₂ quantiles of the replicates)
 *
 * ẑ₀ corrects for a replicate distribution not centred on θ̂ (median bias), â for a standard
 * error that changes with the parameter (skewness); with ẑ₀ = â = 0 it is the percentile
 * interval. One deviation from E&T's eq. 14.14: replicates equal to θ̂ count half below, half
 * above. Agreement statistics on binary decisions are discrete, many replicates can equal θ̂
 * exactly, and the strict "<" would then shift ẑ₀ for no reason. Quantiles are linear
 * interpolation between order statistics (R/NumPy type 7), as in `percentileInterval`.
 *
 * Preconditions: finite estimate, replicates and jackknife values; 0 < level < 1. Otherwise
 * throws.
 * Degenerate input returns `null` (shown as "n/a"): no replicates; θ̂ below every replicate or
 * above every replicate (ẑ₀ = ∓∞); an undefined acceleration (`jackknifeAcceleration` is null);
 * or 1 − â(ẑ₀ + z) ≤ 0, where the BCa formula breaks down (|â| < 1/6 always, so only when
 * |ẑ₀ + z| > 6: extreme levels or an estimate in the far tail of its replicates).
 *
 * @example bcaInterval({ estimate: 5, replicates: [1, 2, …, 9], jackknife: [4, 5, 6], level: 0.5 })
 * // ẑ₀ = 0, â = 0: the percentile interval, { lower: 3, upper: 7 } up to rounding
 */
export function bcaInterval(input: BcaInput): BcaInterval | null {
  const { estimate, replicates, jackknife, level = 0.95 } = input;
  assertFinite(estimate, 'bcaInterval: estimate');
  assertLevel(level, 'bcaInterval: level');
  assertAllFinite(replicates, 'bcaInterval: replicates');
  return bcaIntervalWithAcceleration({
    estimate,
    sortedReplicates: [...replicates].sort((x, y) => x - y),
    level,
    acceleration: jackknifeAcceleration(jackknife),
  });
}

/**
 * `bcaInterval` with â already computed (e.g. by `accelerationFromDeviations` from a jackknife
 * kept as sums) and the replicates already sorted (a caller that reads several intervals off one
 * sorted list): the same formulas, the same degenerate cases; `acceleration: null` gives `null`.
 *
 * Preconditions: finite estimate; finite replicates in ascending order; 0 < level < 1. Otherwise
 * throws.
 */
export function bcaIntervalWithAcceleration(input: {
  estimate: number;
  sortedReplicates: readonly number[];
  acceleration: number | null;
  level?: number;
}): BcaInterval | null {
  const { estimate, sortedReplicates: replicates, acceleration, level = 0.95 } = input;
  assertFinite(estimate, 'bcaInterval: estimate');
  assertLevel(level, 'bcaInterval: level');
  assertAscending(replicates, 'bcaInterval: replicates');
  if (replicates.length === 0) return null;

  let below = 0;
  let ties = 0;
  for (const value of replicates) {
    if (value < estimate) below++;
    else if (value === estimate) ties++;
  }
  const share = (below + ties / 2) / replicates.length;
  if (share === 0 || share === 1) return null;
  const biasCorrection = normalQuantile(share);
  if (acceleration === null) return null;

  const alpha = 1 - level;
  const adjusted = (tailProbability: number): number | null => {
    const w = biasCorrection + normalQuantile(tailProbability);
    const denominator = 1 - acceleration * w;
    if (!(denominator > 0)) return null;
    return normalCdf(biasCorrection + w / denominator);
  };
  const lowerProbability = adjusted(alpha / 2);
  const upperProbability = adjusted(1 - alpha / 2);
  if (lowerProbability === null || upperProbability === null) return null;

  return {
    lower: quantileSorted(replicates, lowerProbability),
    upper: quantileSorted(replicates, upperProbability),
    biasCorrection,
    acceleration,
  };
}

/**
 * The BCa acceleration â from jackknife values θ̂_(i) (the statistic with unit i left out;
 * Efron & Tibshirani 1993, eq. 14.15):
 *
 *   â = Σ_i (θ̂_(·) − θ̂_(i))³ / (6 · [Σ_i (θ̂_(·) − θ̂_(i))²]^{3/2}),
 *   θ̂_(·) = mean of the θ̂_(i).
 *
 * It estimates the skewness of the statistic's influence function: how fast its standard error
 * changes with the parameter, on the normalising scale.
 *
 * Preconditions: finite numbers. Otherwise throws.
 * Degenerate input returns `null` (shown as "n/a"): fewer than two values, or all equal (the
 * skewness is 0/0; the statistic does not move when one unit is left out).
 *
 * @example jackknifeAcceleration([1, 2, 6]) // −0.0573 (deviations 2, 1, −3: −18 / (6 · 14^{3/2}))
 */
export function jackknifeAcceleration(jackknife: readonly number[]): number | null {
  assertAllFinite(jackknife, 'jackknifeAcceleration: jackknife');
  if (jackknife.length < 2) return null;
  const centre = mean([...jackknife]);
  let squares = 0;
  let cubes = 0;
  for (const value of jackknife) {
    const deviation = centre - value;
    squares += deviation * deviation;
    cubes += deviation * deviation * deviation;
  }
  if (squares === 0) return null;
  return cubes / (6 * squares ** 1.5);
}

/** Sums of the deviations d_i = θ̂_(i) − θ̂ of n jackknife values from the estimate. */
export interface JackknifeDeviations {
  /** n, every jackknife value (those equal to θ̂ count, with d_i = 0). */
  count: number;
  /** Σ d_i. */
  sum: number;
  /** Σ d_i². */
  squares: number;
  /** Σ d_i³. */
  cubes: number;
}

/**
 * `jackknifeAcceleration` from sums of deviations about the estimate instead of the list of values,
 * so a jackknife in which most values equal θ̂ (every cluster that does not touch the statistic)
 * costs nothing for those. With m = Σd/n the deviations from the jackknife mean θ̂_(·) = θ̂ + m
 * are e_i = m − d_i, and expanding the powers:
 *
 *   Σ e_i² = Σd² − n·m²,   Σ e_i³ = 3m·Σd² − 2n·m³ − Σd³,   â = Σe³ / (6 · (Σe²)^{3/2}).
 *
 * The same number as `jackknifeAcceleration` on the n values, up to rounding (a test compares
 * them). Deviations about θ̂ are small, so the expansion loses little to cancellation.
 *
 * Preconditions: finite sums, integer count ≥ 0. Otherwise throws.
 * Degenerate input returns `null`, as `jackknifeAcceleration`: fewer than two values, or no spread.
 *
 * @example accelerationFromDeviations({ count: 3, sum: -3, squares: 17, cubes: -27 }) // −0.0573
 * // jackknife [1, 2, 6] about θ̂ = 4: d = −3, −2, 2 — as jackknifeAcceleration([1, 2, 6])
 */
export function accelerationFromDeviations(deviations: JackknifeDeviations): number | null {
  const { count, sum, squares, cubes } = deviations;
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`accelerationFromDeviations: count must be an integer ≥ 0 (got ${count})`);
  assertAllFinite([sum, squares, cubes], 'accelerationFromDeviations: sums');
  if (count < 2) return null;
  const m = sum / count;
  const spread = squares - count * m * m;
  if (!(spread > 0)) return null;
  const skew = 3 * m * squares - 2 * count * m * m * m - cubes;
  return skew / (6 * spread ** 1.5);
}
