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

async function summarise(db: Db, sample: SampleRow): Promise<SampleSummary> {
  const strata = await listSampleStrata(db, sample.id);
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
export async function drawSample(
  db: Db,
  study: StudyRow,
  request: DrawSampleRequest,
  actor: AuditActor,
): Promise<{ sample: SampleSummary; warnings: string[] }> {
  const population = await listArguments(db, study.id);
  if (population.length === 0)
    throw errors.validation(`Study "${study.name}" has no arguments to sample; import some first.`);
  const modeOfTriple = new Map(
    (await listTriples(db, study.id)).map((triple) => [triple.rowId, triple.record.mode]),
  );
  const byId = new Map(population.map((argument) => [argument.record.id, argument]));
  const excludedRows = request.excludeSampled ? await sampledArgumentRowIds(db, study.id) : new Set<number>();
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
  const sample = await db.transaction(async () => {
    const row = await insertSample(db, study.id, {
      seed: request.seed,
      size: request.size,
      allocation: request.allocation,
      strataBy: request.strata,
      excludedPrevious: request.excludeSampled,
    });
    for (const stratum of drawn.strata) await insertSampleStratum(db, row.id, stratum);
    for (const [index, item] of drawn.items.entries()) {
      const argument = byId.get(item.id);
      if (!argument) throw new Error(`sampled an unknown argument ${item.id}`);
      await insertSampleItem(db, row.id, {
        argumentRowId: argument.rowId,
        stratum: item.stratum,
        inclusionProbability: item.inclusionProbability,
        weight: item.weight,
        drawOrder: index + 1,
      });
    }
    await recordAudit(db, {
      studyId: study.id,
      actor,
      action: 'sample.draw',
      subject: `sample ${row.version}`,
      details: { seed: request.seed, size: request.size, drawn: drawn.items.length, strata: request.strata },
    });
    return row;
  });
  return { sample: await summarise(db, sample), warnings: drawn.warnings };
}

export async function requireSample(db: Db, study: StudyRow, version?: number): Promise<SampleRow> {
  const sample =
    version === undefined ? await latestSample(db, study.id) : await findSample(db, study.id, version);
  if (!sample)
    throw errors.notFound(
      version === undefined
        ? `A sample of study "${study.name}" (draw one with: npm run -s cli -- sample --size 50 --seed N)`
        : `Sample version ${version} of study "${study.name}"`,
    );
  return sample;
}

export async function listSampleSummaries(db: Db, study: StudyRow): Promise<SampleSummary[]> {
  return await Promise.all(
    (await listSamples(db, study.id)).map(async (sample) => await summarise(db, sample)),
  );
}

export async function latestSampleSummary(db: Db, study: StudyRow): Promise<SampleSummary | null> {
  const sample = await latestSample(db, study.id);
  return sample ? await summarise(db, sample) : null;
}

/** The records of `export sample`: argument id, stratum, inclusion probability, weight. */
export async function sampleRecords(db: Db, study: StudyRow, version?: number) {
  const sample = await requireSample(db, study, version);
  return (await listSampleItems(db, sample.id)).map((item) => ({
    argument_id: item.argumentId,
    sample_version: sample.version,
    stratum: item.stratum,
    inclusion_probability: item.inclusionProbability,
    weight: item.weight,
  }));
}
