import { zeroSpreadVarianceFloor } from '../scoring/difference-estimator.ts';
import { assertLevel } from './guards.ts';
import type { Interval } from './interval.ts';
import { poissonHorvitzThompson } from './poisson-horvitz-thompson.ts';
import { studentTQuantile } from './student-t-quantile.ts';

/** One sampled unit: its gold y, its extractor value f, and π, its chance of being drawn. */
export interface WeightedObservation {
  gold: number;
  extractor: number;
  inclusionProbability: number;
}

/** λ = 1: the difference estimator (PPI); `tuned`: PPI++ (λ̂ clipped to [0, 1]); λ = 0: gold only. */
export type PowerTuning = 'tuned' | number;

export interface HajekPpiEstimate {
  value: number;
  variance: number;
  ci: Interval;
  /** The λ used. */
  lambda: number;
  /** ν of the t quantile: n − 1. */
  degrees_of_freedom: number;
  /** The residuals had no spread and s² was raised to `zeroSpreadVarianceFloor`. */
  variance_floored: boolean;
}

/**
 * PPI++ power tuning (Angelopoulos, Duchi & Zrnic 2023, arXiv 2311.01453, §2 for a mean; Cochran
 * 1977 §7.1, the regression estimator, in a finite population): the λ that minimises V̂(λ) of
 * `hajekPpiMean` exactly — V̂ is a quadratic in λ:
 *
 *   λ* = Σ u_i ỹ_i f̃_i / Σ u_i f̃_i²,   u_i = w_i(w_i − 1),   ỹ = y − ȳ_w,  f̃ = f − f̄_w (w-weighted means)
 *
 * clipped to [0, 1]. With equal π this is Cov(y, f)/Var(f) over the sample. Because V̂ is convex in
 * λ, the clipped λ* gives no more estimated variance than λ = 0 (gold only) or λ = 1 (the difference
 * estimator). ppi_py's λ for a mean (`_calc_lam_glm`) is Cov(y, f)/((1 + n/N)·Var(f)) because its
 * unlabelled mean is itself random; here f is known on every argument of a finite population and
 * that term is absent (ppi_py with N → ∞ gives the same λ: see the test).
 * Degenerate: fewer than 2 units, or no spread of f, gives λ = 1.
 */
export function tunedLambda(sample: readonly WeightedObservation[]): number {
  if (sample.length < 2) return 1;
  const w = sample.map((unit) => 1 / unit.inclusionProbability);
  const W = w.reduce((s, x) => s + x, 0);
  const yBar = sample.reduce((s, unit, i) => s + (w[i] ?? 0) * unit.gold, 0) / W;
  const fBar = sample.reduce((s, unit, i) => s + (w[i] ?? 0) * unit.extractor, 0) / W;
  let cross = 0;
  let spread = 0;
  sample.forEach((unit, i) => {
    const wi = w[i] ?? 0;
    // Equal π = 1 (a census) has u = 0: any λ gives variance 0; the ranking still uses Σ(f − f̄)².
    const u = wi === 1 ? 1 : wi * (wi - 1);
    cross += u * (unit.gold - yBar) * (unit.extractor - fBar);
    spread += u * (unit.extractor - fBar) ** 2;
  });
  if (spread <= 1e-15) return 1;
  return Math.min(1, Math.max(0, cross / spread));
}

/**
 * The prediction-powered Hájek estimator of a population mean under any design with known π_i
 * (docs/STATISTICS.md §6.7; Särndal, Swensson & Wretman, "Model Assisted Survey Sampling", 1992,
 * §5.7 and §6.5 — the difference estimator with a Hájek correction; Zrnic & Candès, PNAS 2024):
 *
 *   r_i = y_i − λ f_i,   w_i = 1/π_i,   r̄_w = Σ_s w_i r_i / Σ_s w_i
 *   θ̂   = λ · (1/N) Σ_{all} f_i + r̄_w
 *   V̂   = c · Σ_s w_i (w_i − 1) (r_i − r̄_w)² / (Σ_s w_i)²,   c = n/(n − 1)
 *
 * Σ w(w − 1)(r − r̄)² = Σ (1 − π)/π²·(r − r̄)² is the Poisson design's variance estimator of the
 * linearised Hájek mean (SSW 1992 eq. 5.7.7 with π_ij = π_iπ_j). With equal π = n/N it is
 * (1 − n/N)·s²_r/n exactly (with c), the stratified SRS formula of §6.2, so one function serves
 * both draws. Interval: θ̂ ± t_{1−α/2, ν}·√V̂ with ν = n − 1, for every λ (so a tuned interval is
 * never wider than the gold-only one; `simulate coverage` measured what fitting λ costs in coverage).
 * `tuned` takes, of λ*, 0 and 1, the one with the least V̂ (they differ only where the floor applies). Residuals without spread take `zeroSpreadVarianceFloor(n)`
 * as s² (§6.5), scaled the same way.
 *
 * Preconditions: `extractorMean` finite, at least 2 sampled units, π in (0, 1],
 * 0 < level < 1; otherwise throws a RangeError.
 *
 * @example
 * // y = 1, 0, 1, 1; f = 1, 1, 1, 0; π = ½ each; f̄_all = 0.75; λ = 1:
 * // r = 0, −1, 0, 1, r̄ = 0, θ̂ = 0.75; V̂ = (4/3)·(2·1·(0 + 1 + 0 + 1))/64 = 0.08333
 */
export function hajekPpiMean(
  sample: readonly WeightedObservation[],
  extractorMean: number,
  options: { lambda: PowerTuning; level: number },
): HajekPpiEstimate {
  assertLevel(options.level, 'hajekPpiMean: level');
  const n = sample.length;
  if (n < 2) throw new RangeError(`hajekPpiMean: needs at least 2 sampled units (got ${n})`);
  if (!Number.isFinite(extractorMean))
    throw new RangeError('hajekPpiMean: the extractor mean must be finite');
  for (const unit of sample)
    if (!(unit.inclusionProbability > 0 && unit.inclusionProbability <= 1))
      throw new RangeError(`hajekPpiMean: π must lie in (0, 1] (got ${unit.inclusionProbability})`);
  if (options.lambda === 'tuned') {
    // The floor of §6.5 can make V̂ jump where the residuals lose their spread: keep the smallest.
    const candidates = [tunedLambda(sample), 0, 1].map((lambda) =>
      hajekPpiMean(sample, extractorMean, { lambda, level: options.level }),
    );
    return candidates.reduce((best, next) => (next.variance < best.variance ? next : best));
  }
  const lambda = options.lambda;
  const weights = sample.map((unit) => 1 / unit.inclusionProbability);
  const weightSum = weights.reduce((s, w) => s + w, 0);
  const residuals = sample.map((unit) => unit.gold - lambda * unit.extractor);
  const mean = residuals.reduce((s, r, i) => s + (weights[i] ?? 0) * r, 0) / weightSum;
  const spread = residuals.some((r) => Math.abs(r - (residuals[0] ?? 0)) > 1e-12);
  const c = n / (n - 1);
  // Σ w(w − 1)(r − r̄)²: the Poisson HT variance of the linearised residuals' total (of 1s without spread).
  const sum = poissonHorvitzThompson(
    sample.map((unit, i) => ({
      value: spread ? (residuals[i] ?? 0) - mean : 1,
      inclusionProbability: unit.inclusionProbability,
    })),
  ).variance;
  // Without spread, the Σ w(w − 1)/n factor carries the design and the floor stands in for s²·(n − 1)/n.
  const variance = spread
    ? (c * sum) / weightSum ** 2
    : (sum * zeroSpreadVarianceFloor(n, options.level)) / weightSum ** 2;
  const degrees = n - 1;
  const value = lambda * extractorMean + mean;
  const half = studentTQuantile(1 - (1 - options.level) / 2, degrees) * Math.sqrt(variance);
  return {
    value,
    variance,
    ci: { lower: value - half, upper: value + half },
    lambda,
    degrees_of_freedom: degrees,
    variance_floored: !spread,
  };
}
