import { type Extraction, extractionSchema } from '../../../shared/schemas/extraction.ts';
import type { Db } from '../../store/db.ts';
import { upsertExtraction } from '../../store/extractions.ts';
import { refreshErrorClasses } from './error-classes.ts';
import type { ExtractionResult } from './extractor.ts';

/** Where one extraction is stored: the argument, the extractor and the run that made it. */
export interface ExtractionTarget {
  argumentRowId: number;
  /** The argument's external id (what the extractions format names). */
  argumentId: string;
  extractorId: number;
  extractorName: string;
  runId: number | null;
}

/**
 * Stores one extractor result, whichever path produced it (a synchronous call, a batch output line,
 * the cache, the rules): validated by the extractions schema (a failed result must carry its error
 * and no factors, so it is never stored as an empty extraction), then in one transaction the
 * result's own rows (`alsoWrite`: the call's provenance), the extraction (replacing the extractor's
 * earlier one for the argument) and the argument's error classes when its gold is final.
 */
export async function writeExtraction(
  db: Db,
  target: ExtractionTarget,
  result: ExtractionResult,
): Promise<Extraction> {
  const { cost: _cost, alsoWrite, ...fields } = result;
  const extraction = extractionSchema.parse({
    ...fields,
    argument_id: target.argumentId,
    extractor: target.extractorName,
  });
  await db.transaction(async () => {
    await alsoWrite?.();
    await upsertExtraction(db, extraction, target.argumentRowId, target.extractorId, target.runId);
    await refreshErrorClasses(db, target.argumentRowId);
  });
  return extraction;
}
