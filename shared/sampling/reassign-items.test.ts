import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Assignment, assignAnnotators } from './assign-annotators.ts';
import { reassignItems } from './reassign-items.ts';

const row = (annotator: string, itemId: string, position: number, calibration = false): Assignment => ({
  itemId,
  annotator,
  position,
  calibration,
});

/** a: cal, x, y, z; b: cal, z. */
const QUEUES: Assignment[] = [
  row('a', 'cal', 1, true),
  row('a', 'x', 2),
  row('a', 'y', 3),
  row('a', 'z', 4),
  row('b', 'cal', 1, true),
  row('b', 'z', 2),
];

describe('reassignItems', () => {
  it('moves a’s unfinished items to the end of b’s queue and skips those b already has', () => {
    const result = reassignItems({
      assignments: QUEUES,
      from: 'a',
      to: 'b',
      finishedItemIds: new Set(['x']),
    });
    expect(result).toEqual({
      moved: [row('b', 'y', 3)],
      skipped: [
        { itemId: 'cal', reason: 'target-already-assigned' },
        { itemId: 'z', reason: 'target-already-assigned' },
      ],
    });
  });

  it('moves only the items asked for, and says why the others asked for did not move', () => {
    const result = reassignItems({
      assignments: QUEUES,
      from: 'a',
      to: 'b',
      onlyItems: ['nowhere', 'x', 'y', 'z'],
      finishedItemIds: new Set(['x']),
    });
    expect(result).toEqual({
      moved: [row('b', 'y', 3)],
      skipped: [
        { itemId: 'nowhere', reason: 'not-assigned-to-source' },
        { itemId: 'x', reason: 'finished' },
        { itemId: 'z', reason: 'target-already-assigned' },
      ],
    });
  });

  it('starts a new annotator’s queue at position 1, keeping the calibration flag', () => {
    const result = reassignItems({ assignments: QUEUES, from: 'a', to: 'c', finishedItemIds: new Set() });
    expect(result.moved).toEqual([
      row('c', 'cal', 1, true),
      row('c', 'x', 2),
      row('c', 'y', 3),
      row('c', 'z', 4),
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('moves nothing when the source has finished everything', () => {
    const result = reassignItems({
      assignments: QUEUES,
      from: 'a',
      to: 'c',
      finishedItemIds: new Set(['cal', 'x', 'y', 'z']),
    });
    expect(result).toEqual({ moved: [], skipped: [] });
  });

  it('throws a RangeError when from and to are the same annotator', () => {
    expect(() =>
      reassignItems({ assignments: QUEUES, from: 'a', to: 'a', finishedItemIds: new Set() }),
    ).toThrow(RangeError);
  });

  it('keeps every item’s annotators distinct and b’s positions contiguous after a move', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer(),
        fc.func(fc.boolean()),
        fc.integer({ min: 0, max: 3 }),
        (itemCount, seed, isFinished, toIndex) => {
          const itemIds = Array.from({ length: itemCount }, (_, i) => `item-${i}`);
          const annotators = ['a', 'b', 'c', 'd'];
          const { assignments } = assignAnnotators({
            itemIds,
            annotators,
            perItem: 2,
            seed,
            calibrationIds: ['cal'],
          });
          const to = toIndex === 0 ? 'new' : (annotators[toIndex] ?? 'b');
          const finishedItemIds = new Set(itemIds.filter((id) => isFinished(id)));
          const { moved } = reassignItems({ assignments, from: 'a', to, finishedItemIds });

          const movedIds = new Set(moved.map((m) => m.itemId));
          const after = [
            ...assignments.filter((x) => !(x.annotator === 'a' && movedIds.has(x.itemId))),
            ...moved,
          ];
          for (const itemId of [...itemIds, 'cal']) {
            const holders = after.filter((x) => x.itemId === itemId).map((x) => x.annotator);
            expect(new Set(holders).size).toBe(holders.length);
          }
          for (const m of moved) {
            expect(finishedItemIds.has(m.itemId)).toBe(false);
            expect(m.annotator).toBe(to);
          }
          const positions = after.filter((x) => x.annotator === to).map((x) => x.position);
          expect([...positions].sort((p, q) => p - q)).toEqual(positions.map((_, i) => i + 1));
        },
      ),
    );
  });
});
