import { z } from 'zod';
import { tunedLambda, type WeightedObservation } from '../stats/hajek-ppi.ts';
import type { DifferenceEstimate } from './difference-estimator.ts';

/** λ of the corrected estimates: 1 the difference estimator (PPI, λ = 1), `tuned` PPI++ per stratum. */
export type LambdaSetting = 1 | 'tuned';
export const LAMBDA_SETTINGS = ['1', 'tuned'] as const;

/** λ as a caller writes it (`1` or `"1"`, `tuned`), read as a `LambdaSetting`. */
export const lambdaSettingSchema = z
  .union([z.literal(1), z.enum(LAMBDA_SETTINGS)], {
    error: 'must be 1 (the difference estimator) or tuned (PPI++)',
  })
  .transform((value): LambdaSetting => (value === 'tuned' ? 'tuned' : 1));

/** Below this many gold pairs of its own a stratum takes λ̂ from its model's pool (every test). */
export const MIN_GOLD_FOR_OWN_LAMBDA = 10;

/** Which candidate a tuned figure kept: PPI++'s λ̂_h, gold only (λ = 0) or the difference estimator (λ = 1). */
export type LambdaChoice = 'tuned' | 'gold_only' | 'difference';

/**
 * λ̂_h of one stratum (PPI++, Angelopoulos, Duchi & Zrnic 2023, §2, in a finite population with the
 * design weights: `tunedLambda`):
 *
 *   λ̂_h = Σ u_i ỹ_i f̃_i / Σ u_i f̃_i²,  u_i = w_i(w_i − 1), w_i = 1/π_i,  clipped to [0, 1]
 *
 * — Ĉov(y, f)/V̂ar(f) at equal π. ppi_py's (1 + n/N) in the denominator is absent: there the
 * unlabelled mean is itself random; here f is known on every argument. From the stratum's own
 * pairs when it has at least `MIN_GOLD_FOR_OWN_LAMBDA`; else **cross-fitted** from `others`, its
 * model's pairs in every other stratum (every test; equal weights), so that λ̂_h does not depend on
 * the few items whose mean it weights — fitted on them it made the interval cover 0.86–0.89 in
 * `simulate coverage --design` (docs/REPORT.md, "Which design, which λ"). `source` says which.
 * Fewer than 2 pairs or no spread of f gives 1 (`tunedLambda`).
 */
export function stratumLambda(
  own: readonly WeightedObservation[],
  others: readonly WeightedObservation[],
): { lambda: number; source: 'own' | 'pool' } {
  return own.length >= MIN_GOLD_FOR_OWN_LAMBDA
    ? { lambda: tunedLambda(own), source: 'own' }
    : { lambda: tunedLambda(others), source: 'pool' };
}

/** t·√V̂ of an estimate before clipping to [0, 1]; +∞ without an interval. */
export function halfWidthOf(estimate: DifferenceEstimate): number {
  return estimate.ci === null ? Number.POSITIVE_INFINITY : (estimate.ci.upper - estimate.ci.lower) / 2;
}

/**
 * The guarantee of the tuned figure: of the three estimates on the same sample — every stratum at
 * its λ̂_h (`tuned`), every stratum at λ = 0 (`gold_only`) and at λ = 1 (`difference`) — keep the one
 * with the smallest half-width t_{1−α/2, ν}·√V̂ (before clipping to [0, 1]). So a tuned figure's
 * interval is never wider than gold only's nor than the difference estimator's. Ties keep λ = 1,
 * then λ̂, then 0. Each λ̂_h minimises its own stratum's V̂ only approximately (the floor of a
 * sample without spread, and the pooled s², move V̂ off the quadratic), hence the explicit choice.
 */
export function chooseLambda(candidates: {
  tuned: DifferenceEstimate;
  goldOnly: DifferenceEstimate;
  difference: DifferenceEstimate;
}): LambdaChoice {
  const order: [LambdaChoice, DifferenceEstimate][] = [
    ['difference', candidates.difference],
    ['tuned', candidates.tuned],
    ['gold_only', candidates.goldOnly],
  ];
  let best: [LambdaChoice, number] = ['difference', halfWidthOf(candidates.difference)];
  for (const [choice, estimate] of order) {
    const half = halfWidthOf(estimate);
    if (half < best[1]) best = [choice, half];
  }
  return best[0];
}
