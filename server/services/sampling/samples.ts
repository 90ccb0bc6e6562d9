import type { DrawSampleRequest, SampleSummary } from '../../../shared/sample-api.ts';
import { argumentStratum, drawStratifiedSample } from '../../../shared/sampling/index.ts';
import { errors } from '../../errors.ts';
import { listArguments } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import {
  findSample,
  insertSample,
  insertSampleItem,
  insertSampleStratum,
  latestSample,
  listSampleItems,
  listSampleStrata,
  listSamples,
  type SampleRow,
  sampledArgumentRowIds,
} from '../../store/samples.ts';
import type { StudyRow } from '../../store/studies.ts';
import { listTriples } from '../../store/triples.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';

export type { SampleSummary };

function summarise(db: Db, sample: SampleRow): SampleSummary {
  const strata = listSampleStrata(db, sample.id);
  return {
    version: sample.version,
    seed: sample.seed,
    size: sample.size,
    drawn: strata.reduce((sum, stratum) => sum + stratum.drawn, 0),
    allocation: sample.allocation,
    strataBy: sample.strataBy,
    excludedPrevious: sample.excludedPrevious === 1,
    createdAt: sample.createdAt,
    strata,
  };
}

/**
 * Draws a new version of the study's stratified sample (see shared/sampling) and stores it with every
 * item's stratum, inclusion probability and design weight. Earlier versions stay as they were.
 */
export function drawSample(
  db: Db,
  study: StudyRow,
  request: DrawSampleRequest,
  actor: AuditActor,
): { sample: SampleSummary; warnings: string[] } {
  const population = listArguments(db, study.id);
  if (population.length === 0)
    throw errors.validation(`Study "${study.name}" has no arguments to sample; import some first.`);
  const modeOfTriple = new Map(listTriples(db, study.id).map((triple) => [triple.rowId, triple.record.mode]));
  const byId = new Map(population.map((argument) => [argument.record.id, argument]));
  const excludedRows = request.excludeSampled ? sampledArgumentRowIds(db, study.id) : new Set<number>();
  const drawn = drawStratifiedSample({
    population,
    id: (argument) => argument.record.id,
    stratumOf: (argument) =>
      argumentStratum(argument.record, request.strata, modeOfTriple.get(argument.tripleRowId)),
    size: request.size,
    allocation: request.allocation,
    seed: request.seed,
    exclude: new Set(
      population.filter((argument) => excludedRows.has(argument.rowId)).map((argument) => argument.record.id),
    ),
  });
  const sample = db.transaction(() => {
    const row = insertSample(db, study.id, {
      seed: request.seed,
      size: request.size,
      allocation: request.allocation,
      strataBy: request.strata,
      excludedPrevious: request.excludeSampled,
    });
    for (const stratum of drawn.strata) insertSampleStratum(db, row.id, stratum);
    drawn.items.forEach((item, index) => {
      const argument = byId.get(item.id);
      if (!argument) throw new Error(`sampled an unknown argument ${item.id}`);
      insertSampleItem(db, row.id, {
        argumentRowId: argument.rowId,
        stratum: item.stratum,
        inclusionProbability: item.inclusionProbability,
        weight: item.weight,
        drawOrder: index + 1,
      });
    });
    recordAudit(db, {
      studyId: study.id,
      actor,
      action: 'sample.draw',
      subject: `sample ${row.version}`,
      details: { seed: request.seed, size: request.size, drawn: drawn.items.length, strata: request.strata },
    });
    return row;
  });
  return { sample: summarise(db, sample), warnings: drawn.warnings };
}

export function requireSample(db: Db, study: StudyRow, version?: number): SampleRow {
  const sample = version === undefined ? latestSample(db, study.id) : findSample(db, study.id, version);
  if (!sample)
    throw errors.notFound(
      version === undefined
        ? `A sample of study "${study.name}" (draw one with: npm run -s cli -- sample --size 50 --seed N)`
        : `Sample version ${version} of study "${study.name}"`,
    );
  return sample;
}

export function listSampleSummaries(db: Db, study: StudyRow): SampleSummary[] {
  return listSamples(db, study.id).map((sample) => summarise(db, sample));
}

export function latestSampleSummary(db: Db, study: StudyRow): SampleSummary | null {
  const sample = latestSample(db, study.id);
  return sample ? summarise(db, sample) : null;
}

/** The records of `export sample`: argument id, stratum, inclusion probability, weight. */
export function sampleRecords(db: Db, study: StudyRow, version?: number) {
  const sample = requireSample(db, study, version);
  return listSampleItems(db, sample.id).map((item) => ({
    argument_id: item.argumentId,
    sample_version: sample.version,
    stratum: item.stratum,
    inclusion_probability: item.inclusionProbability,
    weight: item.weight,
  }));
}
