import { argumentStratum } from '../../../shared/sampling/argument-stratum.ts';
import type { Argument } from '../../../shared/schemas/argument.ts';
import type { SampleDesign } from '../../../shared/scoring/index.ts';
import type { Mode } from '../../../shared/vocabulary.ts';
import type { Db } from '../../store/db.ts';
import { listSampleBatches } from '../../store/sample-batches.ts';
import { latestSample, listSampleItems, listSamples } from '../../store/samples.ts';

/**
 * The design a report estimates under: the study's latest sample, with the stratum of every
 * argument recomputed from the sample's `strata_by` (so unsampled arguments have one too) and the
 * arguments the design drew — the latest version's items, plus every earlier version's when the
 * latest left earlier draws out (a top-up: together they are one stratified simple random sample;
 * shared/sampling/stratified-sample.ts). `null` when the study has no sample.
 */
export function loadDesign(
  db: Db,
  studyId: number,
  argumentsList: readonly Argument[],
  modeOfTriple: ReadonlyMap<string, Mode>,
): { design: SampleDesign | null; notes: string[] } {
  const latest = latestSample(db, studyId);
  if (!latest) return { design: null, notes: [] };
  const notes: string[] = [];
  const strataBy = latest.strataBy;
  const versions = latest.excludedPrevious === 1 ? listSamples(db, studyId) : [latest];
  if (versions.length > 1)
    notes.push(
      `Sample version ${latest.version} was drawn excluding earlier draws: versions ${versions.map((version) => version.version).join(', ')} form the design together.`,
    );
  const inDesign = new Set(versions.map((version) => version.id));
  const active = listSampleBatches(db, studyId).filter(
    (batch) => batch.design === 'active' && inDesign.has(batch.sampleId),
  );
  // An active batch's items have unequal π (docs/decisions/019-unequal-probability-batches.md); the
  // corrected figures below still weight every stratum's items alike, so say so rather than hide it.
  if (active.length > 0)
    notes.push(
      `Batch ${active.map((batch) => batch.batch).join(', ')} was drawn with the active design (unequal inclusion probabilities); the corrected estimates do not yet weight its arguments by 1/π and treat the sample as stratified, which can bias them toward the arguments the extractor is likely to get wrong. Use the gold figures, or draw stratified batches, until the report weights them.`,
    );
  const sampled = new Set<string>();
  const storedStratum = new Map<string, string>();
  for (const version of versions)
    for (const item of listSampleItems(db, version.id)) {
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
    },
    notes,
  };
}
