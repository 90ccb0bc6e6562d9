/** One sampled unit: its value y and π, its chance of being drawn. */
export interface PoissonUnit {
  value: number;
  inclusionProbability: number;
}

export interface HorvitzThompsonTotal {
  /** t̂ = Σ_s y_i/π_i. */
  total: number;
  /** V̂(t̂) = Σ_s (1 − π_i)/π_i² · y_i², written w_i(w_i − 1)·y_i² with w_i = 1/π_i. */
  variance: number;
}

/**
 * The Horvitz–Thompson estimator of a population total under Poisson sampling, with its unbiased
 * variance estimator (Horvitz & Thompson, JASA 47, 1952; Särndal, Swensson & Wretman, "Model
 * Assisted Survey Sampling", 1992, §2.8 and §3.5):
 *
 *   t̂     = Σ_s y_i / π_i
 *   V(t̂)  = Σ_U (1 − π_i)/π_i · y_i²          (π_ij = π_iπ_j: the units are drawn independently)
 *   V̂(t̂)  = Σ_s (1 − π_i)/π_i² · y_i²        (each term of V weighted by 1/π_i: unbiased for V)
 *
 * Under Poisson sampling the general Sen–Yates–Grundy/HT double sum loses every cross term, which
 * is why the active design draws by Poisson (docs/decisions/019-unequal-probability-batches.md).
 * The Hájek mean of `hajekPpiMean` uses this variance on its linearised residuals.
 *
 * Preconditions: π in (0, 1], finite values; otherwise throws a RangeError. An empty sample gives 0, 0.
 *
 * @example
 * // y = 4, 1; π = 0.5, 0.25: t̂ = 8 + 4 = 12; V̂ = 0.5/0.25·16 + 0.75/0.0625·1 = 32 + 12 = 44
 */
export function poissonHorvitzThompson(sample: readonly PoissonUnit[]): HorvitzThompsonTotal {
  let total = 0;
  let variance = 0;
  for (const unit of sample) {
    const pi = unit.inclusionProbability;
    if (!(pi > 0 && pi <= 1))
      throw new RangeError(`poissonHorvitzThompson: π must lie in (0, 1] (got ${pi})`);
    if (!Number.isFinite(unit.value))
      throw new RangeError(`poissonHorvitzThompson: ${unit.value} is not finite`);
    const w = 1 / pi;
    total += w * unit.value;
    variance += w * (w - 1) * unit.value ** 2;
  }
  return { total, variance };
}
