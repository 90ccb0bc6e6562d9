import { assertLevel } from '../stats/guards.ts';
import { normalQuantile } from '../stats/normal-quantile.ts';
import { studentTQuantile } from '../stats/student-t-quantile.ts';
import { MAX_PLANNED_GOLD } from './claim-sample.ts';
import { zeroSpreadVarianceFloor } from './difference-estimator.ts';

/** What `planSampleSize` is asked. */
export interface SampleSizeRequest {
  /** w, the half-width wanted for the interval (0 < w < 1). */
  halfWidth: number;
  /** p, the proportion expected (default 0.5, the most conservative). */
  p?: number;
  /** Confidence level (default 0.95). */
  level?: number;
  /** m, decisions per item (default 78: 26 factors × 3 cases). */
  decisionsPerItem?: number;
  /** ρ, intra-item correlation of decisions (default 0: independent); negative values count as 0. */
  icc?: number;
}

/** A planned sample size, with the arithmetic and the assumptions behind it. */
export interface SampleSizePlan {
  /** Decisions needed: ⌈z²·p(1−p)/w² × deff⌉. */
  decisions: number;
  /** Items needed: ⌈decisions / m⌉. */
  items: number;
  /** z, the normal quantile of the level. */
  z: number;
  /** The design effect 1 + (m − 1)·max(0, ρ). */
  design_effect: number;
  /** Decisions needed if they were independent: z²·p(1−p)/w² (unrounded). */
  independent_decisions: number;
  assumptions: string[];
}

/**
 * How many items to annotate for a target half-width w on a proportion near p measured over
 * decisions clustered in items (docs/STATISTICS.md §10; Cochran, "Sampling
 * Techniques", 3rd ed. 1977, §4.4 for n₀ = z²pq/d², and Kish, "Survey Sampling", 1965, §5.4 for the
 * design effect of cluster samples):
 *
 *   n_decisions ≈ z²·p(1 − p)/w² × (1 + (m − 1)·ρ),   n_items = n_decisions / m
 *
 * The normal approximation to the binomial (the Wald half-width), an infinite population (no
 * finite-population correction) and items of equal size m are assumed; the output lists these.
 *
 * Preconditions: 0 < w < 1, 0 ≤ p ≤ 1, 0 < level < 1, m a positive integer, ρ ≤ 1 and finite.
 * Otherwise throws a RangeError.
 * Degenerate input: p = 0 or 1 needs 0 decisions (no variance) — returned as 0, with the
 * assumption that says why.
 *
 * @example planSampleSize({ halfWidth: 0.05 }) // decisions 385 (1.96²·0.25/0.0025 = 384.1), items 5, design_effect 1
 * @example planSampleSize({ halfWidth: 0.05, icc: 0.1 }) // deff 1 + 77·0.1 = 8.7 → decisions 3343, items 43
 */
export function planSampleSize(request: SampleSizeRequest): SampleSizePlan {
  const { halfWidth: w, p = 0.5, level = 0.95, decisionsPerItem: m = 78, icc = 0 } = request;
  if (!(w > 0 && w < 1)) throw new RangeError(`planSampleSize: halfWidth must be in (0, 1) (got ${w})`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`planSampleSize: p must be in [0, 1] (got ${p})`);
  assertLevel(level, 'planSampleSize: level');
  if (!Number.isInteger(m) || m < 1)
    throw new RangeError(`planSampleSize: decisionsPerItem must be a positive integer (got ${m})`);
  if (!Number.isFinite(icc) || icc > 1) throw new RangeError(`planSampleSize: icc must be ≤ 1 (got ${icc})`);
  const z = normalQuantile(1 - (1 - level) / 2);
  const rho = Math.max(0, icc);
  const designEffect = 1 + (m - 1) * rho;
  const independent = (z * z * p * (1 - p)) / (w * w);
  // The 1e-9 keeps an exact product (e.g. 96.0000000001 from rounding) from taking a whole extra item.
  const decisions = Math.max(0, Math.ceil(independent * designEffect - 1e-9));
  const assumptions = [
    `normal approximation: half-width z·√(p(1−p)/n) with z = ${round(z)} (level ${level})`,
    `expected proportion p = ${p}${request.p === undefined ? ' (the most conservative choice)' : ''}`,
    `${m} decisions per item, intra-item correlation ρ = ${round(rho)}${icc < 0 ? ` (estimate ${round(icc)} < 0 taken as 0)` : ''}: design effect 1 + (m − 1)ρ = ${round(designEffect)}`,
    'sampling from a population much larger than the sample (no finite-population correction)',
  ];
  if (p === 0 || p === 1) assumptions.push('p of 0 or 1 has no sampling variance, so no sample is needed');
  return {
    decisions,
    items: Math.ceil(decisions / m),
    z,
    design_effect: designEffect,
    independent_decisions: independent,
    assumptions,
  };
}

/** A planned number of sampled items per stratum for a corrected (difference-estimator) metric. */
export interface CorrectedSampleSizePlan {
  /** The smallest n_h ≥ `MIN_PLANNED_PER_STRATUM` whose expected half-width is within w (N_h at most). */
  items_per_stratum: number;
  /** t_{1−α/2, n_h − 1}, the quantile the report's interval will use at that size. */
  t: number;
  /** The expected half-width at that size: t·√((1 − n_h/N_h)·E[s²]/n_h). */
  expected_half_width: number;
  assumptions: string[];
}

/**
 * Never plan fewer gold arguments per stratum than this: below 3 the report pools the stratum's
 * variance with the model's other cells (`correctedEstimates`) and the plan would describe an
 * interval the report does not compute.
 */
export const MIN_PLANNED_PER_STRATUM = 3;

/**
 * Sampled items per stratum for a target half-width w on a corrected metric
 * (docs/STATISTICS.md §10), planned for the interval the report will actually print
 * (`differenceEstimate`): the smallest n_h ≥ 3 with
 *
 *   t_{1−α/2, n_h−1} · √((1 − n_h/N_h) · E[s²(n_h)] / n_h) ≤ w,
 *   E[s²(n)] = s²_Δ + (1 − p)^n · floor(n)
 *
 * s²_Δ is the variance of the gold-minus-extractor differences seen so far and p the share of them
 * that depart from the most common difference. With chance (1 − p)^n a stratum of n shows no spread
 * and the report raises its s² to the zero-disagreement floor (`zeroSpreadVarianceFloor`, as
 * `goldNeededForClaim` plans); otherwise its s² averages s²_Δ. Without a departure seen (p = 0) every
 * stratum is floored. The plain n = z²·s²_Δ/w² ignores both the floor and the t quantile: at the
 * paper's scale it asked for 2 per stratum for ±0.05 where the report's interval came out ±0.17
 * (`simulate coverage`, docs/REPORT.md).
 *
 * With N_h given, no more than N_h (a census has variance 0). Preconditions: 0 < w, s² ≥ 0 finite,
 * 0 ≤ p ≤ 1, 0 < level < 1, N_h ≥ 1 integer. Otherwise throws a RangeError.
 *
 * @example planCorrectedSampleSize({ halfWidth: 0.05, differenceVariance: 0.01, departureShare: 1 }) // 18: t₁₇ = 2.110, 2.110·√(0.01/18) = 0.0497
 */
export function planCorrectedSampleSize(request: {
  halfWidth: number;
  differenceVariance: number;
  level?: number;
  /** p, the share of differences departing from the most common one (default 1: never floored). */
  departureShare?: number;
  /** N_h, the arguments of a stratum: the finite-population correction, and the most to plan. */
  stratumSize?: number;
}): CorrectedSampleSizePlan {
  const {
    halfWidth: w,
    differenceVariance: s2,
    level = 0.95,
    departureShare: p = 1,
    stratumSize = Number.POSITIVE_INFINITY,
  } = request;
  if (!(w > 0)) throw new RangeError(`planCorrectedSampleSize: halfWidth must be > 0 (got ${w})`);
  if (!(s2 >= 0) || !Number.isFinite(s2))
    throw new RangeError(
      `planCorrectedSampleSize: differenceVariance must be a finite number ≥ 0 (got ${s2})`,
    );
  if (!(p >= 0 && p <= 1))
    throw new RangeError(`planCorrectedSampleSize: departureShare must be in [0, 1] (got ${p})`);
  if (stratumSize !== Number.POSITIVE_INFINITY && !(Number.isInteger(stratumSize) && stratumSize >= 1))
    throw new RangeError(
      `planCorrectedSampleSize: stratumSize must be a positive integer (got ${stratumSize})`,
    );
  assertLevel(level, 'planCorrectedSampleSize: level');
  const tail = 1 - (1 - level) / 2;
  const halfWidthAt = (n: number): number => {
    if (n >= stratumSize) return 0;
    const variance = s2 + (1 - p) ** n * zeroSpreadVarianceFloor(n, level);
    const fpc = 1 - n / stratumSize;
    return studentTQuantile(tail, n - 1) * Math.sqrt((fpc * variance) / n);
  };
  const most = Math.min(stratumSize, MAX_PLANNED_GOLD);
  const least = Math.min(MIN_PLANNED_PER_STRATUM, most);
  // The half-width falls as n grows: double until within w, then bisect.
  let high = least;
  while (high < most && halfWidthAt(high) > w) high = Math.min(most, high * 2);
  let low = least;
  if (halfWidthAt(low) <= w) high = low;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (halfWidthAt(middle) <= w) high = middle;
    else low = middle;
  }
  const n = high;
  return {
    items_per_stratum: n,
    t: studentTQuantile(tail, Math.max(1, n - 1)),
    expected_half_width: halfWidthAt(n),
    assumptions: [
      `Student-t interval m̂ ± t·√Var with n_h − 1 degrees of freedom (level ${level}), as the report computes it`,
      `variance of the gold − extractor differences s² = ${round(s2)}, as estimated from the items annotated so far`,
      `a stratum whose differences show no spread (chance (1 − ${round(p)})^n) has its s² raised to the zero-disagreement floor, as in the report`,
      Number.isFinite(stratumSize)
        ? `${stratumSize} arguments per stratum (finite-population correction)`
        : 'no finite-population correction (it only shrinks the interval)',
      `never fewer than ${MIN_PLANNED_PER_STRATUM} per stratum (below that the report pools the variance)`,
    ],
  };
}

function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}
