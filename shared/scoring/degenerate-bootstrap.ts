import type { Interval } from '../stats/interval.ts';
import type { Figure } from './figure.ts';

/**
 * A cluster-bootstrap figure whose percentile interval has no width — every resample gave the same
 * value, as when a sample of 48 units holds no error (precision 48/48 → [1, 1]) — falls back to a
 * count-based interval. A zero-width interval claims certainty no finite sample supports; the
 * resamples cannot vary because the sample shows no variation, not because there is none.
 *
 * Rule: when `ci` is a point (lower = upper) and `fallback` is given, `ci` becomes `fallback`,
 * `method` becomes `wilson` and `bca` (a point too) is dropped; `degenerate_bootstrap` records it.
 * Otherwise the figure is returned unchanged. For a unit ratio x/n the fallback is Wilson(x, n),
 * whose bound at x = n is the exact zero-error bound's neighbour (lower ≈ 1 − z²/(n + z²));
 * for F1, which lies between precision and recall, the span of their fallbacks.
 *
 * @example widenDegenerate({ value: 1, ci: { lower: 1, upper: 1 }, method: 'cluster-bootstrap' }, wilsonInterval(48, 48))
 * // { value: 1, ci: { lower: 0.9259…, upper: 1 }, method: 'wilson', degenerate_bootstrap: true }
 */
export function widenDegenerate(figure: Figure, fallback: Interval | null): Figure {
  const { ci } = figure;
  if (ci === null || ci.lower !== ci.upper || fallback === null) return figure;
  const widened: Figure = { ...figure, ci: fallback, method: 'wilson', degenerate_bootstrap: true };
  if (figure.bca !== undefined) widened.bca = null;
  return widened;
}

/** The smallest interval holding both (F1 lies between precision and recall); null if either is. */
export function spanOf(a: Interval | null | undefined, b: Interval | null | undefined): Interval | null {
  if (!a || !b) return null;
  return { lower: Math.min(a.lower, b.lower), upper: Math.max(a.upper, b.upper) };
}
