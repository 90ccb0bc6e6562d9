import type { Assignment } from './assign-annotators.ts';

export interface ReassignItemsOptions {
  /** The current assignments (all annotators, or at least `from` and `to`). */
  assignments: readonly Assignment[];
  /** The annotator giving items up. */
  from: string;
  /** The annotator taking them over (may have no assignments yet). */
  to: string;
  /** Move only these items of `from`; all of `from`'s unfinished items when absent. */
  onlyItems?: readonly string[];
  /** Items `from` has already finished: they stay with `from`. */
  finishedItemIds: ReadonlySet<string>;
}

/** Why an item was not moved. */
export type ReassignSkipReason =
  /** `to` already has the item; moving it would give the item the same annotator twice. */
  | 'target-already-assigned'
  /** Named in `onlyItems`, but `from` has finished it. */
  | 'finished'
  /** Named in `onlyItems`, but not in `from`'s queue. */
  | 'not-assigned-to-source';

export interface Reassignment {
  /** The new assignments of `to`, in `from`'s queue order, positions after the end of `to`'s queue. */
  moved: Assignment[];
  /**
   * Items not moved, with the reason: first the `onlyItems` that `from` does not have (in the order
   * given), then the rest in `from`'s queue order.
   */
  skipped: Array<{ itemId: string; reason: ReassignSkipReason }>;
}

/**
 * Hands unfinished items of one annotator to another (someone leaves or falls behind), keeping the
 * rule that an item's annotators are distinct. Pure: it returns what to change; the caller deletes
 * `from`'s assignments of the moved items, inserts `moved`, and logs the move.
 *
 * Rule: walk `from`'s queue in position order; an item is a candidate when it is not in
 * `finishedItemIds` and, if `onlyItems` is given, is named there. A candidate that `to` already
 * has is skipped ('target-already-assigned') — this is how calibration items, which everyone has,
 * stay put. Every other candidate moves to `to` with the same `calibration` flag, at positions
 * m + 1, m + 2, … after `to`'s last position m (0 when `to` has none), i.e. appended to the end of
 * `to`'s queue in `from`'s order. Items named in `onlyItems` that `from` does not have, or has
 * finished, are reported too; without `onlyItems`, finished items simply stay and are not
 * reported. `from`'s remaining positions are left as they are (a gap where an item left).
 *
 * Preconditions: `from` and `to` are different strings; otherwise throws a RangeError.
 * Degenerate input: `from` with no unfinished items gives `{ moved: [], skipped: [] }`.
 *
 * @example
 * // a has x (finished), y, z; b has z. Moving a → b: y goes to b at position 2; z is skipped.
 * reassignItems({ assignments, from: 'a', to: 'b', finishedItemIds: new Set(['x']) })
 */
export function reassignItems(options: ReassignItemsOptions): Reassignment {
  const { assignments, from, to, onlyItems, finishedItemIds } = options;
  if (typeof from !== 'string' || typeof to !== 'string') {
    throw new TypeError('reassignItems: from and to must be annotator names');
  }
  if (from === to) throw new RangeError(`reassignItems: from and to are the same annotator (${from})`);

  const source = assignments.filter((a) => a.annotator === from).sort((a, b) => a.position - b.position);
  const targetItems = new Set<string>();
  let lastPosition = 0;
  for (const a of assignments) {
    if (a.annotator !== to) continue;
    targetItems.add(a.itemId);
    lastPosition = Math.max(lastPosition, a.position);
  }

  const wanted = onlyItems === undefined ? null : new Set(onlyItems);
  const skipped: Reassignment['skipped'] = [];
  if (wanted !== null) {
    const sourceItems = new Set(source.map((a) => a.itemId));
    for (const itemId of wanted) {
      if (!sourceItems.has(itemId)) skipped.push({ itemId, reason: 'not-assigned-to-source' });
    }
  }
  const moved: Assignment[] = [];
  for (const a of source) {
    if (wanted !== null && !wanted.has(a.itemId)) continue;
    if (finishedItemIds.has(a.itemId)) {
      if (wanted !== null) skipped.push({ itemId: a.itemId, reason: 'finished' });
    } else if (targetItems.has(a.itemId)) {
      skipped.push({ itemId: a.itemId, reason: 'target-already-assigned' });
    } else {
      lastPosition += 1;
      moved.push({ itemId: a.itemId, annotator: to, position: lastPosition, calibration: a.calibration });
    }
  }
  return { moved, skipped };
}
