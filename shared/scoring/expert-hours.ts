import { sampleVariance } from 'simple-statistics';
import { z } from 'zod';
import { largestTie } from '../stats/largest-tie.ts';
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
    }),
  ),
  assumptions: z.array(z.string()),
});
export type ExpertHoursPlan = z.output<typeof expertHoursPlanSchema>;

export interface ExpertHoursInput {
  /** Per model: N (arguments of Tests 1–2), and the pilot's AccH differences gold − extractor there. */
  models: readonly { model: string; population: number; differences: readonly number[] }[];
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
  const all = input.models.flatMap((model) => [...model.differences]);
  const pooled = all.length >= 2 ? sampleVariance(all) : null;
  const departure = all.length === 0 ? 1 : 1 - largestTie(all) / all.length;
  const perModel = input.models.map((model) => {
    const own = model.differences.length >= 2 ? sampleVariance([...model.differences]) : pooled;
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
