import { mean, sampleVariance } from 'simple-statistics';
import { hajekPpiMean } from '../stats/hajek-ppi.ts';
import { poissonHorvitzThompson } from '../stats/poisson-horvitz-thompson.ts';
import {
  combineStrata,
  type DifferenceEstimate,
  differenceEstimate,
  type StratumEstimate,
  zeroSpreadVarianceFloor,
} from './difference-estimator.ts';

/** How the estimating batch was drawn: `poisson` (the active design, unequal π) or a stratified SRS. */
export type BatchDraw = 'poisson' | 'srs';

/** One difference the estimating batch drew, with the π it was drawn with. */
export interface BatchDifference {
  difference: number;
  inclusionProbability: number;
}

/** One stratum h of the batch estimator. */
export interface BatchStratum {
  key: string;
  /** N_h, every argument of the stratum. */
  populationSize: number;
  /** m_ext(i) for every argument of the stratum the extractor scored. */
  extractorValues: readonly number[];
  /** E_h: the stratum's arguments that batches before the estimating one drew, with gold or not. */
  earlierDrawn: number;
  /** m_gold − m_ext of those of them that have one (m_h ≤ E_h). */
  earlier: readonly number[];
  /** The estimating batch's differences in the stratum, with their π. */
  last: readonly BatchDifference[];
  /** As `EstimatorStratum.pool`: the differences whose s² stands in when a part has fewer than 3. */
  pool?: readonly number[];
}

/** A part's total: known exactly or estimated, with the variance of the total and its ν. */
interface PartTotal {
  total: number | null;
  variance: number | null;
  degrees: number | null;
  pooled: boolean;
  floored: boolean;
}

const NOTHING: PartTotal = { total: 0, variance: 0, degrees: null, pooled: false, floored: false };

/**
 * The difference estimator over batches drawn one after another, each from what the earlier ones
 * left (docs/decisions/019-unequal-probability-batches.md; docs/STATISTICS.md §6.7). With
 * d_i = m_gold(i) − m_ext(i) (λ = 1), S_<b the arguments the earlier batches drew and S_b the
 * estimating (last) batch's, per stratum h:
 *
 *   D̂_h   = Σ_{S<b,h} d_i  +  N_rest,h · Σ_{S_b,h} w_i d_i / Σ_{S_b,h} w_i,   w_i = 1/π_i,  N_rest,h = N_h − E_h
 *   m̂_h   = (1/N_h') Σ_{scored i in h} m_ext(i) + D̂_h / N_h
 *   Var_h = N_rest,h² · c · Σ_{S_b,h} w_i(w_i − 1)(d_i − d̄_w)² / (Σ w_i)² / N_h²,   c = n/(n − 1)
 *
 * The earlier batches' sum is known (weight 1), so only the last batch contributes variance — the
 * Poisson variance of its Hájek mean (`hajekPpiMean`; `poissonHorvitzThompson` of the linearised
 * residuals). E[D̂ | S_<b] = D does not depend on S_<b, so this holds for any adaptive choice of the
 * last batch's π. A last batch drawn as a stratified simple random sample (`draw: 'srs'`, equal π in
 * a stratum) estimates the rest by its plain mean with the SRS variance (1 − n/N_rest)·s²/n
 * (`differenceEstimate` on the rest). The strata combine as §6.2–6.3 (`combineStrata`), ν = min_h ν_h.
 *
 * Gaps, treated as `differenceEstimate` treats drawn arguments without gold (as missing at random
 * within the stratum): earlier-drawn arguments without a difference — the known sum is then
 * E_h · d̄ of those that have one, with the SRS variance E_h²(1 − m/E_h)·s²/m; last-batch ones
 * without a difference are simply not in S_b's sums. Fewer than 3 differences in a part take s²
 * from `pool` (`variance_pooled`), a part without spread the zero-disagreement floor
 * (`variance_floored`), as §6.4–6.5 say; for the Poisson part the stand-in s² is scaled by
 * Σ w(w − 1)/(Σ w)², which is (1 − n/N)/n at equal π. A stratum whose rest (or earlier part) is not
 * empty but has no difference has no estimate, and then neither has the combination.
 *
 * Preconditions: 0 ≤ E_h ≤ N_h, |earlier| ≤ E_h, |last| ≤ N_h − E_h, π in (0, 1], finite values,
 * 0 < level < 1. Otherwise throws a RangeError.
 *
 * @example
 * // One stratum, N = 10, f̄ = 0.8; earlier: 2 drawn, d = 0, −1 (known sum −1); last (Poisson) of the
 * // other 8: d = 0, −1, 0 with π = 0.5, 0.5, 0.25 (w = 2, 2, 4): d̄_w = −2/8 = −0.25, rest −2;
 * // m̂ = 0.8 + (−1 − 2)/10 = 0.5; see batch-difference-estimator.test.ts for the variance by hand.
 */
export function batchDifferenceEstimate(
  strata: readonly BatchStratum[],
  options: { level: number; draw: BatchDraw; minSampleForVariance?: number },
): DifferenceEstimate {
  const minSample = options.minSampleForVariance ?? 3;
  return combineStrata(
    strata.map((stratum) => batchStratumEstimate(stratum, options.draw, minSample, options.level)),
    options.level,
  );
}

function batchStratumEstimate(
  stratum: BatchStratum,
  draw: BatchDraw,
  minSample: number,
  level: number,
): StratumEstimate {
  const { key, populationSize: N, earlierDrawn: E, earlier, last } = stratum;
  const where = `batchDifferenceEstimate: stratum ${key}`;
  if (!Number.isInteger(N) || !Number.isInteger(E) || E < 0 || E > N)
    throw new RangeError(`${where}: needs integers 0 ≤ E_h = ${E} ≤ N_h = ${N}`);
  if (earlier.length > E)
    throw new RangeError(`${where}: ${earlier.length} differences of ${E} earlier draws`);
  const rest = N - E;
  if (last.length > rest)
    throw new RangeError(`${where}: the last batch has ${last.length} differences of a rest of ${rest}`);
  for (const value of [...stratum.extractorValues, ...earlier, ...last.map((unit) => unit.difference)])
    if (!Number.isFinite(value)) throw new RangeError(`${where}: ${value} is not finite`);
  const known = E === 0 ? NOTHING : srsTotal(E, earlier, stratum.pool, minSample, level);
  const lastDifferences = last.map((unit) => unit.difference);
  const estimated =
    rest === 0
      ? NOTHING
      : draw === 'srs'
        ? srsTotal(rest, lastDifferences, stratum.pool, minSample, level)
        : poissonTotal(rest, last, stratum.pool, minSample, level);
  const extractorMean = stratum.extractorValues.length === 0 ? null : mean([...stratum.extractorValues]);
  const correction =
    N === 0 || known.total === null || estimated.total === null ? null : (known.total + estimated.total) / N;
  const variance =
    N === 0 || known.variance === null || estimated.variance === null
      ? null
      : (known.variance + estimated.variance) / N ** 2;
  const degrees = [known.degrees, estimated.degrees].reduce<number | null>(
    (least, df) => (df === null ? least : Math.min(least ?? Number.POSITIVE_INFINITY, df)),
    null,
  );
  return {
    key,
    population: N,
    sampled: earlier.length + last.length,
    extractor_mean: extractorMean,
    mean_difference: correction,
    estimate: extractorMean === null || correction === null ? null : extractorMean + correction,
    variance,
    variance_pooled: known.pooled || estimated.pooled,
    variance_floored: known.floored || estimated.floored,
    degrees_of_freedom: degrees,
  };
}

/** A part of `size` arguments of which `differences` are a simple random sample: size·d̄, size²·(1 − n/size)s²/n. */
function srsTotal(
  size: number,
  differences: readonly number[],
  pool: readonly number[] | undefined,
  minSample: number,
  level: number,
): PartTotal {
  const [row] = differenceEstimate(
    [{ key: 'part', populationSize: size, extractorValues: [], differences, ...(pool ? { pool } : {}) }],
    { level, minSampleForVariance: minSample },
  ).strata;
  if (!row || row.mean_difference === null)
    return { total: null, variance: null, degrees: null, pooled: false, floored: false };
  return {
    total: size * row.mean_difference,
    variance: row.variance === null ? null : size ** 2 * row.variance,
    degrees: row.degrees_of_freedom,
    pooled: row.variance_pooled,
    floored: row.variance_floored,
  };
}

/** The rest of `size` arguments estimated from a Poisson batch: size·d̄_w and its Hájek variance × size². */
function poissonTotal(
  size: number,
  last: readonly BatchDifference[],
  pool: readonly number[] | undefined,
  minSample: number,
  level: number,
): PartTotal {
  const n = last.length;
  if (n === 0) return { total: null, variance: null, degrees: null, pooled: false, floored: false };
  const weightSum = last.reduce((sum, unit) => sum + 1 / unit.inclusionProbability, 0);
  const hajekMean =
    last.reduce((sum, unit) => sum + unit.difference / unit.inclusionProbability, 0) / weightSum;
  const total = size * hajekMean;
  // Every π = 1: the batch took the whole rest, which is then known.
  if (last.every((unit) => unit.inclusionProbability === 1) && n === size)
    return { total, variance: 0, degrees: null, pooled: false, floored: false };
  const pooled = n < minSample && pool !== undefined && pool.length >= 2;
  if (pooled) {
    const spread = sampleVariance([...pool]);
    const s2 = spread === 0 ? zeroSpreadVarianceFloor(pool.length, level) : spread;
    // Σ w(w − 1)/(Σ w)²: the design's factor on s², (1 − n/N)/n at equal π.
    const designFactor =
      poissonHorvitzThompson(
        last.map((unit) => ({ value: 1, inclusionProbability: unit.inclusionProbability })),
      ).variance /
      weightSum ** 2;
    return {
      total,
      variance: size ** 2 * s2 * designFactor,
      degrees: pool.length - 1,
      pooled,
      floored: spread === 0,
    };
  }
  if (n < 2) return { total, variance: null, degrees: null, pooled: false, floored: false };
  const estimate = hajekPpiMean(
    last.map((unit) => ({
      gold: unit.difference,
      extractor: 0,
      inclusionProbability: unit.inclusionProbability,
    })),
    0,
    { lambda: 1, level },
  );
  return {
    total,
    variance: size ** 2 * estimate.variance,
    degrees: estimate.degrees_of_freedom,
    pooled: false,
    floored: estimate.variance_floored,
  };
}
