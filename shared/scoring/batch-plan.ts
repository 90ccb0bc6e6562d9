import { assertLevel } from '../stats/guards.ts';
import { tunedLambda, type WeightedObservation } from '../stats/hajek-ppi.ts';
import { studentTQuantile } from '../stats/student-t-quantile.ts';
import { MIN_PLANNED_PER_STRATUM } from './sample-size.ts';

/** What a batch planner needs of one model's pilot: its last batch's gold pairs with their π. */
export interface BatchPlanInput {
  /** N: the model's arguments (its Tests 1–2). */
  population: number;
  /** R_old: the arguments the pilot batch was drawn from (N less what batches before it drew). */
  pilotRest: number;
  /** R: what no batch has drawn yet, which the next batch draws from. */
  rest: number;
  /** The pilot batch's arguments with gold: gold and extractor values and the π they were drawn with. */
  units: readonly WeightedObservation[];
  /** λ of the residuals r = y − λf. */
  lambda: number;
  halfWidth: number;
  level: number;
}

/**
 * The variance of the next batch's estimate of a mean, as a function of its expected size m, for
 * the two batch designs (docs/decisions/019-unequal-probability-batches.md: every earlier batch a
 * known sum, the next one estimating the R arguments none drew). From the pilot batch's n gold
 * units (w_i = 1/π_i, r_i = y_i − λf_i, r̃ = r − r̄_w its Hájek-centred residuals, c = n/(n − 1),
 * g = R/R_old the share of the pilot's population still undrawn):
 *
 *   active (π_i(m) = m·π_i / Σ_rest π, the pilot's shape; Σ_rest π ≈ g·n):
 *     V(m) = (A/m − B)/N²,  A = c·g²·n·Σ w_i r̃_i²/π_i,  B = c·g·Σ w_i r̃_i²
 *   stratified (an SRS of m from the R):
 *     V(m) = (R/N)²·(1 − m/R)·S²/m,  S² = c·Σ w_i r̃_i² / Σ w_i
 *
 * The active formula is the Poisson variance Σ_rest (1/π_i(m) − 1)·r̃_i² of `poissonHorvitzThompson`
 * with each population sum estimated from the pilot by Horvitz–Thompson (Σ_rest x ≈ g·Σ_s w_i x_i);
 * at equal π it is the stratified one exactly. π(m) above 1 is not capped (it plans a little low
 * for m near R), and no zero-spread floor is planned.
 */
export function batchVariance(input: BatchPlanInput, design: 'active' | 'stratified'): (m: number) => number {
  const { units, population: N, rest: R, pilotRest, lambda } = input;
  const n = units.length;
  const w = units.map((unit) => 1 / unit.inclusionProbability);
  const W = w.reduce((s, x) => s + x, 0);
  const residuals = units.map((unit) => unit.gold - lambda * unit.extractor);
  const mean = residuals.reduce((s, r, i) => s + (w[i] ?? 0) * r, 0) / W;
  const c = n / (n - 1);
  const g = R / pilotRest;
  let weighted = 0;
  let shaped = 0;
  units.forEach((unit, i) => {
    const square = ((residuals[i] ?? 0) - mean) ** 2;
    weighted += (w[i] ?? 0) * square;
    shaped += ((w[i] ?? 0) * square) / unit.inclusionProbability;
  });
  if (design === 'stratified') {
    const S2 = (c * weighted) / W;
    return (m) => (m >= R ? 0 : ((R / N) ** 2 * (1 - m / R) * S2) / m);
  }
  const A = c * g * g * n * shaped;
  const B = c * g * weighted;
  return (m) => (m >= R ? 0 : Math.max(0, A / m - B) / N ** 2);
}

/**
 * The next batch's size for a half-width w: the smallest m ≥ 3 (`MIN_PLANNED_PER_STRATUM`) with
 * t_{1−α/2, m−1}·√V(m) ≤ w (`batchVariance`), at most R (the rest drawn whole is a census: every
 * sum known). `null` with fewer than 2 pilot units or nothing left to draw.
 *
 * @example see batch-plan.test.ts: equal π is the stratified plan; unequal π worked by hand.
 */
export function plannedBatchSize(input: BatchPlanInput, design: 'active' | 'stratified'): number | null {
  assertLevel(input.level, 'plannedBatchSize: level');
  if (input.units.length < 2 || input.rest <= 0 || input.pilotRest <= 0) return null;
  const variance = batchVariance(input, design);
  const tail = 1 - (1 - input.level) / 2;
  const within = (m: number) => studentTQuantile(tail, m - 1) * Math.sqrt(variance(m)) <= input.halfWidth;
  const least = Math.min(MIN_PLANNED_PER_STRATUM, input.rest);
  if (least >= input.rest || within(least)) return least;
  // The half-width falls as m grows: bisect between a size that misses and R, which is within.
  let low = least;
  let high = input.rest;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (within(middle)) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * λ for a plan: 1, or with `tuned` the one of λ̂ (`tunedLambda` on the pilot with its π), 0 and 1
 * that gives the smallest planned variance at the pilot's own size — so the plan with PPI++ never
 * asks for more than gold only or λ = 1 would (ties keep 1, then λ̂).
 */
export function planLambda(
  input: Omit<BatchPlanInput, 'lambda'>,
  design: 'active' | 'stratified',
  tuned: boolean,
): number {
  if (!tuned || input.units.length < 2 || input.rest <= 0) return 1;
  const at = Math.max(MIN_PLANNED_PER_STRATUM, input.units.length);
  let best = 1;
  let least = batchVariance({ ...input, lambda: 1 }, design)(at);
  for (const lambda of [tunedLambda(input.units), 0]) {
    const variance = batchVariance({ ...input, lambda }, design)(at);
    if (variance < least) {
      best = lambda;
      least = variance;
    }
  }
  return best;
}
