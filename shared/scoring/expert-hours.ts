import { sampleVariance } from 'simple-statistics';
import { z } from 'zod';
import { tunedLambda, type WeightedObservation } from '../stats/hajek-ppi.ts';
import { largestTie } from '../stats/largest-tie.ts';
import { planLambda, plannedBatchSize } from './batch-plan.ts';
import { MIN_GOLD_FOR_CLAIM } from './claim-sample.ts';
import type { LambdaSetting } from './power-tuning.ts';
import { planCorrectedSampleSize } from './sample-size.ts';

/** The planner in expert hours as the report JSON carries it (`planning.expert_hours`). */
export const expertHoursPlanSchema = z.object({
  /** The question planned for: AccH over Tests 1–2 of every model, decided at ± half_width. */
  claim: z.object({ threshold: z.number(), half_width: z.number(), level: z.number() }),
  /** Median active seconds of the submitted annotations that recorded any; null when none did. */
  seconds_per_annotation: z.number().nullable(),
  timed_annotations: z.number(),
  /** Submitted annotations per annotated argument (k annotators per item). */
  annotations_per_argument: z.number(),
  designs: z.array(
    z.object({
      design: z.enum(['stratified', 'neyman', 'active']),
      /** More gold arguments over every model; null when not planned (see `basis`). */
      more_arguments: z.number().nullable(),
      /** more_arguments × annotations per argument × seconds per annotation / 3600. */
      expert_hours: z.number().nullable(),
      basis: z.string(),
    }),
  ),
  per_model: z.array(
    z.object({
      model: z.string(),
      population: z.number(),
      sampled: z.number(),
      difference_variance: z.number().nullable(),
      needed: z.number().nullable(),
      /** With `--lambda tuned`: the λ the residual variance was planned with. */
      lambda: z.number().optional(),
      /** With an active batch in the design: the next active batch's size for this model (`plannedBatchSize`). */
      active_needed: z.number().nullable().optional(),
    }),
  ),
  assumptions: z.array(z.string()),
});
export type ExpertHoursPlan = z.output<typeof expertHoursPlanSchema>;

export interface ExpertHoursInput {
  /** Per model: N (arguments of Tests 1–2), and the pilot's AccH differences gold − extractor there. */
  models: readonly {
    model: string;
    population: number;
    differences: readonly number[];
    /** Gold and extractor AccH of the sampled arguments (for λ tuned; π unused). */
    pairs?: readonly WeightedObservation[];
    /** With an active batch in the design: its units here with π, what it was drawn from and what is left. */
    batch?: { pilotRest: number; rest: number; units: readonly WeightedObservation[] };
  }[];
  /** λ of the residuals planned for (default 1: the difference estimator). */
  lambda?: LambdaSetting;
  /** Active seconds of every submitted annotation (0 or missing when the workspace recorded none). */
  annotationSeconds: readonly number[];
  annotationsPerArgument: number;
  threshold: number;
  halfWidth: number;
  level: number;
}

const ACTIVE_BASIS =
  'not planned: simulate coverage --design active measured no narrower intervals than the stratified design at the paper scale (docs/REPORT.md, "Which design, which λ")';

/**
 * "To decide AccH > threshold for every model over Tests 1–2 at ± w: N more arguments, about H expert
 * hours" (docs/STATISTICS.md §10). Per model, the gold arguments the report's interval needs
 * (`planCorrectedSampleSize` with the model's Tests 1–2 as one stratum of N, s²_Δ its pilot's AccH
 * difference variance — every model's pooled when it has fewer than 2 —, p the pilot's departure
 * share), less those it has; summed over models. Hours = more × annotations per argument × the
 * median measured active seconds per annotation / 3600. The active and Neyman designs are not
 * planned: the simulation found no saving to plan with.
 * Degenerate: no difference anywhere gives needed null; no timed annotation gives hours null.
 */
export function planExpertHours(input: ExpertHoursInput): ExpertHoursPlan {
  if (input.models.some((model) => model.batch !== undefined)) return planAfterBatch(input);
  const tuned = input.lambda === 'tuned';
  const all = input.models.flatMap((model) => [...model.differences]);
  const pooled = all.length >= 2 ? sampleVariance(all) : null;
  const departure = all.length === 0 ? 1 : 1 - largestTie(all) / all.length;
  const perModel = input.models.map((model) => {
    const pairs = model.pairs ?? [];
    const tunedPlan = tuned && pairs.length >= 2 ? leastResidualVariance(pairs) : null;
    const own =
      tunedPlan !== null
        ? tunedPlan.variance
        : model.differences.length >= 2
          ? sampleVariance([...model.differences])
          : pooled;
    const needed =
      own === null || model.population === 0
        ? null
        : planCorrectedSampleSize({
            halfWidth: input.halfWidth,
            differenceVariance: own,
            level: input.level,
            departureShare: departure,
            stratumSize: model.population,
          }).items_per_stratum;
    return {
      model: model.model,
      population: model.population,
      sampled: model.differences.length,
      difference_variance: own,
      needed,
      ...(tuned ? { lambda: tunedPlan?.lambda ?? 1 } : {}),
    };
  });
  const more = perModel.some((row) => row.needed === null)
    ? null
    : perModel.reduce((sum, row) => sum + Math.max(0, (row.needed ?? 0) - row.sampled), 0);
  const timed = input.annotationSeconds.filter((seconds) => seconds > 0).sort((a, b) => a - b);
  const seconds = timed.length === 0 ? null : medianOfSorted(timed);
  const hours =
    more === null || seconds === null ? null : (more * input.annotationsPerArgument * seconds) / 3600;
  return {
    claim: { threshold: input.threshold, half_width: input.halfWidth, level: input.level },
    seconds_per_annotation: seconds,
    timed_annotations: timed.length,
    annotations_per_argument: input.annotationsPerArgument,
    designs: [
      {
        design: 'stratified',
        more_arguments: more,
        expert_hours: hours,
        basis: "the pilot's AccH difference variance per model, the report's Student-t interval",
      },
      { design: 'active', more_arguments: null, expert_hours: null, basis: ACTIVE_BASIS },
    ],
    per_model: perModel,
    assumptions: [
      `every model's Tests 1–2 as one stratum of N arguments; s² from its pilot differences (pooled over models below 2)`,
      ...(tuned ? [TUNED_ASSUMPTION] : []),
      'annotation time: the median of the active seconds the workspace recorded per submitted annotation',
      `k = ${input.annotationsPerArgument.toFixed(2)} annotations per argument, as in the pilot; adjudication time not counted`,
    ],
  };
}

const TUNED_ASSUMPTION =
  "λ tuned: s² of gold − λ·extractor at the λ of λ̂ = Ĉov/V̂ar, 0 and 1 with the least s² on the model's pilot (the report's PPI++ keeps its narrowest too)";

/** Of λ̂ (equal weights), 0 and 1, the λ whose residuals y − λf have the least sample variance (ties keep 1). */
function leastResidualVariance(pairs: readonly WeightedObservation[]): { lambda: number; variance: number } {
  const at = (lambda: number) => sampleVariance(pairs.map((pair) => pair.gold - lambda * pair.extractor));
  let best = { lambda: 1, variance: at(1) };
  for (const lambda of [tunedLambda(pairs.map((pair) => ({ ...pair, inclusionProbability: 0.5 }))), 0]) {
    const variance = at(lambda);
    if (variance < best.variance) best = { lambda, variance };
  }
  return best;
}

/**
 * With an active batch in the design (decision 019): the next batch, drawn from what no batch drew,
 * is the one that will estimate — every earlier batch becomes a known sum — so each design plans a
 * whole batch (`plannedBatchSize`): the active one with the pilot's recorded π as its shape, the
 * stratified one as an SRS of the rest, both from the residual variance of the pilot batch's gold
 * weighted by 1/π, at λ = 1 or (tuned) the λ of `planLambda`. Models without pilot units pool
 * nothing: their need is null and so are the sums.
 */
function planAfterBatch(input: ExpertHoursInput): ExpertHoursPlan {
  const tuned = input.lambda === 'tuned';
  const timed = input.annotationSeconds.filter((seconds) => seconds > 0).sort((a, b) => a - b);
  const seconds = timed.length === 0 ? null : medianOfSorted(timed);
  const request = (model: ExpertHoursInput['models'][number]) =>
    model.batch === undefined
      ? null
      : {
          population: model.population,
          pilotRest: model.batch.pilotRest,
          rest: model.batch.rest,
          units: model.batch.units,
          halfWidth: input.halfWidth,
          level: input.level,
        };
  const perModel = input.models.map((model) => {
    const base = request(model);
    const sampled = model.batch?.units.length ?? 0;
    // `needed` is the cell's gold once the next batch is in: the batch the design needs, and never
    // fewer than a claim may be judged on (`MIN_GOLD_FOR_CLAIM`), or the plan would end "too few".
    const plan = (design: 'active' | 'stratified') => {
      if (base === null) return { needed: null, lambda: 1 };
      const lambda = planLambda(base, design, tuned);
      const batch = plannedBatchSize({ ...base, lambda }, design);
      return {
        needed: batch === null ? null : sampled + Math.max(batch, MIN_GOLD_FOR_CLAIM - sampled),
        lambda,
      };
    };
    const stratified = plan('stratified');
    const active = plan('active');
    return {
      model: model.model,
      population: model.population,
      sampled,
      difference_variance: null,
      needed: stratified.needed,
      ...(tuned ? { lambda: active.lambda } : {}),
      active_needed: active.needed,
    };
  });
  const total = (pick: (row: (typeof perModel)[number]) => number | null | undefined) =>
    perModel.some((row) => (pick(row) ?? null) === null)
      ? null
      : perModel.reduce((sum, row) => sum + (pick(row) ?? 0), 0);
  const hours = (more: number | null) =>
    more === null || seconds === null ? null : (more * input.annotationsPerArgument * seconds) / 3600;
  const more = (needed: number | null | undefined, sampled: number) =>
    needed === null || needed === undefined ? null : needed - sampled;
  const stratifiedMore = total((row) => more(row.needed, row.sampled));
  const activeMore = total((row) => more(row.active_needed, row.sampled));
  return {
    claim: { threshold: input.threshold, half_width: input.halfWidth, level: input.level },
    seconds_per_annotation: seconds,
    timed_annotations: timed.length,
    annotations_per_argument: input.annotationsPerArgument,
    designs: [
      {
        design: 'active',
        more_arguments: activeMore,
        expert_hours: hours(activeMore),
        basis:
          "a next active batch with the recorded batch's π as its shape; its residual variance weighted by 1/π (decision 019: earlier batches count as known sums, so the next batch alone carries the variance)",
      },
      {
        design: 'stratified',
        more_arguments: stratifiedMore,
        expert_hours: hours(stratifiedMore),
        basis:
          "a next stratified batch (an SRS of what no batch drew), the same pilot's residual variance weighted by 1/π",
      },
    ],
    per_model: perModel,
    assumptions: [
      "every model's Tests 1–2 as one stratum; the next batch draws from the arguments no batch drew",
      'no zero-spread floor planned; π above 1 not capped (both plan a little low)',
      ...(tuned
        ? [
            "λ tuned: of λ̂ (1/π-weighted), 0 and 1 the one with the least planned variance at the pilot's size",
          ]
        : []),
      'annotation time: the median of the active seconds the workspace recorded per submitted annotation',
      `k = ${input.annotationsPerArgument.toFixed(2)} annotations per argument, as in the pilot; adjudication time not counted`,
    ],
  };
}

function medianOfSorted(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
