import type { SampleSummary } from '../../../shared/sample-api.ts';
import {
  defaultFloor,
  drawBatch,
  drawMethodOf,
  inclusionProbabilities,
} from '../../../shared/sampling/designs.ts';
import {
  type BatchUnit,
  type NextBatchPreview,
  type NextBatchRequest,
  summariseBatch,
} from '../../../shared/sampling/next-batch.ts';
import { errors } from '../../errors.ts';
import type { Db } from '../../store/db.ts';
import { insertSampleBatch, nextBatchNumber } from '../../store/sample-batches.ts';
import { insertSample, insertSampleItem, insertSampleStratum } from '../../store/samples.ts';
import type { StudyRow } from '../../store/studies.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { type BatchPopulation, loadBatchPopulation } from './next-batch-units.ts';
import { latestSampleSummary } from './samples.ts';

/**
 * S_h for the Neyman design: the root mean of e(1 − e) over the stratum — the standard deviation of
 * an error indicator whose probability is the predicted error e (a proxy before any gold).
 */
function stratumSd(units: readonly BatchUnit[]): Map<string, number> {
  const sums = new Map<string, { sum: number; count: number }>();
  for (const unit of units) {
    const entry = sums.get(unit.stratum) ?? { sum: 0, count: 0 };
    entry.sum += unit.predictedError * (1 - unit.predictedError);
    entry.count += 1;
    sums.set(unit.stratum, entry);
  }
  return new Map([...sums].map(([stratum, { sum, count }]) => [stratum, Math.sqrt(sum / count)]));
}

/** The floor asked for, else `defaultFloor` (a share of the uniform chance n/N); refused above n/N. */
function floorOf(population: BatchPopulation, request: NextBatchRequest): number {
  const eligible = population.units.length;
  const uniform = request.size / eligible;
  if (request.floor === undefined) return defaultFloor(request.size, eligible);
  if (request.floor > uniform + 1e-12)
    throw errors.validation(
      `A floor of ${request.floor} is above the uniform chance n/N = ${request.size}/${eligible} = ${uniform.toFixed(4)} of this batch; ask for a floor of at most ${uniform.toFixed(4)}, or for a larger batch.`,
    );
  return request.floor;
}

function probabilitiesOf(
  population: BatchPopulation,
  request: NextBatchRequest,
  floor: number,
): Map<string, number> {
  try {
    return inclusionProbabilities(request.design, population.units, request.size, {
      floor,
      stratumSd: stratumSd(population.units),
    });
  } catch (error) {
    // The design refuses what cannot be drawn (a floor × eligible above the batch size, …): the caller's choice.
    throw errors.validation(
      `The ${request.design} design cannot draw this batch: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function plan(db: Db, study: StudyRow, request: NextBatchRequest) {
  const population = await loadBatchPopulation(db, study, request);
  const floor = floorOf(population, request);
  const probability = probabilitiesOf(population, request, floor);
  const preview: NextBatchPreview = {
    batch: await nextBatchNumber(db, study.id),
    extendsVersion: population.current.version,
    design: request.design,
    size: request.size,
    floor,
    eligible: population.units.length,
    primaryExtractor: population.primaryExtractor,
    ...summariseBatch(population.units, probability),
    notes: population.notes,
  };
  return { population, probability, preview };
}

/** What `drawNextBatch` would draw in expectation — counts per stratum, π range — with nothing written. */
export async function previewNextBatch(
  db: Db,
  study: StudyRow,
  request: NextBatchRequest,
): Promise<NextBatchPreview> {
  return (await plan(db, study, request)).preview;
}

/**
 * Extends the study's sample with a batch: a new sample version (excluding every earlier draw, so the
 * versions form the design together) whose items are drawn from the undrawn arguments with the
 * design's inclusion probabilities π (shared/sampling/designs.ts) from the seed; every item keeps its
 * π, weight 1/π and predicted error, and the batch its number, design and floor. The same seed on
 * the same study draws the same batch.
 */
export async function drawNextBatch(
  db: Db,
  study: StudyRow,
  request: NextBatchRequest,
  actor: AuditActor,
): Promise<{ sample: SampleSummary; batch: NextBatchPreview; drawn: number }> {
  return await db.transaction(async () => {
    const { population, probability, preview } = await plan(db, study, request);
    const drawnUnits = drawBatch(drawMethodOf(request.design), population.units, probability, request.seed);
    const units = new Map(population.units.map((unit) => [unit.id, unit]));
    const row = await insertSample(db, study.id, {
      seed: request.seed,
      size: request.size,
      allocation: { design: request.design },
      strataBy: population.strataBy,
      excludedPrevious: true,
    });
    const drawnPerStratum = new Map<string, number>();
    for (const [index, { id, inclusionProbability: pi }] of drawnUnits.entries()) {
      const unit = units.get(id);
      const rowId = population.rowIdOf.get(id);
      if (!unit || rowId === undefined) throw new Error(`the design drew an unknown argument ${id}`);
      drawnPerStratum.set(unit.stratum, (drawnPerStratum.get(unit.stratum) ?? 0) + 1);
      await insertSampleItem(db, row.id, {
        argumentRowId: rowId,
        stratum: unit.stratum,
        inclusionProbability: pi,
        weight: 1 / pi,
        drawOrder: index + 1,
        predictedError: unit.predictedError,
      });
    }
    for (const stratum of preview.strata)
      await insertSampleStratum(db, row.id, {
        stratum: stratum.stratum,
        populationSize: stratum.eligible,
        requested: Math.round(stratum.expected),
        drawn: drawnPerStratum.get(stratum.stratum) ?? 0,
      });
    await insertSampleBatch(db, {
      sampleId: row.id,
      batch: preview.batch,
      design: request.design,
      requested: request.size,
      probabilityFloor: preview.floor,
      primaryExtractor: population.primaryExtractor,
      extendsVersion: population.current.version,
    });
    await recordAudit(db, {
      studyId: study.id,
      actor,
      action: 'sample.draw',
      subject: `sample ${row.version}`,
      details: {
        batch: preview.batch,
        design: request.design,
        seed: request.seed,
        size: request.size,
        drawn: drawnUnits.length,
        floor: preview.floor,
      },
    });
    const sample = await latestSampleSummary(db, study);
    if (!sample) throw new Error('the batch vanished');
    return { sample, batch: preview, drawn: drawnUnits.length };
  });
}
