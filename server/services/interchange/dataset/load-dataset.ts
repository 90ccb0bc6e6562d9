import type { DatasetSource } from '../../../../shared/dataset/build-records.ts';
import { datasetAnnotatorOrder } from '../../../../shared/dataset/pseudonyms.ts';
import type { DatasetSampleDesign } from '../../../../shared/dataset/sample-design.ts';
import { findAdjudicationItem } from '../../../store/adjudication-items.ts';
import { ACCEPTED_NOTE, listFinalGold } from '../../../store/adjudications.ts';
import { listAnnotations, type StoredAnnotation } from '../../../store/annotations.ts';
import { listArguments } from '../../../store/arguments.ts';
import type { Db } from '../../../store/db.ts';
import { listErrorClasses } from '../../../store/error-classes.ts';
import { listExtractions } from '../../../store/extractions.ts';
import { listSampleItems, listSampleStrata, listSamples } from '../../../store/samples.ts';
import type { StudyRow } from '../../../store/studies.ts';
import { listTriples } from '../../../store/triples.ts';
import { comparedAnnotations } from '../../adjudication/item-context.ts';

/**
 * Each argument's submitted annotations in dataset order (`datasetAnnotatorOrder`): the pair its
 * adjudication compares, as A then B — the order the adjudicator saw, seeded by the item's key — then
 * the rest by name. Arguments without an adjudication key yet are ordered by name.
 */
async function inDatasetOrder(db: Db, submitted: readonly StoredAnnotation[]): Promise<StoredAnnotation[]> {
  const byArgument = new Map<number, StoredAnnotation[]>();
  for (const annotation of submitted) {
    const list = byArgument.get(annotation.argumentRowId) ?? [];
    list.push(annotation);
    byArgument.set(annotation.argumentRowId, list);
  }
  const ordered: StoredAnnotation[] = [];
  for (const [argumentRowId, annotations] of byArgument) {
    const item = annotations.length >= 2 ? await findAdjudicationItem(db, argumentRowId) : undefined;
    const pair = item
      ? (await comparedAnnotations(db, argumentRowId, item.itemKey)).annotations.map((a) => a.annotator)
      : [];
    const order = datasetAnnotatorOrder(
      annotations.map((annotation) => annotation.annotator),
      pair,
    );
    for (const name of order) {
      const annotation = annotations.find((candidate) => candidate.annotator === name);
      if (annotation) ordered.push(annotation);
    }
  }
  return ordered;
}

/**
 * Everything `buildDatasetRecords` needs from one study, read in one pass: triples, arguments,
 * submitted annotations (in dataset order), final gold (accepted when its note says so), every
 * extraction, the stored error classes made against the current gold version, and every sample
 * version's rows — plus the sample design for `sample.json`.
 */
export async function loadDatasetSource(
  db: Db,
  study: StudyRow,
): Promise<{ source: DatasetSource; sample: DatasetSampleDesign }> {
  const gold = await listFinalGold(db, study.id);
  const goldVersion = new Map(gold.map((record) => [record.argumentExternalId, record.version]));
  const samples = await listSamples(db, study.id);
  return {
    source: {
      triples: (await listTriples(db, study.id)).map((triple) => triple.record),
      arguments: (await listArguments(db, study.id)).map((argument) => argument.record),
      annotations: (await inDatasetOrder(db, await listAnnotations(db, study.id, 'submitted'))).map(
        (annotation) => ({
          argumentId: annotation.argumentExternalId,
          annotator: annotation.annotator,
          secondsSpent: annotation.secondsSpent,
          judgement: annotation.judgement,
        }),
      ),
      gold: gold.map((record) => ({
        argumentId: record.argumentExternalId,
        status: record.status === 'imported' ? 'imported' : 'fixed',
        accepted: record.status === 'fixed' && record.note === ACCEPTED_NOTE,
        adjudicator: record.adjudicator,
        decisions: record.decisions,
        judgement: record.judgement,
      })),
      extractions: await listExtractions(db, study.id),
      errorClasses: (await listErrorClasses(db, study.id))
        .filter((entry) => goldVersion.get(entry.argumentExternalId) === entry.goldVersion)
        .map((entry) => ({
          argumentId: entry.argumentExternalId,
          extractor: entry.extractor,
          decisions: entry.decisions,
        })),
      sampleRows: (
        await Promise.all(
          samples.map(async (sample) =>
            (
              await listSampleItems(db, sample.id)
            ).map((item) => ({
              argumentId: item.argumentId,
              version: sample.version,
              stratum: item.stratum,
              inclusionProbability: item.inclusionProbability,
              weight: item.weight,
            })),
          ),
        )
      ).flat(),
    },
    sample: {
      versions: await Promise.all(
        samples.map(async (sample) => ({
          version: sample.version,
          seed: sample.seed,
          size: sample.size,
          allocation: sample.allocation,
          strata_by: sample.strataBy,
          excluded_previous: sample.excludedPrevious === 1,
          strata: (await listSampleStrata(db, sample.id)).map((stratum) => ({
            stratum: stratum.stratum,
            population_size: stratum.populationSize,
            requested: stratum.requested,
            drawn: stratum.drawn,
          })),
        })),
      ),
    },
  };
}
