import { elementAt, float64At } from '../element-at.ts';
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
  strata: DifferenceEstimate['strata'];
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
 *   mean with the SRS variance; λ = 1 either way. Without such a batch nothing changes.
 *
 * Degenerate input: a stratum without a sampled difference, or with no scored argument, gives
 * the cell `value: null`; a variance from fewer than two differences gives `ci: null`.
 */
export function correctedEstimates(
  index: StudyIndex,
  cells: CellMetrics,
  level: number,
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
      const differenceOf = (i: number, k: number): number | null => {
        if (!index.sampled[i] || index.gold[i] === undefined) return null;
        const difference = metricOf(i, 0, k) - metricOf(i, s, k);
        return Number.isNaN(difference) ? null : difference;
      };
      const differencesOf = (list: readonly number[], k: number): number[] => {
        const differences: number[] = [];
        for (const i of list) {
          const difference = differenceOf(i, k);
          if (difference !== null) differences.push(difference);
        }
        return differences;
      };
      const pools = new Map<number, number[]>();
      const poolOf = (k: number): number[] => {
        const pool = pools.get(k) ?? differencesOf(modelArguments, k);
        pools.set(k, pool);
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
        const pool = poolOf(k);
        const sorted = [...strata.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        const extractorValuesOf = (stratum: readonly number[]) =>
          definedValues(stratum, (i) => metricOf(i, s, k));
        const batches = index.batches;
        const result = batches
          ? batchDifferenceEstimate(
              sorted.map(([key, stratum]): BatchStratum => {
                const earlier = stratum.filter((i) => batches.phase[i] === EARLIER);
                const last: BatchDifference[] = [];
                for (const i of stratum) {
                  const difference = batches.phase[i] === LAST ? differenceOf(i, k) : null;
                  if (difference !== null)
                    last.push({
                      difference,
                      inclusionProbability: float64At(batches.inclusionProbability, i),
                    });
                }
                return {
                  key,
                  populationSize: stratum.length,
                  extractorValues: extractorValuesOf(stratum),
                  earlierDrawn: earlier.length,
                  earlier: differencesOf(earlier, k),
                  last,
                  pool,
                };
              }),
              { level, draw: batches.draw },
            )
          : differenceEstimate(
              sorted.map(
                ([key, stratum]): EstimatorStratum => ({
                  key,
                  populationSize: stratum.length,
                  extractorValues: extractorValuesOf(stratum),
                  differences: differencesOf(stratum, k),
                  pool,
                }),
              ),
              { level },
            );
        const bounded = boundProportion(result.value, result.ci);
        return {
          value: bounded.value,
          ci: bounded.ci,
          clipped: bounded.clipped,
          variance: result.variance,
          method: 'student-t',
          degrees_of_freedom: result.degrees_of_freedom,
          extractor_only: result.extractor_only,
          sampled: result.strata.reduce((sum, row) => sum + row.sampled, 0),
          population: result.strata.reduce((sum, row) => sum + row.population, 0),
          variance_pooled: result.variance_pooled,
          variance_floored: result.variance_floored,
          strata: result.strata,
        };
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

/** The defined (non-NaN) values of `value` over `list`, in order. */
function definedValues(list: readonly number[], value: (i: number) => number): number[] {
  const values: number[] = [];
  for (const i of list) {
    const x = value(i);
    if (!Number.isNaN(x)) values.push(x);
  }
  return values;
}
