import {
  type DesignName,
  defaultFloor,
  drawBatch,
  drawMethodOf,
  inclusionProbabilities,
} from '../sampling/designs.ts';
import { batchDifferenceEstimate } from '../scoring/batch-difference-estimator.ts';
import { type DifferenceEstimate, differenceEstimate } from '../scoring/difference-estimator.ts';
import { assertedSets, bitCount, groundTruthMasks } from '../scoring/factor-sets.ts';
import { chooseLambda, halfWidthOf, stratumLambda } from '../scoring/power-tuning.ts';
import { hajekPpiMean, type PowerTuning, tunedLambda, type WeightedObservation } from '../stats/hajek-ppi.ts';
import type { Population } from './population.ts';
import { ensembleValues, metricDisagreement, metricValues } from './two-extractor-readings.ts';

/** One argument of a synthetic population as the design comparison reads it. */
export interface ComparisonUnit {
  id: string;
  model: string;
  test: number;
  /** Gold and primary-extractor values of AccH, RecU and the empty-output indicator (NaN when undefined). */
  gold: Record<ComparedMetric, number>;
  extractor: Record<ComparedMetric, number>;
  /** Jaccard distance between the primary and the second extractor's (case, factor) sets. */
  predictedError: number;
  /** The two extractors' disagreement on what AccH and RecU count (`metricDisagreement`). */
  metricError: { acch: number; recu: number };
}

export const COMPARED_METRICS = ['acch', 'recu', 'abstain'] as const;
export type ComparedMetric = (typeof COMPARED_METRICS)[number];
/** The figure each metric is compared on: AccH over Tests 1–2 (the claim's), RecU over all tests, RatioAbstain on Test 3. */
const FIGURE_TESTS: Record<ComparedMetric, readonly number[]> = {
  acch: [1, 2],
  recu: [1, 2, 3],
  abstain: [3],
};

/**
 * What f the corrected estimate uses (`primary`: the primary extractor's values, the report's;
 * `ensemble`: both extractors', `ensembleValues`).
 */
export type ComparisonPrediction = 'primary' | 'ensemble';

/** Per-argument values and predicted errors of a population (primary extractor first in `extractors`). */
export function comparisonUnits(
  population: Population,
  primary: string,
  second: string,
  prediction: ComparisonPrediction = 'primary',
): ComparisonUnit[] {
  const triples = new Map(population.triples.map((triple) => [triple.id, triple]));
  const byArgument = new Map<string, Map<string, (typeof population.extractions)[number]>>();
  for (const extraction of population.extractions) {
    const map = byArgument.get(extraction.argument_id) ?? new Map();
    map.set(extraction.extractor, extraction);
    byArgument.set(extraction.argument_id, map);
  }
  return population.arguments.flatMap((argument) => {
    const triple = triples.get(argument.triple_id);
    const gold = population.gold.get(argument.id);
    const first = byArgument.get(argument.id)?.get(primary);
    const other = byArgument.get(argument.id)?.get(second);
    if (!triple || !gold || !first || first.status !== 'extracted') return [];
    const truth = groundTruthMasks(triple);
    const firstSets = assertedSets(first);
    const otherSets = other && other.status === 'extracted' ? assertedSets(other) : null;
    const a = firstSets.masks;
    const b = otherSets?.masks ?? a;
    let union = 0;
    let disagree = 0;
    for (let c = 0; c < 3; c++) {
      union += bitCount((a[c] ?? 0) | (b[c] ?? 0));
      disagree += bitCount((a[c] ?? 0) ^ (b[c] ?? 0));
    }
    return [
      {
        id: argument.id,
        model: argument.model,
        test: argument.test,
        gold: metricValues(truth, assertedSets(gold)),
        extractor:
          prediction === 'ensemble'
            ? ensembleValues(truth, firstSets, otherSets)
            : metricValues(truth, firstSets),
        predictedError: union === 0 ? 0 : disagree / union,
        metricError: metricDisagreement(truth, firstSets, otherSets),
      },
    ];
  });
}

export interface DesignStudyOptions {
  design: DesignName;
  /** Gold arguments of the batch (its expected size for the active design). */
  budget: number;
  /** `pooled`: PPI++ with one λ̂ per metric from every sampled argument of the study (all models). */
  lambda: PowerTuning | 'pooled';
  level: number;
  seed: number;
  /** Every π ≥ floor; `defaultFloor` when omitted. */
  floor?: number;
  /** What the active design's π rises with (`activeScores`); `jaccard` when omitted. */
  predictor?: ActivePredictor;
  /**
   * How the active design draws: `poisson` (decision 019, the default) or `systematic` (fixed-size
   * πps, `drawBatch`); both estimated with the Poisson variance (for the systematic draw an
   * approximation, its coverage measured).
   */
  activeDraw?: 'poisson' | 'systematic';
  /**
   * `hajek` (default): one Hájek estimate per figure (`hajekPpiMean`). `report`: the report's own
   * estimator (`reportFigureEstimate`): strata the model × test cells of the figure, s² pooled over
   * the model's tests below 3, the zero-spread floor, λ̂_h as `correctedEstimates` tunes it.
   */
  estimator?: 'hajek' | 'report';
}

/** One figure of one simulated study. */
export interface FigureOutcome {
  metric: ComparedMetric;
  model: string;
  truth: number;
  /** `null`: fewer than 2 sampled differences, no interval. */
  lower: number | null;
  upper: number | null;
  /** The half-width of the gold-only (λ = 0) interval on the same sample, for the never-wider check. */
  goldOnlyHalfWidth: number | null;
  sampled: number;
}

/**
 * What the active design's π_i ∝ √e_i reads as e_i (issue 28, levers 1–2):
 * - `jaccard`: the Jaccard distance of the two extractors' sets (decision 019's default, taken as
 *   e, so π ∝ √d);
 * - `jaccard-squared`: d² (π ∝ d: the distance read as the residual's scale, not its square);
 * - `metric`: the predicted squared residual of each metric, e_A = a², e_R = r² with a and r the
 *   per-metric disagreements of `metricDisagreement`, mixed as
 *   w·e_A/ē_A + (1 − w)·e_R/ē_R (ē the population mean, so each metric's share is w and 1 − w of
 *   the whole, whatever its scale) and divided by the largest, so e ∈ [0, 1].
 * Every π still has the design's floor, so no argument's weight exceeds 1/floor.
 */
export type ActivePredictor =
  | { kind: 'jaccard' }
  | { kind: 'jaccard-squared' }
  | { kind: 'metric'; accHWeight: number };

/** The e_i of `ActivePredictor` for every unit, in the order of `units`. */
export function activeScores(units: readonly ComparisonUnit[], predictor: ActivePredictor): number[] {
  if (predictor.kind === 'jaccard') return units.map((unit) => unit.predictedError);
  if (predictor.kind === 'jaccard-squared') return units.map((unit) => unit.predictedError ** 2);
  const w = predictor.accHWeight;
  if (!(w >= 0 && w <= 1)) throw new RangeError(`activeScores: accHWeight must lie in [0, 1] (got ${w})`);
  const mean = (values: readonly number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, x) => sum + x, 0) / values.length;
  const a = mean(units.map((unit) => unit.metricError.acch ** 2));
  const r = mean(units.map((unit) => unit.metricError.recu ** 2));
  const raw = units.map(
    (unit) =>
      (a > 0 ? (w * unit.metricError.acch ** 2) / a : 0) +
      (r > 0 ? ((1 - w) * unit.metricError.recu ** 2) / r : 0),
  );
  const largest = Math.max(0, ...raw);
  return raw.map((x) => (largest > 0 ? x / largest : 0));
}

/**
 * One simulated study: a batch drawn with the design's π from every argument (strata model × test;
 * Neyman's S_h the population's own residual SD per stratum — the best case, an oracle pilot), then
 * every model's AccH over Tests 1–2, RecU and RatioAbstain estimated by `hajekPpiMean` with the
 * given λ, intervals kept within [0, 1].
 */
export function simulateDesignStudy(
  units: readonly ComparisonUnit[],
  options: DesignStudyOptions,
): FigureOutcome[] {
  const scores = activeScores(units, options.predictor ?? { kind: 'jaccard' });
  const designUnits = units.map((unit, i) => ({
    id: unit.id,
    stratum: `${unit.model}|${unit.test}`,
    predictedError: scores[i] ?? 0,
  }));
  const floor = options.floor ?? defaultFloor(options.budget, units.length);
  const stratumSd = options.design === 'neyman' ? residualSd(units) : undefined;
  const pi = inclusionProbabilities(options.design, designUnits, options.budget, {
    floor,
    ...(stratumSd ? { stratumSd } : {}),
  });
  const drawn = new Map(
    drawBatch(
      options.design === 'active' && options.activeDraw === 'systematic'
        ? 'systematic'
        : drawMethodOf(options.design),
      designUnits,
      pi,
      options.seed,
    ).map((unit) => [unit.id, unit]),
  );
  const outcomes: FigureOutcome[] = [];
  const pooledLambda = (metric: ComparedMetric): number =>
    tunedLambda(
      units.flatMap((unit) => {
        const chosen = drawn.get(unit.id);
        const gold = unit.gold[metric];
        const extractor = unit.extractor[metric];
        return chosen &&
          !Number.isNaN(gold) &&
          !Number.isNaN(extractor) &&
          FIGURE_TESTS[metric].includes(unit.test)
          ? [{ gold, extractor, inclusionProbability: chosen.inclusionProbability }]
          : [];
      }),
    );
  const models = [...new Set(units.map((unit) => unit.model))].sort();
  for (const metric of COMPARED_METRICS)
    for (const model of models) {
      const members = units.filter(
        (unit) => unit.model === model && FIGURE_TESTS[metric].includes(unit.test),
      );
      const truthValues = members.map((unit) => unit.gold[metric]).filter((x) => !Number.isNaN(x));
      const extractorValues = members.map((unit) => unit.extractor[metric]).filter((x) => !Number.isNaN(x));
      if (truthValues.length === 0 || extractorValues.length === 0) continue;
      const sample: WeightedObservation[] = [];
      for (const unit of members) {
        const chosen = drawn.get(unit.id);
        const gold = unit.gold[metric];
        const extractor = unit.extractor[metric];
        if (chosen && !Number.isNaN(gold) && !Number.isNaN(extractor))
          sample.push({ gold, extractor, inclusionProbability: chosen.inclusionProbability });
      }
      const truth = truthValues.reduce((s, x) => s + x, 0) / truthValues.length;
      const extractorMean = extractorValues.reduce((s, x) => s + x, 0) / extractorValues.length;
      const outcome: FigureOutcome = {
        metric,
        model,
        truth,
        lower: null,
        upper: null,
        goldOnlyHalfWidth: null,
        sampled: sample.length,
      };
      if (options.estimator === 'report') {
        const estimate = reportFigureEstimate(units, members, drawn, metric, model, {
          ...options,
          ...(options.lambda === 'pooled' ? { pooledLambda: pooledLambda(metric) } : {}),
        });
        if (estimate !== null) {
          outcome.lower = Math.max(0, estimate.lower);
          outcome.upper = Math.min(1, estimate.upper);
          outcome.goldOnlyHalfWidth = estimate.goldOnlyHalfWidth;
        }
      } else if (sample.length >= 2) {
        const lambda = options.lambda === 'pooled' ? pooledLambda(metric) : options.lambda;
        const estimate = hajekPpiMean(sample, extractorMean, { lambda, level: options.level });
        const goldOnly = hajekPpiMean(sample, extractorMean, { lambda: 0, level: options.level });
        outcome.lower = Math.max(0, estimate.ci.lower);
        outcome.upper = Math.min(1, estimate.ci.upper);
        outcome.goldOnlyHalfWidth = (goldOnly.ci.upper - goldOnly.ci.lower) / 2;
      }
      outcomes.push(outcome);
    }
  return outcomes;
}

/**
 * One figure by the report's estimator under the batch's π: strata the figure's model × test cells
 * (N_h the units with the metric defined), the stratified SRS estimator of §6.2 for the stratified
 * and Neyman draws (`differenceEstimate`), the batch estimator's Poisson part for the active one
 * (`batchDifferenceEstimate`, nothing drawn before it); s² pooled over the model's tests below 3
 * sampled, floored without spread; λ = 1, one pooled λ, or `tuned` as `correctedEstimates` does it
 * (`stratumLambda` per stratum, then `chooseLambda`). `null` when the figure has no interval.
 */
function reportFigureEstimate(
  units: readonly ComparisonUnit[],
  members: readonly ComparisonUnit[],
  drawn: ReadonlyMap<string, { inclusionProbability: number }>,
  metric: ComparedMetric,
  model: string,
  options: DesignStudyOptions & { pooledLambda?: number },
): { lower: number; upper: number; goldOnlyHalfWidth: number | null } | null {
  const defined = (unit: ComparisonUnit) =>
    !Number.isNaN(unit.gold[metric]) && !Number.isNaN(unit.extractor[metric]);
  const pairOf = (unit: ComparisonUnit): WeightedObservation | null => {
    const chosen = drawn.get(unit.id);
    return chosen && defined(unit)
      ? {
          gold: unit.gold[metric],
          extractor: unit.extractor[metric],
          inclusionProbability: chosen.inclusionProbability,
        }
      : null;
  };
  const modelUnits = units.filter((unit) => unit.model === model);
  const equal = (list: readonly ComparisonUnit[]) =>
    list.flatMap((unit) => {
      const pair = pairOf(unit);
      return pair ? [{ ...pair, inclusionProbability: 0.5 }] : [];
    });
  const pool = equal(modelUnits);
  const strata = FIGURE_TESTS[metric].map((test) => {
    const cell = members.filter((unit) => unit.test === test && defined(unit));
    const inside = new Set(cell.map((unit) => unit.id));
    return {
      cell,
      own: cell.flatMap((unit) => pairOf(unit) ?? []),
      others: equal(modelUnits.filter((unit) => !inside.has(unit.id))),
    };
  });
  const active = options.design === 'active';
  const estimateAt = (lambdas: readonly number[]): DifferenceEstimate => {
    const rows = strata.map(({ cell, own }, h) => {
      const lambda = lambdas[h] ?? 1;
      return {
        key: String(h),
        populationSize: cell.length,
        extractorValues: cell.map((unit) => lambda * unit.extractor[metric]),
        own: own.map((pair) => ({
          difference: pair.gold - lambda * pair.extractor,
          inclusionProbability: pair.inclusionProbability,
        })),
        pool: pool.map((pair) => pair.gold - lambda * pair.extractor),
      };
    });
    return active
      ? batchDifferenceEstimate(
          rows.map((row) => ({
            key: row.key,
            populationSize: row.populationSize,
            extractorValues: row.extractorValues,
            earlierDrawn: 0,
            earlier: [],
            last: row.own,
            pool: row.pool,
          })),
          { level: options.level, draw: 'poisson' },
        )
      : differenceEstimate(
          rows.map((row) => ({
            key: row.key,
            populationSize: row.populationSize,
            extractorValues: row.extractorValues,
            differences: row.own.map((unit) => unit.difference),
            pool: row.pool,
          })),
          { level: options.level },
        );
  };
  const ones = strata.map(() => 1);
  const difference = estimateAt(ones);
  const goldOnly = estimateAt(strata.map(() => 0));
  let result = difference;
  if (options.lambda === 'tuned') {
    const tuned = estimateAt(strata.map(({ own, others }) => stratumLambda(own, others).lambda));
    const choice = chooseLambda({ tuned, goldOnly, difference });
    result = choice === 'tuned' ? tuned : choice === 'gold_only' ? goldOnly : difference;
  } else if (options.lambda === 'pooled') result = estimateAt(strata.map(() => options.pooledLambda ?? 1));
  else if (options.lambda !== 1) result = estimateAt(strata.map(() => Number(options.lambda)));
  if (result.value === null || result.ci === null) return null;
  const gold = halfWidthOf(goldOnly);
  return {
    lower: result.ci.lower,
    upper: result.ci.upper,
    goldOnlyHalfWidth: Number.isFinite(gold) ? gold : null,
  };
}

/** Per stratum (model × test), the SD of the AccH differences over the whole population. */
function residualSd(units: readonly ComparisonUnit[]): Map<string, number> {
  const byStratum = new Map<string, number[]>();
  for (const unit of units) {
    const difference = unit.gold.acch - unit.extractor.acch;
    if (Number.isNaN(difference)) continue;
    const key = `${unit.model}|${unit.test}`;
    byStratum.set(key, [...(byStratum.get(key) ?? []), difference]);
  }
  const result = new Map<string, number>();
  for (const [key, values] of byStratum) {
    const mean = values.reduce((s, x) => s + x, 0) / values.length;
    const variance = values.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, values.length - 1);
    result.set(key, Math.sqrt(variance));
  }
  return result;
}

/** Coverage, median half-width and wrong holds of one design over many studies, per metric. */
export interface DesignSummary {
  design: DesignName;
  lambda: PowerTuning | 'pooled';
  estimator: 'hajek' | 'report';
  budget: number;
  studies: number;
  metrics: Record<
    ComparedMetric,
    { intervals: number; coverage: number | null; medianHalfWidth: number | null; widerThanGoldOnly: number }
  >;
  /** AccH over Tests 1–2 whose interval lies above the threshold while the truth does not. */
  wrongHolds: number;
  /** Studies' median realised batch size. */
  medianSampled: number;
}

/** Runs `studies` seeded studies of a design and summarises them (`claimThreshold` for the wrong holds). */
export function compareDesign(
  units: readonly ComparisonUnit[],
  options: Omit<DesignStudyOptions, 'seed'> & { studies: number; seed: number; claimThreshold: number },
): DesignSummary {
  const tallies = Object.fromEntries(
    COMPARED_METRICS.map((metric) => [
      metric,
      { covered: 0, intervals: 0, halfWidths: [] as number[], wider: 0 },
    ]),
  ) as Record<ComparedMetric, { covered: number; intervals: number; halfWidths: number[]; wider: number }>;
  let wrongHolds = 0;
  const sizes: number[] = [];
  for (let r = 0; r < options.studies; r++) {
    const outcomes = simulateDesignStudy(units, { ...options, seed: options.seed + r });
    sizes.push(outcomes.filter((o) => o.metric === 'recu').reduce((s, o) => s + o.sampled, 0));
    for (const outcome of outcomes) {
      if (outcome.lower === null || outcome.upper === null) continue;
      const tally = tallies[outcome.metric];
      tally.intervals++;
      if (outcome.lower <= outcome.truth + 1e-12 && outcome.truth <= outcome.upper + 1e-12) tally.covered++;
      const half = (outcome.upper - outcome.lower) / 2;
      tally.halfWidths.push(half);
      if (outcome.goldOnlyHalfWidth !== null && half > outcome.goldOnlyHalfWidth + 1e-12) tally.wider++;
      if (
        outcome.metric === 'acch' &&
        outcome.lower > options.claimThreshold &&
        outcome.truth <= options.claimThreshold
      )
        wrongHolds++;
    }
  }
  const metrics = Object.fromEntries(
    COMPARED_METRICS.map((metric) => {
      const tally = tallies[metric];
      return [
        metric,
        {
          intervals: tally.intervals,
          coverage: tally.intervals === 0 ? null : tally.covered / tally.intervals,
          medianHalfWidth: median(tally.halfWidths),
          widerThanGoldOnly: tally.wider,
        },
      ];
    }),
  ) as DesignSummary['metrics'];
  return {
    design: options.design,
    lambda: options.lambda,
    estimator: options.estimator ?? 'hajek',
    budget: options.budget,
    studies: options.studies,
    metrics,
    wrongHolds,
    medianSampled: median(sizes) ?? 0,
  };
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The comparison as a text table: coverage and median half-width per metric, wrong holds, PPI++ wider than gold only. */
export function formatDesignSummary(summary: DesignSummary, title: string): string {
  const lines = [
    title,
    `design ${summary.design}, λ ${summary.lambda}, ${summary.estimator === 'report' ? "the report's estimator" : 'Hájek per figure'}, budget ${summary.budget} (median drawn ${summary.medianSampled}), ${summary.studies} studies`,
    'figure                  intervals  coverage  median half-width  wider than gold only',
  ];
  const names: Record<ComparedMetric, string> = {
    acch: 'AccH, Tests 1–2',
    recu: 'RecU, all tests',
    abstain: 'RatioAbstain, Test 3',
  };
  for (const metric of COMPARED_METRICS) {
    const m = summary.metrics[metric];
    lines.push(
      `${names[metric].padEnd(24)}${String(m.intervals).padStart(9)}  ${(m.coverage?.toFixed(3) ?? 'n/a').padStart(8)}  ${(m.medianHalfWidth?.toFixed(4) ?? 'n/a').padStart(17)}  ${String(m.widerThanGoldOnly).padStart(20)}`,
    );
  }
  lines.push(`wrong "holds" (AccH > threshold, truth not): ${summary.wrongHolds}`);
  return `${lines.join('\n')}\n`;
}
