import { elementAt, float64At } from '../element-at.ts';
import type { WeightedObservation } from '../stats/hajek-ppi.ts';
import {
  type BatchDifference,
  type BatchStratum,
  batchDifferenceEstimate,
} from './batch-difference-estimator.ts';
import { EARLIER, LAST } from './batch-phases.ts';
import type { CellMetrics } from './cell-metrics.ts';
import { MEAN_METRICS } from './cell-metrics.ts';
import {
  type DifferenceEstimate,
  differenceEstimate,
  type EstimatorStratum,
} from './difference-estimator.ts';
import {
  chooseLambda,
  halfWidthOf,
  type LambdaChoice,
  type LambdaSetting,
  stratumLambda,
} from './power-tuning.ts';
import { boundProportion } from './proportion-bounds.ts';
import type { StudyIndex } from './study-index.ts';

/** A corrected population estimate: a figure (Student-t interval) with the estimator's parts. */
export interface CorrectedFigure {
  /** The estimate, kept within [0, 1] (`boundProportion`). */
  value: number | null;
  /** The Student-t interval (`differenceEstimate`), intersected with [0, 1]. */
  ci: { lower: number; upper: number } | null;
  /** The estimate or the interval lay outside [0, 1] and was moved to its edge. */
  clipped: boolean;
  /** Var(m̂) of the estimator (before clipping); `null` without an interval. */
  variance: number | null;
  method: 'student-t';
  /** ν of the t quantile: the smallest stratum's n_h − 1 (the pool's size − 1 where pooled); `null` for a census. */
  degrees_of_freedom: number | null;
  /** The extractor's figure over all arguments, uncorrected (Σ N_h/N × extractor mean). */
  extractor_only: number | null;
  /** Σ n_h: sampled arguments with gold and a usable extraction. */
  sampled: number;
  /** Σ N_h: arguments of the cell(s). */
  population: number;
  /** Some stratum's s²_Δ was pooled over the model's cells across tests (n_h < 3). */
  variance_pooled: boolean;
  /** Some stratum's differences had no spread, so s²_Δ was raised to the zero-disagreement floor. */
  variance_floored: boolean;
  strata: CorrectedStratum[];
  /**
   * With `--lambda tuned` only (absent at λ = 1, so those reports are unchanged): the λ every
   * stratum used when they share one, `null` when they differ (see `strata[].lambda`).
   */
  lambda?: number | null;
  /** Which of the three estimates on this sample was kept (`chooseLambda`): λ̂_h, λ = 0 or λ = 1. */
  lambda_choice?: LambdaChoice;
  /** t·√V̂ of the gold-only (λ = 0) and of the λ = 1 estimate on the same sample, before clipping; `null` without one. */
  gold_only_half_width?: number | null;
  difference_half_width?: number | null;
}

/**
 * A stratum of a corrected figure. With `--lambda tuned`: its λ, where λ̂ came from (`own` pairs,
 * the model's `pool`, or `fixed` when the figure kept λ = 0 or 1), `extractor_mean` the extractor's
 * own mean and `mean_difference` the mean of m_gold − λ·m_ext, so estimate = λ·extractor_mean + mean_difference.
 */
export type CorrectedStratum = DifferenceEstimate['strata'][number] & {
  lambda?: number;
  lambda_source?: 'own' | 'pool' | 'fixed';
};

interface PowerTuningParts {
  choice: LambdaChoice;
  lambdas: readonly number[];
  sources: readonly ('own' | 'pool' | 'fixed')[];
  goldOnlyHalfWidth: number;
  differenceHalfWidth: number;
}

/** The tuned figure's λ fields; each stratum's extractor mean unscaled (from the λ = 1 estimate's strata). */
function withTuning(
  figure: CorrectedFigure,
  tuning: PowerTuningParts,
  unscaled: DifferenceEstimate['strata'],
): CorrectedFigure {
  const first = tuning.lambdas[0];
  const common = first !== undefined && tuning.lambdas.every((lambda) => lambda === first) ? first : null;
  const finite = (x: number) => (Number.isFinite(x) ? x : null);
  return {
    ...figure,
    lambda: common,
    lambda_choice: tuning.choice,
    gold_only_half_width: finite(tuning.goldOnlyHalfWidth),
    difference_half_width: finite(tuning.differenceHalfWidth),
    strata: figure.strata.map((row, h) => ({
      ...row,
      extractor_mean: unscaled[h]?.extractor_mean ?? row.extractor_mean,
      lambda: tuning.lambdas[h] ?? 1,
      lambda_source: tuning.sources[h] ?? 'fixed',
    })),
  };
}

export const CORRECTED_METRICS = ['acch', 'recu', 'abstain'] as const;
export type CorrectedMetric = (typeof CORRECTED_METRICS)[number];

/** Per model, per test ("1", "2", "3") and for Tests 1–2 together ("1_2", AccH only), the corrected figures. */
export type CorrectedByModel = Record<
  string,
  Record<string, Partial<Record<CorrectedMetric, CorrectedFigure>>>
>;

/**
 * Section 4: population estimates of AccH, RecU and RatioAbstain corrected by the gold sample
 * (docs/STATISTICS.md §6; `differenceEstimate`), per
 * extractor and model × test, and AccH for Tests 1–2 together (the claim's population):
 *
 * - strata: the design's strata intersected with the model × test cell (with a model × test
 *   design, the strata are the cells); without a sample, each cell is one stratum and its gold
 *   arguments are treated as a simple random sample of it;
 * - N_h: every argument of the stratum; the extractor mean is over the ones it scored;
 *   differences m_gold − m_ext over the arguments the design drew that have gold and a usable
 *   extraction (gold outside the design is not used here);
 * - n_h < 3: s²_Δ,h is the sample variance of the differences of all of the model's cells
 *   (every test), `variance_pooled: true`. For RatioAbstain, defined on Test 3 only, the pool uses
 *   the abstention indicator (E empty) on every test of the model — the same extractor error;
 * - RatioAbstain on Test 3 only;
 * - differences without spread get the zero-disagreement variance floor (`variance_floored`), and
 *   estimates and intervals are kept within [0, 1] (`boundProportion`, `clipped`): these are
 *   proportions;
 * - when the design has a batch drawn with unequal π (`index.batches`, the active design), each
 *   stratum is estimated by the batch estimator of decision 019 instead (`batchDifferenceEstimate`):
 *   the arguments drawn before the estimating version count as a known sum, and its own draw
 *   estimates the rest with weights 1/π (Hájek, Poisson variance) or, drawn stratified, by its
 *   mean with the SRS variance. Without such a batch nothing changes;
 * - λ (`lambdaSetting`): 1, the difference estimator (the paper's method; the arithmetic of every
 *   report before PPI++), or `tuned`, PPI++ per stratum: m_ext replaced by λ_h·m_ext in both terms,
 *   m̂_h = λ_h·f̄_h + mean(m_gold − λ_h·m_ext), the same variance formulas on those residuals, λ̂_h
 *   from `stratumLambda` (design weights 1/π for an active batch) and the figure kept from λ̂_h,
 *   λ = 0 and λ = 1 by the smallest half-width (`chooseLambda`: never wider than gold only).
 *
 * Degenerate input: a stratum without a sampled difference, or with no scored argument, gives
 * the cell `value: null`; a variance from fewer than two differences gives `ci: null`.
 */
export function correctedEstimates(
  index: StudyIndex,
  cells: CellMetrics,
  level: number,
  lambdaSetting: LambdaSetting = 1,
): Record<string, CorrectedByModel> {
  const S = cells.sources.length;
  const K = MEAN_METRICS.length;
  const metricOf = (i: number, s: number, k: number): number =>
    cells.values[(i * S + s) * K + k] ?? Number.NaN;
  const result: Record<string, CorrectedByModel> = {};
  // Grouped once: every argument's model, and its stratum key (test, and design stratum when there is one).
  const argumentsOfModel = index.models.map((): number[] => []);
  const stratumKeyOf = index.ids.map((_, i) => {
    argumentsOfModel[elementAt(index.modelOf, i)]?.push(i);
    return `test=${index.testOf[i]}${index.designStratum[i] ? `|${index.designStratum[i]}` : ''}`;
  });
  index.extractors.forEach((extractor, e) => {
    const s = e + 1;
    const byModel: CorrectedByModel = {};
    index.models.forEach((model, m) => {
      const modelArguments = argumentsOfModel[m] ?? [];
      // r_i = m_gold(i) − λ·m_ext(i) (λ = 1: the difference); 1·x is x exactly, so λ = 1 is today's arithmetic.
      const residualOf = (i: number, k: number, lambda: number): number | null => {
        if (!index.sampled[i] || index.gold[i] === undefined) return null;
        const residual = metricOf(i, 0, k) - lambda * metricOf(i, s, k);
        return Number.isNaN(residual) ? null : residual;
      };
      const residualsOf = (list: readonly number[], k: number, lambda: number): number[] => {
        const residuals: number[] = [];
        for (const i of list) {
          const residual = residualOf(i, k, lambda);
          if (residual !== null) residuals.push(residual);
        }
        return residuals;
      };
      const pairsOf = (
        list: readonly number[],
        k: number,
        pi: (i: number) => number,
      ): WeightedObservation[] =>
        list.flatMap((i) =>
          residualOf(i, k, 1) === null
            ? []
            : [{ gold: metricOf(i, 0, k), extractor: metricOf(i, s, k), inclusionProbability: pi(i) }],
        );
      const pools = new Map<string, number[]>();
      const poolOf = (k: number, lambda: number): number[] => {
        const key = `${k}|${lambda}`;
        const pool = pools.get(key) ?? residualsOf(modelArguments, k, lambda);
        pools.set(key, pool);
        return pool;
      };
      const estimate = (tests: readonly number[], metric: CorrectedMetric): CorrectedFigure | undefined => {
        const k = MEAN_METRICS.indexOf(metric);
        const members = modelArguments.filter((i) => tests.includes(index.testOf[i] ?? 0));
        if (members.length === 0) return undefined;
        const strata = new Map<string, number[]>();
        for (const i of members) {
          const key = elementAt(stratumKeyOf, i);
          const stratum = strata.get(key);
          if (stratum) stratum.push(i);
          else strata.set(key, [i]);
        }
        const sorted = [...strata.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        const batches = index.batches;
        // The estimator of decision 005 (or 019 with an active batch) with stratum h at λ_h.
        const estimateAt = (lambdas: readonly number[]): DifferenceEstimate => {
          const lambdaAt = (h: number) => lambdas[h] ?? 1;
          const extractorValuesOf = (stratum: readonly number[], lambda: number) =>
            definedValues(stratum, (i) => lambda * metricOf(i, s, k));
          return batches
            ? batchDifferenceEstimate(
                sorted.map(([key, stratum], h): BatchStratum => {
                  const lambda = lambdaAt(h);
                  const earlier = stratum.filter((i) => batches.phase[i] === EARLIER);
                  const last: BatchDifference[] = [];
                  for (const i of stratum) {
                    const difference = batches.phase[i] === LAST ? residualOf(i, k, lambda) : null;
                    if (difference !== null)
                      last.push({
                        difference,
                        inclusionProbability: float64At(batches.inclusionProbability, i),
                      });
                  }
                  return {
                    key,
                    populationSize: stratum.length,
                    extractorValues: extractorValuesOf(stratum, lambda),
                    earlierDrawn: earlier.length,
                    earlier: residualsOf(earlier, k, lambda),
                    last,
                    pool: poolOf(k, lambda),
                  };
                }),
                { level, draw: batches.draw },
              )
            : differenceEstimate(
                sorted.map(
                  ([key, stratum], h): EstimatorStratum => ({
                    key,
                    populationSize: stratum.length,
                    extractorValues: extractorValuesOf(stratum, lambdaAt(h)),
                    differences: residualsOf(stratum, k, lambdaAt(h)),
                    pool: poolOf(k, lambdaAt(h)),
                  }),
                ),
                { level },
              );
        };
        const ones = sorted.map(() => 1);
        const difference = estimateAt(ones);
        let result = difference;
        let tuning: PowerTuningParts | undefined;
        if (lambdaSetting === 'tuned') {
          const lambdas = sorted.map(([, stratum]) => {
            // Cross-fitted: the model's gold outside this stratum (every test).
            const inside = new Set(stratum);
            const others = pairsOf(
              modelArguments.filter((i) => !inside.has(i)),
              k,
              equalWeights,
            );
            const own = batches
              ? pairsOf(
                  stratum.filter((i) => batches.phase[i] === LAST),
                  k,
                  (i) => float64At(batches.inclusionProbability, i),
                )
              : pairsOf(stratum, k, equalWeights);
            return stratumLambda(own, others);
          });
          const tuned = estimateAt(lambdas.map((row) => row.lambda));
          const goldOnly = estimateAt(sorted.map(() => 0));
          const choice = chooseLambda({ tuned, goldOnly, difference });
          const chosen =
            choice === 'tuned'
              ? lambdas.map((row) => row.lambda)
              : choice === 'gold_only'
                ? sorted.map(() => 0)
                : ones;
          result = choice === 'tuned' ? tuned : choice === 'gold_only' ? goldOnly : difference;
          tuning = {
            choice,
            lambdas: chosen,
            sources: lambdas.map((row) => (choice === 'tuned' ? row.source : 'fixed')),
            goldOnlyHalfWidth: halfWidthOf(goldOnly),
            differenceHalfWidth: halfWidthOf(difference),
          };
        }
        const bounded = boundProportion(result.value, result.ci);
        const figure: CorrectedFigure = {
          value: bounded.value,
          ci: bounded.ci,
          clipped: bounded.clipped,
          variance: result.variance,
          method: 'student-t',
          degrees_of_freedom: result.degrees_of_freedom,
          extractor_only: difference.extractor_only,
          sampled: result.strata.reduce((sum, row) => sum + row.sampled, 0),
          population: result.strata.reduce((sum, row) => sum + row.population, 0),
          variance_pooled: result.variance_pooled,
          variance_floored: result.variance_floored,
          strata: result.strata,
        };
        return tuning ? withTuning(figure, tuning, difference.strata) : figure;
      };
      const perTest: Record<string, Partial<Record<CorrectedMetric, CorrectedFigure>>> = {};
      for (const test of index.tests) {
        const figures: Partial<Record<CorrectedMetric, CorrectedFigure>> = {};
        for (const metric of CORRECTED_METRICS) {
          if (metric === 'abstain' && test !== 3) continue;
          const figure = estimate([test], metric);
          if (figure) figures[metric] = figure;
        }
        if (Object.keys(figures).length > 0) perTest[String(test)] = figures;
      }
      const both = estimate([1, 2], 'acch');
      if (both && index.tests.includes(1) && index.tests.includes(2)) perTest['1_2'] = { acch: both };
      byModel[model] = perTest;
    });
    result[extractor] = byModel;
  });
  return result;
}

/** Equal π within a stratum: λ̂ is then the unweighted Ĉov/V̂ar whatever the constant. */
const equalWeights = (): number => 0.5;

/** The defined (non-NaN) values of `value` over `list`, in order. */
function definedValues(list: readonly number[], value: (i: number) => number): number[] {
  const values: number[] = [];
  for (const i of list) {
    const x = value(i);
    if (!Number.isNaN(x)) values.push(x);
  }
  return values;
}
