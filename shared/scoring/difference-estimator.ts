import { mean, sampleVariance } from 'simple-statistics';
import { assertLevel } from '../stats/guards.ts';
import type { Interval } from '../stats/interval.ts';
import { studentTQuantile } from '../stats/student-t-quantile.ts';

/** One stratum h of the difference estimator. */
export interface EstimatorStratum {
  /** The stratum's name (a stratum key). */
  key: string;
  /** N_h, the arguments of the stratum (its weight is N_h/N). */
  populationSize: number;
  /** m_ext(i) for every argument of the stratum the extractor scored. */
  extractorValues: readonly number[];
  /** m_gold(i) − m_ext(i) for every sampled argument of the stratum with gold (n_h of them). */
  differences: readonly number[];
  /**
   * The differences whose sample variance stands in for s²_Δ,h when n_h < `minSampleForVariance`
   * (the caller pools the cells of one model across tests). Omitted: no pooling.
   */
  pool?: readonly number[];
}

/** One stratum's part of the estimate. */
export interface StratumEstimate {
  key: string;
  /** N_h. */
  population: number;
  /** n_h. */
  sampled: number;
  /** (1/N_h') Σ m_ext(i) over the scored arguments; `null` if none. */
  extractor_mean: number | null;
  /** (1/n_h) Σ Δ_i; `null` if n_h = 0. */
  mean_difference: number | null;
  /** m̂_h; `null` if either part is. */
  estimate: number | null;
  /** (1 − n_h/N_h)·s²_Δ,h/n_h; `null` without a usable s². */
  variance: number | null;
  /** s²_Δ,h came from the pool (n_h below the minimum). */
  variance_pooled: boolean;
  /** The differences had no spread, so s²_Δ,h was raised to the zero-disagreement floor. */
  variance_floored: boolean;
  /** ν_h = (differences s²_Δ,h came from) − 1; `null` for a census (variance 0) or without a variance. */
  degrees_of_freedom: number | null;
}

/** The combined estimate over strata. */
export interface DifferenceEstimate {
  /** m̂ = Σ_h (N_h/N) m̂_h; `null` when a stratum with N_h > 0 has no estimate. */
  value: number | null;
  /** Var(m̂) = Σ_h (N_h/N)² Var(m̂_h); `null` when a stratum's variance is. */
  variance: number | null;
  /** m̂ ± t_{1−α/2, ν}·√Var (Student-t interval); `null` with the variance. */
  ci: Interval | null;
  /** ν of the interval: the smallest ν_h of the strata (`null` when every stratum is a census). */
  degrees_of_freedom: number | null;
  /** The uncorrected extractor figure Σ_h (N_h/N)·extractor_mean_h, for comparison. */
  extractor_only: number | null;
  /** Some stratum's variance used the pool. */
  variance_pooled: boolean;
  /** Some stratum's variance was raised to the zero-disagreement floor (`zeroSpreadVarianceFloor`). */
  variance_floored: boolean;
  strata: StratumEstimate[];
}

/**
 * The least s²_Δ to assume when n differences bounded in [−1, 1] showed no spread at all (every
 * gold-minus-extractor difference alike — typically all 0: the sample saw no disagreement).
 *
 * A sample variance of 0 from a handful of items does not mean the extractor never errs; it means
 * no error was drawn. Let p be the share of items whose difference departs from the common value.
 * Having seen none in n, the exact one-sided Clopper–Pearson upper bound on p is
 * p_u = 1 − α^(1/n) with α = 1 − level (≈ 3/n at 95 %: the "rule of three", Hanley & Lippman-Hand,
 * JAMA 249:1743, 1983). A departure is at most 2 in size (differences lie in [−1, 1]), so
 * Var(Δ) ≤ E[(Δ − c)²] ≤ 4·p; the floor takes s² = p_u·(1 − p_u)·4, the variance of a difference
 * that departs by the full range with probability p_u — the largest spread the sample cannot rule
 * out at this level: 4·p·(1 − p) for p = min(p_u, ½) (beyond ½ the Bernoulli variance falls again,
 * so the bound is the maximum, 1, the variance of a variable on [−1, 1] split evenly). It shrinks
 * like 1/n, so large samples without disagreement still give narrow intervals, while 2–4 items can
 * never make one of zero width.
 *
 * Preconditions: n ≥ 1, 0 < level < 1.
 *
 * @example zeroSpreadVarianceFloor(3, 0.95) // p_u = 1 − 0.05^(1/3) = 0.632 > ½: 1
 * @example zeroSpreadVarianceFloor(50, 0.95) // p_u = 1 − 0.05^(1/50) = 0.05815; 4·0.05815·0.94185 = 0.21907
 */
export function zeroSpreadVarianceFloor(n: number, level: number): number {
  const upper = Math.min(1 - (1 - level) ** (1 / n), 0.5);
  return 4 * upper * (1 - upper);
}

/**
 * The stratified difference estimator of a population mean from a cheap proxy on every item and
 * gold on a sample (docs/STATISTICS.md §6.2–6.3; Cochran,
 * "Sampling Techniques", 3rd ed. 1977, §6.7–6.8 and ch. 5; prediction-powered inference,
 * Angelopoulos et al., Science 382, 2023, under a stratified design):
 *
 *   m̂_h = (1/N_h) Σ_{all i in h} m_ext(i) + (1/n_h) Σ_{sampled i in h} (m_gold(i) − m_ext(i))
 *   Var(m̂_h) = (1 − n_h/N_h) · s²_Δ,h / n_h,   s²_Δ,h the sample variance (n − 1) of the differences
 *   m̂ = Σ_h (N_h/N) m̂_h,   Var(m̂) = Σ_h (N_h/N)² Var(m̂_h),   N = Σ_h N_h
 *   interval: m̂ ± t_{1−α/2, ν} √Var(m̂),   ν = min_h ν_h,   ν_h = n_h − 1 (pool size − 1 if pooled)
 *
 * Student's t, not the normal quantile: each s²_Δ,h is estimated from a handful of differences, and
 * `simulate coverage` measured the normal interval at 90–93 % for 95 % with 10 gold per stratum, the
 * t interval at 92.9–100 % (docs/REPORT.md, "simulate coverage"). ν is the smallest stratum's
 * degrees of freedom — never more than Satterthwaite's effective ν, so the interval is, if anything,
 * wider than his (Satterthwaite, Biometrics Bulletin 2:110, 1946: his ν lies between min ν_h and Σ ν_h); it is what the simulation measured. Census strata (n_h = N_h,
 * variance 0) do not count.
 *
 * The first term is the extractor's figure over the whole stratum; the second corrects its bias by
 * the mean gold-minus-extractor difference on the sample. The extractor mean is taken over the
 * arguments it scored (failed extractions left out); N_h counts every argument of the stratum.
 *
 * With few sampled items a stratum's s² is poor (undefined at n_h = 1): when n_h is below
 * `minSampleForVariance` (default 3) the sample variance of `pool` is used instead and the stratum
 * says `variance_pooled` (the report pools one model's cells across tests and says so). n_h = N_h
 * (a census) has variance 0 whatever s² is. Differences with no spread (all alike) say nothing about the variance: s² is then raised to `zeroSpreadVarianceFloor` and the
 * stratum says `variance_floored`, so a few agreeing items never give an interval of zero
 * width. The differences must lie in [−1, 1] (they are differences of proportions).
 *
 * Preconditions: N_h a non-negative integer ≥ n_h; finite values; 0 < level < 1. Otherwise throws.
 * Degenerate input (`null`, "n/a"): a stratum with N_h > 0 but no scored argument or no sampled
 * difference has no estimate, and then neither has the combination; a variance needs s² from at
 * least two differences (own or pooled); N = 0 gives all null.
 *
 * @example
 * differenceEstimate([{ key: 'h', populationSize: 10, extractorValues: [0.9, 0.8, 1, 0.9, 0.9, 0.8, 1, 0.9, 0.9, 0.9],
 *   differences: [-0.1, 0, -0.2] }], { level: 0.95 })
 * // value 0.9 − 0.1 = 0.8; variance (1 − 3/10)·0.01/3 = 0.002333…; ci 0.8 ± t_{0.975, 2}·0.0483 = 0.8 ± 4.303·0.0483
 */
export function differenceEstimate(
  strata: readonly EstimatorStratum[],
  options: { level: number; minSampleForVariance?: number },
): DifferenceEstimate {
  const { level, minSampleForVariance = 3 } = options;
  assertLevel(level, 'differenceEstimate: level');
  return combineStrata(
    strata.map((stratum) => stratumEstimate(stratum, minSampleForVariance, level)),
    level,
  );
}

/**
 * The strata's estimates combined as §6.2–6.3 say: m̂ = Σ_h (N_h/N) m̂_h, Var(m̂) = Σ_h (N_h/N)²
 * Var(m̂_h), the Student-t interval with ν = min_h ν_h (census strata, with ν `null`, left out).
 * Shared by `differenceEstimate` and the batch estimator (`batchDifferenceEstimate`), whose strata
 * estimate their part differently but combine alike. N = 0 gives all null.
 */
export function combineStrata(rows: StratumEstimate[], level: number): DifferenceEstimate {
  const total = rows.reduce((sum, row) => sum + row.population, 0);
  const variancePooled = rows.some((row) => row.variance_pooled);
  const varianceFloored = rows.some((row) => row.variance_floored);
  if (total === 0)
    return {
      value: null,
      variance: null,
      ci: null,
      degrees_of_freedom: null,
      extractor_only: null,
      variance_pooled: variancePooled,
      variance_floored: varianceFloored,
      strata: rows,
    };
  let value: number | null = 0;
  let variance: number | null = 0;
  let extractorOnly: number | null = 0;
  for (const row of rows) {
    if (row.population === 0) continue;
    const weight = row.population / total;
    value = value === null || row.estimate === null ? null : value + weight * row.estimate;
    variance = variance === null || row.variance === null ? null : variance + weight * weight * row.variance;
    extractorOnly =
      extractorOnly === null || row.extractor_mean === null
        ? null
        : extractorOnly + weight * row.extractor_mean;
  }
  const degrees = rows.reduce<number | null>(
    (least, row) =>
      row.population === 0 || row.degrees_of_freedom === null
        ? least
        : Math.min(least ?? Number.POSITIVE_INFINITY, row.degrees_of_freedom),
    null,
  );
  // Every stratum a census: the variance is 0 and every quantile gives the same point interval.
  const quantile = degrees === null ? 0 : studentTQuantile(1 - (1 - level) / 2, degrees);
  const ci =
    value === null || variance === null ? null : halfWidthInterval(value, quantile * Math.sqrt(variance));
  return {
    value,
    variance,
    ci,
    degrees_of_freedom: degrees,
    extractor_only: extractorOnly,
    variance_pooled: variancePooled,
    variance_floored: varianceFloored,
    strata: rows,
  };
}

function stratumEstimate(stratum: EstimatorStratum, minSample: number, level: number): StratumEstimate {
  const { key, populationSize: N, extractorValues, differences } = stratum;
  const n = differences.length;
  if (!Number.isInteger(N) || N < 0)
    throw new RangeError(`differenceEstimate: stratum ${key}: N_h must be a non-negative integer (got ${N})`);
  if (n > N) throw new RangeError(`differenceEstimate: stratum ${key}: n_h = ${n} exceeds N_h = ${N}`);
  for (const value of [...extractorValues, ...differences, ...(stratum.pool ?? [])])
    if (!Number.isFinite(value))
      throw new RangeError(`differenceEstimate: stratum ${key}: ${value} is not finite`);
  const extractorMean = extractorValues.length === 0 ? null : mean([...extractorValues]);
  const meanDifference = n === 0 ? null : mean([...differences]);
  const pooled = n > 0 && n < minSample && n < N && stratum.pool !== undefined;
  const source = pooled ? (stratum.pool ?? []) : differences;
  let variance: number | null = null;
  let floored = false;
  let degrees: number | null = null;
  if (n > 0 && n === N) variance = 0;
  else if (n > 0 && source.length >= 2) {
    degrees = source.length - 1;
    const spread = sampleVariance([...source]);
    // No spread seen: assume the widest spread the sample cannot exclude.
    floored = spread === 0;
    const s2 = floored ? zeroSpreadVarianceFloor(source.length, level) : spread;
    variance = ((1 - n / N) * s2) / n;
  }
  return {
    key,
    population: N,
    sampled: n,
    extractor_mean: extractorMean,
    mean_difference: meanDifference,
    estimate: extractorMean === null || meanDifference === null ? null : extractorMean + meanDifference,
    variance,
    variance_pooled: pooled,
    variance_floored: floored,
    degrees_of_freedom: degrees,
  };
}

function halfWidthInterval(centre: number, halfWidth: number): Interval {
  return { lower: centre - halfWidth, upper: centre + halfWidth };
}
