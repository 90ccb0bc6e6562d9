import { clopperPearsonInterval } from '../stats/clopper-pearson-interval.ts';
import type { Interval } from '../stats/interval.ts';
import { wilsonInterval } from '../stats/wilson-interval.ts';

/** How a figure's `ci` was computed. */
export type IntervalMethod = 'cluster-bootstrap' | 'wilson' | 'normal' | 'student-t' | 'none';

/**
 * One reported number with its uncertainty — the uniform shape of every figure in a report
 * (docs/REPORT.md, "Figures"):
 *
 * - `value`: the point estimate, `null` when undefined ("n/a");
 * - `ci`: the main interval `{ lower, upper }` at the report's level, `null` when there is none;
 * - `method`: how `ci` was computed (`none` for figures without an interval, e.g. reported values);
 * - optional secondary intervals, each under its method's name: `wilson` (decisions treated as
 *   independent binomial trials — the naive interval beside a cluster bootstrap), `clopper_pearson`,
 *   `bca` (bias-corrected and accelerated bootstrap), and `undefined_replicates` when some
 *   bootstrap resamples gave no value and were dropped;
 * - `interval: 'too_few'` when the interval was withheld (`withholdInterval`): the figure rests on
 *   `gold` gold arguments (for τ-b with the gold: in its smallest cell), fewer than the `gold_needed` at which `simulate coverage` found its
 *   interval keeps its promise; the estimate stays, `ci` (and `bca`) are `null`.
 */
export interface Figure {
  value: number | null;
  ci: Interval | null;
  method: IntervalMethod;
  wilson?: Interval | null;
  clopper_pearson?: Interval | null;
  bca?: Interval | null;
  undefined_replicates?: number;
  interval?: 'too_few';
  /** Every bootstrap resample gave the same value, so `ci` is the count-based interval instead (`widenDegenerate`). */
  degenerate_bootstrap?: true;
  gold?: number;
  gold_needed?: number;
}

/**
 * The figure without its intervals, marked `interval: 'too_few'`, when it rests on fewer than
 * `needed` gold arguments; else the figure unchanged. The estimate is kept: it is still the best
 * single number; what the sample cannot give is a trustworthy statement of its uncertainty.
 *
 * @example withholdInterval({ value: 0.9, ci: { lower: 0.8, upper: 1 }, method: 'cluster-bootstrap' }, 3, 10)
 * // { value: 0.9, ci: null, method: 'cluster-bootstrap', bca: null, interval: 'too_few', gold: 3, gold_needed: 10 }
 */
export function withholdInterval<F extends Figure>(figure: F, gold: number, needed: number): F {
  if (gold >= needed || figure.value === null) return figure;
  const withheld: F = { ...figure, ci: null, interval: 'too_few', gold, gold_needed: needed };
  if (figure.bca !== undefined) withheld.bca = null;
  return withheld;
}

/** A figure without an interval (e.g. a paper's reported value): `{ value, ci: null, method: 'none' }`. */
export function plainFigure(value: number | null): Figure {
  return { value, ci: null, method: 'none' };
}

/**
 * A proportion x/n with its Wilson score interval as `ci` and the Clopper–Pearson interval beside
 * it (docs/STATISTICS.md §5.1). n = 0 gives `{ value: null, ci: null, … }`.
 *
 * @example proportionFigure(5, 20) // { value: 0.25, ci: { lower: 0.1119, upper: 0.4687 }, method: 'wilson', clopper_pearson: { … } }
 */
export function proportionFigure(x: number, n: number, level: number): Figure {
  return {
    value: n === 0 ? null : x / n,
    ci: wilsonInterval(x, n, level),
    method: 'wilson',
    clopper_pearson: clopperPearsonInterval(x, n, level),
  };
}

/** Rounds every number of a figure-bearing structure to `digits` significant decimals (for display and diffs). */
export function roundNumbers<T>(value: T, digits = 12): T {
  const factor = 10 ** digits;
  const visit = (node: unknown): unknown => {
    if (typeof node === 'number') return Number.isInteger(node) ? node : Math.round(node * factor) / factor;
    if (Array.isArray(node)) return node.map(visit);
    if (node !== null && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, visit(inner)]));
    return node;
  };
  return visit(value) as T;
}
