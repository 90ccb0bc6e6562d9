import { sampleWithoutReplacement } from '../generate/sampling.ts';
import { createRng } from '../stats/rng.ts';
import { byCodeUnits } from './code-unit-order.ts';

/** One item in one annotator's queue. */
export interface Assignment {
  itemId: string;
  annotator: string;
  /** 1-based place in the annotator's queue. */
  position: number;
  /** A calibration item: every annotator has it, at the front of the queue. */
  calibration: boolean;
}

export interface AssignAnnotatorsOptions {
  /** The sampled items to annotate; distinct. */
  itemIds: readonly string[];
  /** The annotators; distinct, non-empty. */
  annotators: readonly string[];
  /** k, the annotators per item (default 2); 1 ≤ k ≤ annotators.length. */
  perItem?: number;
  /** Fixes every random choice; a safe integer. */
  seed: number;
  /** Items every annotator annotates, first and in this order; distinct. */
  calibrationIds?: readonly string[];
  /** Items each annotator already has from earlier batches (missing names count 0). */
  existingLoad?: Readonly<Record<string, number>>;
}

export interface AnnotatorAssignment {
  /** Grouped by annotator (names in UTF-16 code-unit order), each in queue order. */
  assignments: Assignment[];
  /** Per annotator: existing load + everything assigned here, calibration included. */
  loads: Record<string, number>;
}

/**
 * Blind double annotation: gives each item to exactly k distinct annotators, balancing the work,
 * and orders each annotator's queue at random so that no two annotators meet shared items in the
 * same order (order and fatigue effects then do not line up between the two annotations of an
 * item).
 *
 * Rule:
 * 1. Calibration items go to everyone, at the front of every queue, in the order given — the same
 *    for everyone, so calibration agreement compares like with like. An id that is in both
 *    `calibrationIds` and `itemIds` is treated as a calibration item only.
 * 2. The other items are sorted by id, shuffled (seeded), and taken one at a time; each goes to the
 *    k annotators with the smallest current load (existing load + items given so far), ties
 *    broken by a fresh seeded shuffle of the annotators for every item. This greedy rule keeps the
 *    spread of loads (max − min) at most max(1, the spread of `existingLoad`): with no existing
 *    load every annotator ends with ⌊kM/A⌋ or ⌈kM/A⌉ of the M items (A annotators), and loads
 *    differ by at most 1. Unequal existing loads are evened out first.
 * 3. Each annotator's own items are then shuffled again (seeded, per annotator) and placed after
 *    the calibration items; `position` runs 1, 2, … n within each queue.
 *
 * Annotator names and item ids are sorted before a random step, so the result depends only on
 * the seed and the sets of ids and names (and on the order of `calibrationIds`), not on input
 * order. Names in `existingLoad` that are not annotators are ignored.
 *
 * Preconditions: k is an integer with 1 ≤ k ≤ annotators.length (a k larger than the number of
 * annotators cannot give each item k distinct annotators); ids and names are distinct strings,
 * names non-empty; existing loads are non-negative integers; `seed` is a safe integer. Otherwise
 * throws a RangeError (TypeError for a non-string id or name).
 * Degenerate input: no items gives only the calibration queue (or nothing) and loads equal to the
 * existing ones; k = A gives every item to every annotator.
 *
 * @example
 * // 50 items, annotators a–e, k = 2: 100 assignments, every annotator gets exactly 20.
 * assignAnnotators({ itemIds, annotators: ['a', 'b', 'c', 'd', 'e'], perItem: 2, seed: 7 })
 */
export function assignAnnotators(options: AssignAnnotatorsOptions): AnnotatorAssignment {
  const { itemIds, annotators, seed, calibrationIds = [], existingLoad = {} } = options;
  const perItem = options.perItem ?? 2;
  assertDistinctStrings(annotators, 'annotators', true);
  assertDistinctStrings(itemIds, 'itemIds', false);
  assertDistinctStrings(calibrationIds, 'calibrationIds', false);
  if (!Number.isInteger(perItem) || perItem < 1) {
    throw new RangeError(`assignAnnotators: perItem must be a positive integer (got ${String(perItem)})`);
  }
  if (perItem > annotators.length) {
    throw new RangeError(
      `assignAnnotators: perItem is ${perItem} but there are only ${annotators.length} annotators; ` +
        'each item needs that many distinct annotators',
    );
  }
  const rng = createRng(seed);
  const roster = [...annotators].sort(byCodeUnits);

  const load = new Map<string, number>();
  for (const annotator of roster) {
    const existing = Object.hasOwn(existingLoad, annotator) ? existingLoad[annotator] : 0;
    if (existing === undefined || !Number.isInteger(existing) || existing < 0) {
      throw new RangeError(
        `assignAnnotators: existingLoad of ${annotator} must be a non-negative integer (got ${String(existing)})`,
      );
    }
    load.set(annotator, existing);
  }

  const calibration = new Set(calibrationIds);
  const regular = itemIds.filter((itemId) => !calibration.has(itemId)).sort(byCodeUnits);
  const queues = new Map<string, string[]>(roster.map((annotator) => [annotator, []]));
  for (const itemId of sampleWithoutReplacement(rng, regular, regular.length)) {
    // Shuffle, then a stable sort by load: the k lightest, ties in random order.
    const chosen = sampleWithoutReplacement(rng, roster, roster.length)
      .sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0))
      .slice(0, perItem);
    for (const annotator of chosen) {
      load.set(annotator, (load.get(annotator) ?? 0) + 1);
      queues.get(annotator)?.push(itemId);
    }
  }

  const assignments: Assignment[] = [];
  const loads: Record<string, number> = {};
  for (const annotator of roster) {
    const own = queues.get(annotator) ?? [];
    const queue = [
      ...calibrationIds.map((itemId) => ({ itemId, calibration: true })),
      ...sampleWithoutReplacement(rng, own, own.length).map((itemId) => ({ itemId, calibration: false })),
    ];
    queue.forEach(({ itemId, calibration: isCalibration }, index) => {
      assignments.push({ itemId, annotator, position: index + 1, calibration: isCalibration });
    });
    loads[annotator] = (load.get(annotator) ?? 0) + calibrationIds.length;
  }
  return { assignments, loads };
}

function assertDistinctStrings(values: readonly string[], name: string, nonEmpty: boolean): void {
  if (!Array.isArray(values)) throw new TypeError(`assignAnnotators: ${name} must be an array of strings`);
  const seen = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') {
      throw new TypeError(`assignAnnotators: ${name} must hold strings (got ${String(value)})`);
    }
    if (nonEmpty && value === '')
      throw new RangeError(`assignAnnotators: ${name} must not hold an empty name`);
    if (seen.has(value)) throw new RangeError(`assignAnnotators: ${value} appears twice in ${name}`);
    seen.add(value);
  }
}
