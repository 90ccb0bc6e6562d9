import type { Interval } from '../stats/interval.ts';

/** A proportion's estimate and interval kept within [0, 1], and whether anything had to move. */
export interface BoundedProportion {
  value: number | null;
  ci: Interval | null;
  /** The estimate or an end of the interval lay outside [0, 1] and was moved to its edge. */
  clipped: boolean;
}

const clamp = (x: number): number => Math.min(1, Math.max(0, x));

/**
 * Keeps an estimate of a proportion and its interval within [0, 1], the only values a proportion
 * can take. The difference estimator (and every normal interval) can step outside: an extractor's
 * AccH of 0.98 corrected by a mean difference of +0.09 from a handful of items gives 1.07.
 *
 * - The estimate is truncated to the parameter space. Since the truth lies in [0, 1], the
 *   truncated estimate is never farther from it than the raw one (its error, and so its MSE, can
 *   only shrink).
 * - The interval is intersected with [0, 1]. Coverage is unchanged: the truth is in the interval
 *   exactly when it is in the intersection. (Mandelkern, "Setting confidence intervals for bounded
 *   parameters", Statistical Science 17(2), 2002, on intervals for bounded parameters.) An interval
 *   wholly outside [0, 1] (possible only for a badly wrong estimate) collapses onto the nearer edge.
 *
 * `clipped` says that it happened, so the report can say where.
 *
 * @example boundProportion(1.075, { lower: 0.92, upper: 1.23 }) // { value: 1, ci: { lower: 0.92, upper: 1 }, clipped: true }
 * @example boundProportion(0.5, { lower: 0.4, upper: 0.6 }) // unchanged, clipped: false
 */
export function boundProportion(value: number | null, ci: Interval | null): BoundedProportion {
  const boundedValue = value === null ? null : clamp(value);
  const boundedCi = ci === null ? null : { lower: clamp(ci.lower), upper: clamp(ci.upper) };
  const clipped =
    (value !== null && boundedValue !== value) ||
    (ci !== null && (boundedCi?.lower !== ci.lower || boundedCi?.upper !== ci.upper));
  return { value: boundedValue, ci: boundedCi, clipped };
}
