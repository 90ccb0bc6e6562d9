import { orderForAdjudication } from '../../../shared/adjudication/annotator-order.ts';
import { disagreements } from '../../../shared/adjudication/disagreements.ts';
import type { Disagreement } from '../../../shared/adjudication-api.ts';
import { byCodeUnits } from '../../../shared/sampling/code-unit-order.ts';
import { errors } from '../../errors.ts';
import {
  type AdjudicationCandidate,
  type AdjudicationItemRow,
  assignedUserIds,
  ensureAdjudicationItem,
  findAdjudicationItemByKey,
  isInvolved,
  listAdjudicationCandidates,
} from '../../store/adjudication-items.ts';
import { findGold, type StoredGold } from '../../store/adjudications.ts';
import { listAnnotationsOfArgument, type StoredAnnotation } from '../../store/annotations.ts';
import { findArgumentByRowId, type StoredArgument } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import type { StudyRow } from '../../store/studies.ts';
import type { User } from '../../store/users.ts';

/** One adjudication item as a request names it: by its opaque key, in a study, for the caller. */
export interface AdjudicationRequest {
  db: Db;
  study: StudyRow;
  user: User;
  itemKey: string;
}

/** Everything a service needs of an opened item. */
export interface ItemContext {
  argument: StoredArgument;
  item: AdjudicationItemRow;
  /** The annotations compared, A first then B (one when the item was annotated once). */
  annotations: StoredAnnotation[];
  disagreements: Disagreement[];
  gold: StoredGold | undefined;
}

/**
 * Whether an item is ready for adjudication: with assignments, every assigned annotator has
 * submitted; without (imported annotations), at least two annotations are submitted.
 */
export function isReady(
  candidate: Pick<AdjudicationCandidate, 'assigned' | 'assignedSubmitted' | 'submitted'>,
) {
  return candidate.assigned > 0
    ? candidate.assignedSubmitted === candidate.assigned
    : candidate.submitted >= 2;
}

/** The ready items the caller may adjudicate (not their own work), in queue order, each with its key. */
export interface QueueEntry {
  candidate: AdjudicationCandidate;
  itemKey: string;
}

/**
 * The caller's adjudication queue: the ready items they did not annotate, ordered by the annotators'
 * queue position (shuffled by the blind assignment, so it says nothing of model or test), then by key;
 * items without assignments (imported annotations) last. A ready item without a key gets one now.
 */
export async function queueEntries(
  db: Db,
  study: StudyRow,
  user: User,
): Promise<{ entries: QueueEntry[]; notReady: number }> {
  const candidates = (await listAdjudicationCandidates(db, study.id, user.id)).filter(
    (candidate) => candidate.involved === 0,
  );
  const ready = candidates.filter(isReady);
  const entries = await Promise.all(
    ready.map(async (candidate) => ({
      candidate,
      itemKey: candidate.itemKey ?? (await ensureAdjudicationItem(db, candidate.argumentRowId)).itemKey,
    })),
  );
  entries.sort(
    (x, y) =>
      (x.candidate.position ?? Number.MAX_SAFE_INTEGER) - (y.candidate.position ?? Number.MAX_SAFE_INTEGER) ||
      byCodeUnits(x.itemKey, y.itemKey),
  );
  return { entries, notReady: candidates.length - ready.length };
}

/**
 * The submitted annotations an item compares, in A/B order (`orderForAdjudication`, seeded by the
 * item key), and whether the item is ready. With assignments, only the assigned annotators' work
 * counts; a third annotator beyond A and B is left out (the screens compare two).
 */
export async function comparedAnnotations(
  db: Db,
  argumentRowId: number,
  itemKey: string,
): Promise<{ ready: boolean; annotations: StoredAnnotation[] }> {
  const assigned = await assignedUserIds(db, argumentRowId);
  const all = await listAnnotationsOfArgument(db, argumentRowId);
  const relevant = assigned.size > 0 ? all.filter((annotation) => assigned.has(annotation.userId)) : all;
  const submitted = relevant.filter((annotation) => annotation.status === 'submitted');
  const ready = assigned.size > 0 ? submitted.length === assigned.size : submitted.length >= 2;
  return {
    ready,
    annotations: orderForAdjudication(itemKey, submitted, (annotation) => annotation.annotator).slice(0, 2),
  };
}

/** The disagreements of A and B (none with a single annotation). */
export function disagreementsOf(annotations: readonly StoredAnnotation[]): Disagreement[] {
  const [a, b] = annotations;
  return a && b ? disagreements(a.judgement, b.judgement) : [];
}

/**
 * Opens the item with this key for the caller. Unknown keys, other studies' keys and items the caller
 * annotated or was assigned all answer one 404 that echoes nothing (`notInAdjudicationQueue`). An
 * item whose annotations are no longer all submitted (reopened before adjudication started) is a 409.
 */
export async function openItem({ db, study, user, itemKey }: AdjudicationRequest): Promise<ItemContext> {
  const item = await findAdjudicationItemByKey(db, study.id, itemKey);
  const argument = item && (await findArgumentByRowId(db, item.argumentRowId));
  if (!item || !argument || (await isInvolved(db, argument.rowId, user.id)))
    throw errors.notInAdjudicationQueue();
  const { ready, annotations } = await comparedAnnotations(db, argument.rowId, item.itemKey);
  if (!ready)
    throw errors.conflict(
      'This item is back with its annotators (an annotation was reopened before adjudication started); it returns to the adjudication queue once every annotation is submitted again.',
    );
  return {
    argument,
    item,
    annotations,
    disagreements: disagreementsOf(annotations),
    gold: await findGold(db, argument.rowId),
  };
}
