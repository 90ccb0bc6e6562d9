import { RULES_EXTRACTOR_NAME } from '../../../shared/rules/index.ts';
import type { StratumAttribute } from '../../../shared/sample-api.ts';
import { argumentStratum } from '../../../shared/sampling/argument-stratum.ts';
import type { BatchUnit, NextBatchRequest } from '../../../shared/sampling/next-batch.ts';
import { type ExtractionReading, predictedError } from '../../../shared/sampling/predicted-error.ts';
import { choosePrimaryExtractor } from '../../../shared/scoring/primary-extractor.ts';
import { errors } from '../../errors.ts';
import { listArguments } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import { listExtractions } from '../../store/extractions.ts';
import { listExtractors } from '../../store/extractors.ts';
import { latestSample, type SampleRow, sampledArgumentRowIds } from '../../store/samples.ts';
import type { StudyRow } from '../../store/studies.ts';
import { listTriples } from '../../store/triples.ts';

/** The arguments a batch may draw, each with its stratum and predicted error, and what they came from. */
export interface BatchPopulation {
  current: SampleRow;
  strataBy: StratumAttribute[];
  primaryExtractor: string | null;
  units: BatchUnit[];
  /** Argument row id of every unit's id. */
  rowIdOf: Map<string, number>;
  notes: string[];
}

const CLI = 'npm run -s cli --';

/**
 * The extractor compared with the rules extractor: the one asked for (it must have extractions), else
 * the report's default among the study's other extractors (shared/scoring/primary-extractor.ts), else none.
 */
async function primaryOf(db: Db, study: StudyRow, requested: string | undefined): Promise<string | null> {
  const others = (await listExtractors(db, study.id))
    .map((extractor) => extractor.name)
    .filter((name) => name !== RULES_EXTRACTOR_NAME);
  if (requested === undefined) return choosePrimaryExtractor(others).extractor;
  if (requested === RULES_EXTRACTOR_NAME) return null;
  if (!others.includes(requested))
    throw errors.notFound(
      `Extractor "${requested}" in study "${study.name}" (its extractions: ${others.join(', ') || 'none yet'}; leave out --extractor for the default)`,
    );
  return requested;
}

const byArgument = (records: readonly (ExtractionReading & { argument_id: string })[]) =>
  new Map(records.map((record) => [record.argument_id, record]));

/**
 * Loads the population of the study's next batch: the arguments no sample version has drawn, in
 * the strata of the current (latest) sample, each scored by `predictedError` from the rules
 * extractor's and the primary extractor's stored records. Refuses, saying what to do, a study
 * without a sample, without extractions to score, or with fewer undrawn arguments than asked for.
 */
export async function loadBatchPopulation(
  db: Db,
  study: StudyRow,
  request: NextBatchRequest,
): Promise<BatchPopulation> {
  const current = await latestSample(db, study.id);
  if (!current)
    throw errors.validation(
      `Study "${study.name}" has no sample to extend; draw the first one with: ${CLI} sample --size 50 --seed N`,
    );
  const strataBy = current.strataBy;
  const primaryExtractor = await primaryOf(db, study, request.extractor);
  const rules = byArgument(await listExtractions(db, study.id, RULES_EXTRACTOR_NAME));
  const primary = byArgument(
    primaryExtractor === null ? [] : await listExtractions(db, study.id, primaryExtractor),
  );
  if (rules.size === 0 && primary.size === 0)
    throw errors.validation(
      `Study "${study.name}" has no extractions to score the arguments by; run the rules extractor first: ${CLI} extract --extractor rules`,
    );
  const sampled = await sampledArgumentRowIds(db, study.id);
  const modeOfTriple = new Map(
    (await listTriples(db, study.id)).map((triple) => [triple.rowId, triple.record.mode]),
  );
  const eligible = (await listArguments(db, study.id)).filter((argument) => !sampled.has(argument.rowId));
  if (request.size > eligible.length)
    throw errors.validation(
      eligible.length === 0
        ? `Every argument of study "${study.name}" is already in its sample; there is nothing left to draw.`
        : `A batch of ${request.size} was asked for, but only ${eligible.length} argument(s) of study "${study.name}" are not sampled yet; ask for at most ${eligible.length}.`,
    );
  const notes: string[] = [];
  let unscored = 0;
  const units = eligible.map((argument): BatchUnit => {
    const id = argument.record.id;
    const rulesRecord = rules.get(id) ?? null;
    const primaryRecord = primary.get(id) ?? null;
    if (!rulesRecord && !primaryRecord) unscored += 1;
    return {
      id,
      stratum: argumentStratum(argument.record, strataBy, modeOfTriple.get(argument.tripleRowId)),
      predictedError: predictedError({
        textLength: argument.record.text.length,
        rules: rulesRecord,
        primary: primaryRecord,
      }).value,
    };
  });
  if (request.design === 'active')
    notes.push(
      'Once this batch has gold, the report weights it by the recorded π (docs/decisions/019-unequal-probability-batches.md): the arguments drawn before it count as a known sum and it estimates the rest with weights 1/π, so its intervals rest on the gold of this batch alone.',
    );
  if (unscored > 0)
    notes.push(
      `${unscored} undrawn argument(s) have no extraction; their predicted error rests on their length alone (run: ${CLI} extract --extractor rules).`,
    );
  if (primaryExtractor === null)
    notes.push('No extractor besides the rules extractor: the predicted error has no disagreement term.');
  return {
    current,
    strataBy,
    primaryExtractor,
    units,
    rowIdOf: new Map(eligible.map((argument) => [argument.record.id, argument.rowId])),
    notes,
  };
}
