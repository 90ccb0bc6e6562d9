import { inclusionProbabilities } from '../sampling/designs.ts';
import type { ComparedMetric, ComparisonUnit } from './design-comparison.ts';

/** The tests each compared figure covers (as `simulateDesignStudy`): AccH Tests 1–2, RecU all, RatioAbstain Test 3. */
const FIGURE_TESTS: Record<ComparedMetric, readonly number[]> = {
  acch: [1, 2],
  recu: [1, 2, 3],
  abstain: [3],
};

/**
 * How much an active design's π could save on a population, without simulation (issue 28): per
 * model's figure of `metric`, the ratio of the Poisson-design variance of the correction's total,
 *
 *   Σ_i (1 − π_i)/π_i · (r_i − r̄_h)²,   r = gold − extractor, r̄_h its mean in the stratum,
 *
 * under the active π from `scores` (π ∝ √score, `inclusionProbabilities`, strata model × test)
 * to the same sum at the uniform π = n/N — the linearised variance of the Hájek estimator
 * (Särndal, Swensson & Wretman 1992, §5.7); the median over the models. Below 1 the active design
 * needs that share of the gold for the same variance (before the t quantile's cost at fewer
 * degrees of freedom, which only adds to it); above 1 it loses. With `oracleScores` it is the best
 * a predicted error can do at that floor.
 */
export function designVarianceRatio(
  units: readonly ComparisonUnit[],
  scores: readonly number[],
  options: { budget: number; floor: number; metric: ComparedMetric },
): number | null {
  const pi = inclusionProbabilities(
    'active',
    units.map((unit, i) => ({
      id: unit.id,
      stratum: `${unit.model}|${unit.test}`,
      predictedError: scores[i] ?? 0,
    })),
    options.budget,
    { floor: options.floor },
  );
  const uniform = Math.min(options.budget, units.length) / units.length;
  const means = stratumMeans(units, options.metric);
  const ratios: number[] = [];
  for (const model of [...new Set(units.map((unit) => unit.model))].sort()) {
    let active = 0;
    let equal = 0;
    for (const unit of units) {
      if (unit.model !== model || !FIGURE_TESTS[options.metric].includes(unit.test)) continue;
      const r = residual(unit, options.metric);
      if (Number.isNaN(r)) continue;
      const square = (r - (means.get(`${unit.model}|${unit.test}`) ?? 0)) ** 2;
      const p = pi.get(unit.id) ?? uniform;
      active += ((1 - p) / p) * square;
      equal += ((1 - uniform) / uniform) * square;
    }
    if (equal > 0) ratios.push(active / equal);
  }
  if (ratios.length === 0) return null;
  ratios.sort((a, b) => a - b);
  const middle = Math.floor(ratios.length / 2);
  return ratios.length % 2 === 1
    ? (ratios[middle] ?? null)
    : ((ratios[middle - 1] ?? 0) + (ratios[middle] ?? 0)) / 2;
}

/**
 * The oracle's scores: the squared centred residuals the gold will show, AccH's and RecU's mixed as
 * w·a²/ā² + (1 − w)·u²/ū² (each over its mean, as the `metric` predictor mixes them) — not a
 * predictor anyone has, the bound on every one.
 */
export function oracleScores(units: readonly ComparisonUnit[], accHWeight: number): number[] {
  const parts = (['acch', 'recu'] as const).map((metric) => {
    const means = stratumMeans(units, metric);
    const squares = units.map((unit) => {
      const r = residual(unit, metric);
      return Number.isNaN(r) ? 0 : (r - (means.get(`${unit.model}|${unit.test}`) ?? 0)) ** 2;
    });
    const mean = squares.reduce((s, x) => s + x, 0) / Math.max(1, squares.length);
    return squares.map((x) => (mean > 0 ? x / mean : 0));
  });
  const raw = units.map(
    (_, i) => accHWeight * (parts[0]?.[i] ?? 0) + (1 - accHWeight) * (parts[1]?.[i] ?? 0),
  );
  const largest = Math.max(0, ...raw);
  return raw.map((x) => (largest > 0 ? x / largest : 0));
}

function residual(unit: ComparisonUnit, metric: ComparedMetric): number {
  return unit.gold[metric] - unit.extractor[metric];
}

function stratumMeans(units: readonly ComparisonUnit[], metric: ComparedMetric): Map<string, number> {
  const sums = new Map<string, [number, number]>();
  for (const unit of units) {
    const r = residual(unit, metric);
    if (Number.isNaN(r)) continue;
    const key = `${unit.model}|${unit.test}`;
    const [sum, count] = sums.get(key) ?? [0, 0];
    sums.set(key, [sum + r, count + 1]);
  }
  return new Map([...sums].map(([key, [sum, count]]) => [key, sum / count]));
}
