import { argumentStratum } from '../../../shared/sampling/argument-stratum.ts';
import type { Argument } from '../../../shared/schemas/argument.ts';
import type { DesignBatch, SampleDesign } from '../../../shared/scoring/index.ts';
import type { Mode } from '../../../shared/vocabulary.ts';
import type { Db } from '../../store/db.ts';
import { listSampleBatches, type SampleBatchRow } from '../../store/sample-batches.ts';
import { latestSample, listSampleItems, listSamples, type SampleRow } from '../../store/samples.ts';

/**
 * The design a report estimates under: the study's latest sample, with the stratum of every
 * argument recomputed from the sample's `strata_by` (so unsampled arguments have one too) and the
 * arguments the design drew — the latest version's items, plus every earlier version's when the
 * latest left earlier draws out (a top-up: together they are one stratified simple random sample;
 * shared/sampling/stratified-sample.ts). When a version of the design is an active batch (unequal
 * π), the design also lists every version's draw with its recorded π (`batches`), so the corrected
 * estimates weight by it (shared/scoring/batch-difference-estimator.ts); the report's notes say how.
 * `null` when the study has no sample.
 */
export async function loadDesign(
  db: Db,
  studyId: number,
  argumentsList: readonly Argument[],
  modeOfTriple: ReadonlyMap<string, Mode>,
): Promise<{ design: SampleDesign | null; notes: string[] }> {
  const latest = await latestSample(db, studyId);
  if (!latest) return { design: null, notes: [] };
  const notes: string[] = [];
  const strataBy = latest.strataBy;
  const versions = latest.excludedPrevious === 1 ? await listSamples(db, studyId) : [latest];
  if (versions.length > 1)
    notes.push(
      `Sample version ${latest.version} was drawn excluding earlier draws: versions ${versions.map((version) => version.version).join(', ')} form the design together.`,
    );
  const inDesign = new Set(versions.map((version) => version.id));
  const batches = (await listSampleBatches(db, studyId)).filter((batch) => inDesign.has(batch.sampleId));
  // An active batch's items have unequal π: the corrected estimates then need every version's draw
  // and π (docs/decisions/019-unequal-probability-batches.md); without one the design is as before.
  const weighted = batches.some((batch) => batch.design === 'active')
    ? await designBatches(db, versions, batches)
    : undefined;
  const sampled = new Set<string>();
  const storedStratum = new Map<string, string>();
  for (const version of versions)
    for (const item of await listSampleItems(db, version.id)) {
      sampled.add(item.argumentId);
      if (version.id === latest.id) storedStratum.set(item.argumentId, item.stratum);
    }
  const strata = argumentsList.map((argument) => ({
    argumentId: argument.id,
    stratum: argumentStratum(argument, strataBy, modeOfTriple.get(argument.triple_id)),
  }));
  const moved = strata.filter(({ argumentId, stratum }) => {
    const stored = storedStratum.get(argumentId);
    return stored !== undefined && stored !== stratum;
  }).length;
  if (moved > 0)
    notes.push(
      `${moved} sampled argument(s) now fall in another stratum than when sample version ${latest.version} was drawn (their attributes changed); they are counted in their current stratum.`,
    );
  return {
    design: {
      version: latest.version,
      strataBy,
      excludedPrevious: latest.excludedPrevious === 1,
      strata,
      sampled: [...sampled],
      ...(weighted ? { batches: weighted } : {}),
    },
    notes,
  };
}

/** Every version of the design, oldest first, with how it was drawn and each argument's recorded π. */
async function designBatches(
  db: Db,
  versions: readonly SampleRow[],
  batches: readonly SampleBatchRow[],
): Promise<DesignBatch[]> {
  const batchOf = new Map(batches.map((batch) => [batch.sampleId, batch]));
  return await Promise.all(
    [...versions]
      .sort((a, b) => a.version - b.version)
      .map(async (version) => {
        const batch = batchOf.get(version.id);
        return {
          version: version.version,
          ...(batch ? { batch: batch.batch } : {}),
          excludedPrevious: version.excludedPrevious === 1,
          // Only the active design draws by Poisson; a draw or a stratified/Neyman batch is a stratified SRS.
          draw: batch?.design === 'active' ? 'poisson' : 'srs',
          drawn: (await listSampleItems(db, version.id)).map((item) => ({
            argumentId: item.argumentId,
            inclusionProbability: item.inclusionProbability,
          })),
        };
      }),
  );
}
