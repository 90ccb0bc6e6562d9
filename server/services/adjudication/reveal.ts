import type { ClassifiedDecision } from '../../../shared/adjudication-api.ts';
import type { Extraction } from '../../../shared/schemas/extraction.ts';
import { errors } from '../../errors.ts';
import { isFinalGold } from '../../store/adjudications.ts';
import type { StoredArgument } from '../../store/arguments.ts';
import { findExtraction } from '../../store/extractions.ts';
import { listExtractors } from '../../store/extractors.ts';
import { refreshErrorClasses } from '../extraction/error-classes.ts';
import { type AdjudicationRequest, openItem } from './item-context.ts';

/** One extractor of the study on a revealed item: its output, if any, classified against the gold. */
export interface RevealedExtractor {
  name: string;
  extraction: Extraction | undefined;
  decisions: ClassifiedDecision[];
}

/** A revealed item: the argument itself, and every extractor of the study on it. */
export interface RevealedItem {
  argument: StoredArgument;
  extractors: RevealedExtractor[];
}

/**
 * The staged reveal: once the item's gold is final (fixed or imported), the argument's identity and
 * every extractor's output classified against the gold (stored error classes, computed now when
 * missing or made stale by a new extraction). Before that, 403: the API refuses, not only the screen.
 */
export async function revealItem(request: AdjudicationRequest): Promise<RevealedItem> {
  const { db, study } = request;
  const { argument, gold } = await openItem(request);
  if (!gold || !isFinalGold(gold))
    throw errors.forbidden(
      'The extractors are shown only against fixed gold: decide every disagreement and fix the gold of this item first.',
    );
  const classified = await refreshErrorClasses(db, argument.rowId);
  return {
    argument,
    extractors: await Promise.all(
      (await listExtractors(db, study.id)).map(async (extractor) => ({
        name: extractor.name,
        extraction: await findExtraction(db, argument.rowId, extractor.id),
        decisions: classified.get(extractor.id) ?? [],
      })),
    ),
  };
}
