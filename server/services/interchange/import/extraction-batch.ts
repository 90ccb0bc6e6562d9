import { findArgumentRowIds } from '../../../store/arguments.ts';
import {
  type ExtractionInsert,
  insertExtractions,
  listExtractionsOfArguments,
  upsertExtraction,
} from '../../../store/extractions.ts';
import { ensureExtractor, insertExtractionRun } from '../../../store/extractors.ts';
import { refreshErrorClassesOf } from '../../extraction/error-classes.ts';
import { type ApplyContext, reconcile } from './reconcile.ts';

/**
 * Checks, reconciles and writes the extractions kept back (`ApplyContext.pendingExtractions`), in
 * file order, by the rules one record at a time followed: the argument must be stored (a problem
 * otherwise), the extractor is created when new, a stored extraction is compared (`reconcile`). The
 * reads are one per batch — the arguments' row ids (no texts), their stored extractions — instead of
 * two per record; new extractions are inserted together, a replaced one is written at once; then the
 * error classes of the arguments written that have final gold, together. Keeping them back changes
 * no outcome: no record of the batch reads another's row (`reconcile` compares repeats in the file
 * with the first, never with the table), and nothing else runs until the batch is written.
 */
export async function flushExtractions(context: ApplyContext): Promise<void> {
  const batch = context.pendingExtractions.splice(0);
  if (batch.length === 0) return;
  const { db, studyId } = context;
  const rowIds = await findArgumentRowIds(db, studyId, [
    ...new Set(batch.map(({ extraction }) => extraction.argument_id)),
  ]);
  const stored = new Map(
    (await listExtractionsOfArguments(db, [...new Set(rowIds.values())])).map((entry) => [
      `${entry.argumentRowId}/${entry.extractorId}`,
      entry.extraction,
    ]),
  );
  const inserts: ExtractionInsert[] = [];
  const written: number[] = [];
  for (const { line, extraction } of batch) {
    const argumentRowId = rowIds.get(extraction.argument_id);
    if (argumentRowId === undefined) {
      context.problems.push({
        line,
        message: `argument_id: no argument "${extraction.argument_id}" in study "${context.studyName}"; import the arguments first`,
      });
      continue;
    }
    let extractor = context.extractors.get(extraction.extractor);
    if (!extractor) {
      extractor = await ensureExtractor(db, studyId, extraction.extractor, 'imported');
      context.extractors.set(extraction.extractor, extractor);
    }
    const extractorId = extractor.id;
    await reconcile(
      context,
      line,
      `extraction of "${extraction.argument_id}" by ${extraction.extractor}`,
      extraction,
      stored.get(`${argumentRowId}/${extractorId}`),
      async (action) => {
        const runId = await importRun(context, extractorId);
        if (action === 'insert') inserts.push({ extraction, argumentRowId, extractorId, runId });
        else await upsertExtraction(db, extraction, argumentRowId, extractorId, runId);
        written.push(argumentRowId);
        return undefined;
      },
    );
  }
  await insertExtractions(db, inserts);
  await refreshErrorClassesOf(db, written);
}

/** One extraction run per extractor per import, recording the file it came from. */
async function importRun(context: ApplyContext, extractorId: number): Promise<number> {
  let runId = context.extractionRuns.get(extractorId);
  if (runId === undefined) {
    runId = await insertExtractionRun(
      context.db,
      extractorId,
      { source: 'import', file: context.fileName, sha256: context.sha256 },
      await context.importId(),
    );
    context.extractionRuns.set(extractorId, runId);
  }
  return runId;
}
