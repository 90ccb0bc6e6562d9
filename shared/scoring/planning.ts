import { sampleVariance } from 'simple-statistics';
import { float64At } from '../element-at.ts';
import type { Judgement } from '../schemas/annotation.ts';
import type { WeightedObservation } from '../stats/hajek-ppi.ts';
import { largestTie } from '../stats/largest-tie.ts';
import { EARLIER, LAST } from './batch-phases.ts';
import type { CellMetrics } from './cell-metrics.ts';
import { MEAN_METRICS } from './cell-metrics.ts';
import { type ExpertHoursPlan, planExpertHours } from './expert-hours.ts';
import { assertedSets, bitCount } from './factor-sets.ts';
import { intraClassCorrelation } from './intra-class-correlation.ts';
import type { LambdaSetting } from './power-tuning.ts';
import type { AnnotationInput } from './report-input.ts';
import {
  type CorrectedSampleSizePlan,
  planCorrectedSampleSize,
  planSampleSize,
  type SampleSizePlan,
} from './sample-size.ts';
import type { StudyIndex } from './study-index.ts';

/** Section 6: how many items a target precision needs, from what the study has so far. */
export interface Planning {
  /** ρ̂ of the 78 decisions within items (ANOVA estimator), and where it came from. */
  icc: { value: number | null; items: number; source: 'gold' | 'annotations' | null };
  /** Items for a decision-level proportion (p = 0.5) at each target half-width, with ρ̂ as the design effect. */
  decision_proportion: (SampleSizePlan & { half_width: number })[];
  /** Items per stratum for the corrected AccH of the primary extractor at each target half-width. */
  corrected_acch: {
    extractor: string | null;
    /** s²_Δ of the AccH differences over every sampled argument with gold and an extraction. */
    difference_variance: number | null;
    differences: number;
    /** Share of those differences departing from the most common one (how often a stratum shows spread). */
    departure_share: number | null;
    /** N_h planned for: the median number of arguments of a model × test cell. */
    stratum_size: number | null;
    plans: (CorrectedSampleSizePlan & { half_width: number })[];
  };
  /** The planner in expert hours for the AccH claim over Tests 1–2 at ±0.05 (`planExpertHours`). */
  expert_hours: ExpertHoursPlan;
}

export const PLANNED_HALF_WIDTHS = [0.05, 0.1] as const;

/**
 * The sample-size planner applied to the study (docs/STATISTICS.md §10;
 * `planSampleSize`, `planCorrectedSampleSize`): ρ is estimated from the annotated items
 * (`intraClassCorrelation` over the gold judgements' 78 decisions; without gold, over the first
 * submitted annotation of each argument), and the variance of the differences from the sample.
 * Half-widths planned: 0.05 and 0.10, p = 0.5 (the most conservative). The corrected AccH is planned
 * for the interval the report prints (`planCorrectedSampleSize`: Student's t, the zero-spread floor,
 * at least 3 per stratum, N_h the median model × test cell).
 */
export function planStudy(
  index: StudyIndex,
  annotations: readonly AnnotationInput[],
  cells: CellMetrics,
  primaryExtractor: string | null,
  level: number,
  claimThreshold = 0.9,
  lambda: LambdaSetting = 1,
): Planning {
  let judgements: Judgement[] = index.gold.filter(
    (judgement): judgement is Judgement => judgement !== undefined,
  );
  let source: Planning['icc']['source'] = judgements.length > 0 ? 'gold' : null;
  if (judgements.length === 0) {
    const seen = new Set<string>();
    judgements = annotations.flatMap((annotation) => {
      if (seen.has(annotation.argumentId)) return [];
      seen.add(annotation.argumentId);
      return [annotation.judgement];
    });
    if (judgements.length > 0) source = 'annotations';
  }
  const icc = intraClassCorrelation(
    judgements.map((judgement) => ({
      positives: assertedSets(judgement).masks.reduce((sum, mask) => sum + bitCount(mask), 0),
      decisions: 78,
    })),
  );
  const S = cells.sources.length;
  const K = MEAN_METRICS.length;
  const s = primaryExtractor === null ? -1 : cells.sources.indexOf(primaryExtractor);
  const differences: number[] = [];
  if (s > 0)
    for (let i = 0; i < index.ids.length; i++) {
      if (!index.sampled[i]) continue;
      const difference =
        (cells.values[i * S * K] ?? Number.NaN) - (cells.values[(i * S + s) * K] ?? Number.NaN);
      if (!Number.isNaN(difference)) differences.push(difference);
    }
  const expertHours = planExpertHours({
    models: index.models.map((model, m) => {
      const members: number[] = [];
      const modelDifferences: number[] = [];
      const pairs: WeightedObservation[] = [];
      const batches = index.batches;
      const batchUnits: WeightedObservation[] = [];
      let drawn = 0;
      let earlier = 0;
      for (let i = 0; i < index.ids.length; i++) {
        if (index.modelOf[i] !== m || (index.testOf[i] !== 1 && index.testOf[i] !== 2)) continue;
        members.push(i);
        if (batches && batches.phase[i] !== 0) drawn++;
        if (batches && batches.phase[i] === EARLIER) earlier++;
        if (s <= 0 || !index.sampled[i] || index.gold[i] === undefined) continue;
        const gold = cells.values[i * S * K] ?? Number.NaN;
        const extractor = cells.values[(i * S + s) * K] ?? Number.NaN;
        const difference = gold - extractor;
        if (Number.isNaN(difference)) continue;
        modelDifferences.push(difference);
        pairs.push({ gold, extractor, inclusionProbability: 0.5 });
        if (batches && batches.phase[i] === LAST)
          batchUnits.push({
            gold,
            extractor,
            inclusionProbability: float64At(batches.inclusionProbability, i),
          });
      }
      return {
        model,
        population: members.length,
        differences: modelDifferences,
        ...(lambda === 'tuned' ? { pairs } : {}),
        ...(batches
          ? {
              batch: { pilotRest: members.length - earlier, rest: members.length - drawn, units: batchUnits },
            }
          : {}),
      };
    }),
    annotationSeconds: annotations.map((annotation) => annotation.secondsSpent ?? 0),
    annotationsPerArgument:
      annotations.length === 0 ? 1 : annotations.length / new Set(annotations.map((a) => a.argumentId)).size,
    threshold: claimThreshold,
    lambda,
    halfWidth: PLANNED_HALF_WIDTHS[0],
    level,
  });
  const differenceVariance = differences.length >= 2 ? sampleVariance(differences) : null;
  const departureShare = differences.length === 0 ? null : 1 - largestTie(differences) / differences.length;
  const cellSizes = index.cells.map(() => 0);
  for (const c of index.cellOf) if (c >= 0) cellSizes[c] = (cellSizes[c] ?? 0) + 1;
  const sorted = cellSizes.filter((size) => size > 0).sort((a, b) => a - b);
  const stratumSize = sorted.length === 0 ? null : (sorted[Math.floor((sorted.length - 1) / 2)] ?? null);
  return {
    icc: { value: icc, items: judgements.length, source },
    decision_proportion: PLANNED_HALF_WIDTHS.map((halfWidth) => ({
      half_width: halfWidth,
      ...planSampleSize({ halfWidth, level, icc: icc ?? 0 }),
    })),
    corrected_acch: {
      extractor: s > 0 ? primaryExtractor : null,
      difference_variance: differenceVariance,
      differences: differences.length,
      departure_share: departureShare,
      stratum_size: stratumSize,
      plans:
        differenceVariance === null
          ? []
          : PLANNED_HALF_WIDTHS.map((halfWidth) => ({
              half_width: halfWidth,
              ...planCorrectedSampleSize({
                halfWidth,
                differenceVariance,
                level,
                departureShare: departureShare ?? 1,
                ...(stratumSize === null ? {} : { stratumSize }),
              }),
            })),
    },
    expert_hours: expertHours,
  };
}
