import { z } from 'zod';
import { sampleSummarySchema } from '../sample-api.ts';
import { designNameSchema } from './designs.ts';

/** The most arguments one batch may ask for (the same bound as a sample's size). */
export const MAX_BATCH_SIZE = 100_000;

/**
 * POST /api/studies/:study/samples/next and …/next/preview — and the options of `sample --next`.
 * `floor` is the least inclusion probability any eligible argument gets (so every weight is at most
 * 1/floor and the intervals stay valid; at most n/N; default `defaultFloor`, a fifth of n/N); `extractor` names the study's extractor whose predicted
 * error is compared with the rules extractor's (default: the report's primary extractor).
 */
export const nextBatchRequestSchema = z.strictObject({
  size: z.number().int().positive().max(MAX_BATCH_SIZE),
  design: designNameSchema.default('stratified'),
  seed: z.number().int().refine(Number.isSafeInteger, 'must be a safe integer'),
  floor: z.number().gt(0).max(1).optional(),
  extractor: z.string().trim().min(1).max(200).optional(),
});
export type NextBatchRequest = z.output<typeof nextBatchRequestSchema>;

const rangeSchema = z.object({ min: z.number(), max: z.number() });

/** What a batch would draw: the expected count per stratum (Σπ), the range of π and of predicted error. */
export const nextBatchPreviewSchema = z.object({
  batch: z.number().int(),
  extendsVersion: z.number().int(),
  design: designNameSchema,
  size: z.number().int(),
  floor: z.number(),
  eligible: z.number().int(),
  primaryExtractor: z.string().nullable(),
  probability: rangeSchema,
  predictedError: rangeSchema,
  strata: z.array(
    z.object({
      stratum: z.string(),
      eligible: z.number().int(),
      expected: z.number(),
      meanPredictedError: z.number(),
    }),
  ),
  notes: z.array(z.string()),
});
export type NextBatchPreview = z.infer<typeof nextBatchPreviewSchema>;

/** POST …/samples/next answers the new sample version, the batch as drawn and how many it drew. */
export const nextBatchDrawnSchema = z.object({
  sample: sampleSummarySchema,
  batch: nextBatchPreviewSchema,
  drawn: z.number().int(),
});

export interface BatchUnit {
  id: string;
  stratum: string;
  predictedError: number;
}

/**
 * The preview of a batch from its units and their inclusion probabilities π: per stratum the
 * eligible count and the expected draw E[n_h] = Σ_{i∈h} π_i (the realised count varies around it
 * under an unequal-probability draw), the mean predicted error, and min/max of π and of the error.
 */
export function summariseBatch(
  units: readonly BatchUnit[],
  probability: ReadonlyMap<string, number>,
): Pick<NextBatchPreview, 'probability' | 'predictedError' | 'strata'> {
  const strata = new Map<string, { eligible: number; expected: number; error: number }>();
  let piMin = Number.POSITIVE_INFINITY;
  let piMax = 0;
  let errorMin = Number.POSITIVE_INFINITY;
  let errorMax = 0;
  for (const unit of units) {
    const pi = probability.get(unit.id) ?? 0;
    const stratum = strata.get(unit.stratum) ?? { eligible: 0, expected: 0, error: 0 };
    stratum.eligible += 1;
    stratum.expected += pi;
    stratum.error += unit.predictedError;
    strata.set(unit.stratum, stratum);
    piMin = Math.min(piMin, pi);
    piMax = Math.max(piMax, pi);
    errorMin = Math.min(errorMin, unit.predictedError);
    errorMax = Math.max(errorMax, unit.predictedError);
  }
  const finite = (value: number) => (Number.isFinite(value) ? value : 0);
  return {
    probability: { min: finite(piMin), max: piMax },
    predictedError: { min: finite(errorMin), max: errorMax },
    strata: [...strata.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([stratum, { eligible, expected, error }]) => ({
        stratum,
        eligible,
        expected,
        meanPredictedError: error / eligible,
      })),
  };
}
