import type { Interval } from '../stats/interval.ts';
import { wilsonInterval } from '../stats/wilson-interval.ts';

/**
 * Monte-Carlo standard error of an empirical coverage p from n independent intervals:
 * √(p(1 − p)/n) (binomial; e.g. Morris, White & Crowther, "Using simulation studies to evaluate
 * statistical methods", Statistics in Medicine 38, 2019, Table 6). `null` for n = 0.
 *
 * @example binomialMcError(0.95, 1000) // 0.006892…
 */
export function binomialMcError(p: number, n: number): number | null {
  if (n <= 0) return null;
  return Math.sqrt((p * (1 - p)) / n);
}

/** Per-study sums of one coverage tally: c_r intervals covering of n_r printed in study r. */
export interface ClusterSums {
  /** R, the simulated studies that printed at least one such interval. */
  studies: number;
  /** Σ c_r */
  covered: number;
  /** Σ n_r */
  intervals: number;
  /** Σ c_r² */
  coveredSquares: number;
  /** Σ c_r·n_r */
  coveredTimesIntervals: number;
  /** Σ n_r² */
  intervalSquares: number;
}

/**
 * Monte-Carlo standard error of a coverage pooled over several intervals per simulated study (the
 * 24 cells of one study share its sample, so they are not independent trials): the ratio
 * estimator p = Σc_r/Σn_r over R independent studies, with the linearised variance
 * Var(p) ≈ Σ(c_r − p·n_r)² / (R(R − 1)·n̄²), n̄ = Σn_r/R (Cochran 1977, §6.4, ratio estimate
 * from a cluster sample). With one interval per study this is √(p(1 − p)/(R − 1)), the binomial
 * error up to R/(R − 1). `null` with fewer than two studies.
 */
export function clusteredMcError(sums: ClusterSums): number | null {
  const { studies: R, covered, intervals } = sums;
  if (R < 2 || intervals === 0) return null;
  const p = covered / intervals;
  const squares = sums.coveredSquares - 2 * p * sums.coveredTimesIntervals + p * p * sums.intervalSquares;
  const meanIntervals = intervals / R;
  return Math.sqrt(Math.max(0, squares) / (R * (R - 1) * meanIntervals * meanIntervals));
}

/**
 * A Wilson interval for a coverage p with Monte-Carlo error `se`: Wilson's score interval at the
 * effective number of independent intervals n_eff = p(1 − p)/se² (Kish's effective sample size;
 * n_eff = n for independent intervals), x = round(p·n_eff), never more than `intervals`. With no
 * error to go on (p at 0 or 1, or se = 0) the plain Wilson interval over `intervals`.
 */
export function coverageInterval(
  p: number,
  se: number | null,
  intervals: number,
  level = 0.95,
): Interval | null {
  if (intervals === 0) return null;
  const effective =
    se === null || se === 0 || p <= 0 || p >= 1
      ? intervals
      : Math.max(1, Math.min(intervals, Math.round((p * (1 - p)) / (se * se))));
  return wilsonInterval(Math.min(effective, Math.max(0, Math.round(p * effective))), effective, level);
}
