import type { ClassifiedDecision } from '../../../shared/adjudication-api.ts';
import { classifyExtraction } from '../../../shared/scoring/error-classes.ts';
import type { ErrorClassInput } from '../../../shared/scoring/report-input.ts';
import { findGold, isFinalGold, listGoldOfArguments } from '../../store/adjudications.ts';
import type { Db } from '../../store/db.ts';
import {
  listErrorClasses,
  listErrorClassesOfArgument,
  listErrorClassesOfArguments,
  upsertErrorClasses,
  upsertManyErrorClasses,
} from '../../store/error-classes.ts';
import {
  listExtractionsOfArguments,
  listExtractionsOfArgumentWithExtractor,
} from '../../store/extractions.ts';

/**
 * The error classes of every extractor's output on one argument against its final gold, by extractor
 * id: the stored ones, and those missing (never computed, or removed because the extraction or the gold
 * changed: migration 006's triggers) computed now by `classifyExtraction` and stored. Extractors
 * without usable output (missing, failed) have none. Empty when the gold is not final.
 *
 * Called when gold becomes final (fixed, accepted, imported), when an extraction of an argument with
 * final gold is written (import, extraction run), and by the reveal.
 */
export async function refreshErrorClasses(
  db: Db,
  argumentRowId: number,
): Promise<Map<number, ClassifiedDecision[]>> {
  const gold = await findGold(db, argumentRowId);
  if (!gold || !isFinalGold(gold)) return new Map();
  // The map starts inside the body: PostgreSQL may run it twice (docs/decisions/022).
  return await db.transaction(async () => {
    const classified = new Map<number, ClassifiedDecision[]>();
    const stored = new Map(
      (await listErrorClassesOfArgument(db, argumentRowId))
        .filter((entry) => entry.goldVersion === gold.version)
        .map((entry) => [entry.extractorId, entry.decisions]),
    );
    for (const { extractorId, extraction } of await listExtractionsOfArgumentWithExtractor(
      db,
      argumentRowId,
    )) {
      if (extraction.status !== 'extracted') continue;
      let decisions = stored.get(extractorId);
      if (!decisions) {
        decisions = classifyExtraction(gold.judgement, extraction);
        await upsertErrorClasses(db, { argumentRowId, extractorId, goldVersion: gold.version, decisions });
      }
      classified.set(extractorId, decisions);
    }
    return classified;
  });
}

/**
 * `refreshErrorClasses` of many arguments (an import's batch), with the same outcome, in a few
 * statements per 500 arguments instead of several per argument: their final gold, their stored
 * classifications and their extractions read at once, the missing classifications written at once.
 */
export async function refreshErrorClassesOf(db: Db, argumentRowIds: readonly number[]): Promise<void> {
  const ids = [...new Set(argumentRowIds)];
  if (ids.length === 0) return;
  const gold = new Map(
    (await listGoldOfArguments(db, ids)).filter(isFinalGold).map((entry) => [entry.argumentRowId, entry]),
  );
  if (gold.size === 0) return;
  const withGold = [...gold.keys()];
  const stored = new Set(
    (await listErrorClassesOfArguments(db, withGold))
      .filter((entry) => entry.goldVersion === gold.get(entry.argumentRowId)?.version)
      .map((entry) => `${entry.argumentRowId}/${entry.extractorId}`),
  );
  const missing = [];
  for (const { argumentRowId, extractorId, extraction } of await listExtractionsOfArguments(db, withGold)) {
    const final = gold.get(argumentRowId);
    if (!final || extraction.status !== 'extracted' || stored.has(`${argumentRowId}/${extractorId}`))
      continue;
    missing.push({
      argumentRowId,
      extractorId,
      goldVersion: final.version,
      decisions: classifyExtraction(final.judgement, extraction),
    });
  }
  await upsertManyErrorClasses(db, missing);
}

/**
 * The study's stored classifications as the report reads them (by argument id and extractor name).
 * Read only: a classification not stored yet is computed by the report itself, with the same function.
 */
export async function storedErrorClasses(db: Db, studyId: number): Promise<ErrorClassInput[]> {
  return (await listErrorClasses(db, studyId)).map((entry) => ({
    argumentId: entry.argumentExternalId,
    extractor: entry.extractor,
    decisions: entry.decisions,
  }));
}
