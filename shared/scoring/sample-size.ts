import { assertLevel } from '../stats/guards.ts';
import { normalQuantile } from '../stats/normal-quantile.ts';

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
 * decisions clustered in items (STATISTICS.md, "Planning the sample"; Cochran, "Sampling
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
  /** n_h ≈ ⌈z²·s²_Δ,h / w²⌉ per stratum. */
  items_per_stratum: number;
  z: number;
  assumptions: string[];
}

/**
 * Sampled items per stratum for a target half-width w on a corrected metric (STATISTICS.md,
 * "Planning the sample"): from Var(m̂_h) ≈ s²_Δ,h/n_h (the difference estimator, finite-population
 * correction ignored),
 *
 *   n_h ≈ z²·s²_Δ,h / w²
 *
 * with s²_Δ,h the variance of the gold-minus-extractor differences, estimated from the strata
 * already annotated. A perfect extractor (s² = 0) needs no gold at all — returned as 0.
 *
 * Preconditions: 0 < w, s² ≥ 0 finite, 0 < level < 1. Otherwise throws a RangeError.
 *
 * @example planCorrectedSampleSize({ halfWidth: 0.05, differenceVariance: 0.01 }) // items_per_stratum 16 (3.8415·0.01/0.0025 = 15.4)
 */
export function planCorrectedSampleSize(request: {
  halfWidth: number;
  differenceVariance: number;
  level?: number;
}): CorrectedSampleSizePlan {
  const { halfWidth: w, differenceVariance: s2, level = 0.95 } = request;
  if (!(w > 0)) throw new RangeError(`planCorrectedSampleSize: halfWidth must be > 0 (got ${w})`);
  if (!(s2 >= 0) || !Number.isFinite(s2))
    throw new RangeError(
      `planCorrectedSampleSize: differenceVariance must be a finite number ≥ 0 (got ${s2})`,
    );
  assertLevel(level, 'planCorrectedSampleSize: level');
  const z = normalQuantile(1 - (1 - level) / 2);
  return {
    items_per_stratum: Math.max(0, Math.ceil((z * z * s2) / (w * w) - 1e-9)),
    z,
    assumptions: [
      `normal interval m̂ ± z·√Var with z = ${round(z)} (level ${level})`,
      `variance of the gold − extractor differences s² = ${round(s2)}, as estimated from the items annotated so far`,
      'no finite-population correction (it only shrinks the interval)',
    ],
  };
}

function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}
