import type { Annotation, Gold } from '../../../../shared/schemas/annotation.ts';
import type { Extraction } from '../../../../shared/schemas/extraction.ts';
import { insertArguments } from '../../../store/arguments.ts';
import { BATCH_ROWS } from '../../../store/batches.ts';
import { flushExtractions } from './extraction-batch.ts';
import { flushAnnotations, flushGold } from './judgement-batches.ts';
import type { ApplyContext } from './reconcile.ts';

/**
 * The records an import keeps back to write many at a time: new arguments (their checks done at
 * once, their INSERTs together), and extractions, annotations and gold (checked, reconciled and
 * written a batch of up to BATCH_ROWS at a time: extraction-batch.ts, judgement-batches.ts). The rule
 * that keeps every outcome as it was one record at a time: before a record of one kind is kept back,
 * whatever another kind keeps back is written (`flushPending`), and so before every record that is
 * not kept back and before the import ends — so at most one kind waits at a time, and nothing
 * reads a table while records for it wait.
 */
type KeptKind = 'arguments' | 'extractions' | 'annotations' | 'gold';

/** Writes the new arguments `applyArgument` has kept back (see `ApplyContext.pendingArguments`). */
export async function flushArguments(context: ApplyContext): Promise<void> {
  if (context.pendingArguments.length === 0) return;
  const rows = context.pendingArguments.splice(0);
  await insertArguments(context.db, context.studyId, rows, await context.importId());
}

/** Writes every record kept back, but those of `except` (the kind about to be kept back). */
export async function flushPending(context: ApplyContext, except?: KeptKind): Promise<void> {
  // Called before every record: the lengths are looked at first, so a record of the kind that waits
  // costs no call.
  if (except !== 'arguments' && context.pendingArguments.length > 0) await flushArguments(context);
  if (except !== 'extractions' && context.pendingExtractions.length > 0) await flushExtractions(context);
  if (except !== 'annotations' && context.pendingAnnotations.length > 0) await flushAnnotations(context);
  if (except !== 'gold' && context.pendingGold.length > 0) await flushGold(context);
}

/** An extraction, kept back; written with the others of its batch (`flushExtractions`). */
export async function applyExtraction(
  context: ApplyContext,
  line: number,
  extraction: Extraction,
): Promise<void> {
  await flushPending(context, 'extractions');
  context.pendingExtractions.push({ line, extraction });
  if (context.pendingExtractions.length >= BATCH_ROWS) await flushExtractions(context);
}

/**
 * An annotation, kept back; written with the others of its batch (`flushAnnotations`).
 * `secondsSpent`: the annotator's active time when the source records it (a dataset).
 */
export async function applyAnnotation(
  context: ApplyContext,
  line: number,
  annotation: Annotation,
  secondsSpent?: number,
): Promise<void> {
  await flushPending(context, 'annotations');
  context.pendingAnnotations.push({ line, annotation, secondsSpent });
  if (context.pendingAnnotations.length >= BATCH_ROWS) await flushAnnotations(context);
}

/** Gold, kept back; written with the others of its batch (`flushGold`). */
export async function applyGold(context: ApplyContext, line: number, gold: Gold): Promise<void> {
  await flushPending(context, 'gold');
  context.pendingGold.push({ line, gold });
  if (context.pendingGold.length >= BATCH_ROWS) await flushGold(context);
}
