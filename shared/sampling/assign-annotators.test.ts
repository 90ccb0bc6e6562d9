import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AnnotatorAssignment, assignAnnotators } from './assign-annotators.ts';

const ids = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);

function queueOf(result: AnnotatorAssignment, annotator: string): string[] {
  return result.assignments
    .filter((a) => a.annotator === annotator)
    .sort((a, b) => a.position - b.position)
    .map((a) => a.itemId);
}

const spread = (loads: Record<string, number>) => {
  const values = Object.values(loads);
  return values.length === 0 ? 0 : Math.max(...values) - Math.min(...values);
};

/** Up to 30 items, 1–7 annotators, 1 ≤ k ≤ annotators, up to 3 calibration items, in shuffled input orders. */
const scenarioArb = fc
  .record({
    itemCount: fc.integer({ min: 0, max: 30 }),
    annotatorCount: fc.integer({ min: 1, max: 7 }),
    calibrationCount: fc.integer({ min: 0, max: 3 }),
    seed: fc.integer(),
  })
  .chain(({ itemCount, annotatorCount, calibrationCount, seed }) => {
    const itemIds = ids('item-', itemCount);
    const annotators = ids('annotator-', annotatorCount);
    return fc.record({
      itemIds: fc.constant(itemIds),
      annotators: fc.constant(annotators),
      calibrationIds: fc.constant(ids('calibration-', calibrationCount)),
      perItem: fc.integer({ min: 1, max: annotatorCount }),
      seed: fc.constant(seed),
      shuffledItems: fc.shuffledSubarray(itemIds, { minLength: itemCount, maxLength: itemCount }),
      shuffledAnnotators: fc.shuffledSubarray(annotators, {
        minLength: annotatorCount,
        maxLength: annotatorCount,
      }),
    });
  });

describe('assignAnnotators', () => {
  it('worked example: 50 items, 5 annotators, k = 2 → 100 assignments, 20 each', () => {
    const result = assignAnnotators({
      itemIds: ids('item-', 50),
      annotators: ['a', 'b', 'c', 'd', 'e'],
      perItem: 2,
      seed: 7,
    });
    expect(result.assignments).toHaveLength(100);
    expect(result.loads).toEqual({ a: 20, b: 20, c: 20, d: 20, e: 20 });
  });

  it('gives each item to 2 annotators by default', () => {
    const result = assignAnnotators({ itemIds: ids('item-', 9), annotators: ['a', 'b', 'c'], seed: 1 });
    expect(result.assignments).toHaveLength(18);
    expect(result.loads).toEqual({ a: 6, b: 6, c: 6 });
  });

  it('keeps every rule for all items, annotators, k, calibration items and seed', () => {
    fc.assert(
      fc.property(scenarioArb, ({ itemIds, annotators, calibrationIds, perItem, seed }) => {
        const result = assignAnnotators({ itemIds, annotators, perItem, seed, calibrationIds });

        // Each item goes to exactly k distinct annotators; calibration items to everyone.
        for (const itemId of itemIds) {
          const holders = result.assignments.filter((a) => a.itemId === itemId);
          expect(holders).toHaveLength(perItem);
          expect(new Set(holders.map((a) => a.annotator)).size).toBe(perItem);
          expect(holders.every((a) => !a.calibration)).toBe(true);
        }
        for (const annotator of annotators) {
          const queue = result.assignments.filter((a) => a.annotator === annotator);
          // Positions 1..n, contiguous, in output order.
          expect(queue.map((a) => a.position)).toEqual(queue.map((_, i) => i + 1));
          // Calibration first, in the given order, for everyone.
          expect(queue.slice(0, calibrationIds.length).map((a) => a.itemId)).toEqual(calibrationIds);
          expect(queue.slice(0, calibrationIds.length).every((a) => a.calibration)).toBe(true);
          expect(queue.slice(calibrationIds.length).every((a) => !a.calibration)).toBe(true);
          expect(result.loads[annotator]).toBe(queue.length);
        }
        // Balanced: loads differ by at most 1.
        expect(spread(result.loads)).toBeLessThanOrEqual(1);
        expect(result.assignments).toHaveLength(
          itemIds.length * perItem + calibrationIds.length * annotators.length,
        );
      }),
    );
  });

  it('is reproducible by seed and does not depend on the order of items or annotators', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        ({ itemIds, annotators, calibrationIds, perItem, seed, shuffledItems, shuffledAnnotators }) => {
          const first = assignAnnotators({ itemIds, annotators, perItem, seed, calibrationIds });
          expect(assignAnnotators({ itemIds, annotators, perItem, seed, calibrationIds })).toEqual(first);
          expect(
            assignAnnotators({
              itemIds: shuffledItems,
              annotators: shuffledAnnotators,
              perItem,
              seed,
              calibrationIds,
            }),
          ).toEqual(first);
        },
      ),
    );
  });

  it('evens out unequal existing loads: the spread never grows beyond max(1, the existing spread)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer(),
        (itemCount, existing, perItem, seed) => {
          const annotators = existing.map((_, i) => `annotator-${i}`);
          const existingLoad = Object.fromEntries(annotators.map((a, i) => [a, existing[i] ?? 0]));
          const result = assignAnnotators({
            itemIds: ids('item-', itemCount),
            annotators,
            perItem,
            seed,
            existingLoad,
          });
          expect(spread(result.loads)).toBeLessThanOrEqual(Math.max(1, spread(existingLoad)));
          for (const annotator of annotators) {
            expect(result.loads[annotator]).toBe(
              (existingLoad[annotator] ?? 0) + queueOf(result, annotator).length,
            );
          }
        },
      ),
    );
  });

  it('gives new items to the annotators with the least work first', () => {
    const result = assignAnnotators({
      itemIds: ids('item-', 4),
      annotators: ['a', 'b', 'c'],
      perItem: 1,
      seed: 3,
      existingLoad: { a: 4, b: 0, c: 2, former: 9 },
    });
    expect(result.loads).toEqual({ a: 4, b: 3, c: 3 });
  });

  it('orders each annotator’s queue at random, not in one shared order', () => {
    const result = assignAnnotators({
      itemIds: ids('item-', 20),
      annotators: ['a', 'b'],
      perItem: 2,
      seed: 11,
    });
    expect(queueOf(result, 'a')).not.toEqual(queueOf(result, 'b'));
    expect([...queueOf(result, 'a')].sort()).toEqual([...queueOf(result, 'b')].sort());
  });

  it('with k = the number of annotators gives every item to everyone', () => {
    const itemIds = ids('item-', 5);
    const result = assignAnnotators({ itemIds, annotators: ['a', 'b', 'c'], perItem: 3, seed: 1 });
    for (const annotator of ['a', 'b', 'c']) expect([...queueOf(result, annotator)].sort()).toEqual(itemIds);
    expect(result.loads).toEqual({ a: 5, b: 5, c: 5 });
  });

  it('throws a RangeError when k exceeds the number of annotators', () => {
    expect(() => assignAnnotators({ itemIds: ['x'], annotators: ['a', 'b'], perItem: 3, seed: 1 })).toThrow(
      /perItem is 3 but there are only 2 annotators/,
    );
    expect(() => assignAnnotators({ itemIds: ['x'], annotators: ['a', 'b'], perItem: 3, seed: 1 })).toThrow(
      RangeError,
    );
  });

  it('puts calibration items first, in the given order, and treats an id in both lists as calibration only', () => {
    const result = assignAnnotators({
      itemIds: ['x', 'y', 'cal-2'],
      annotators: ['a', 'b', 'c'],
      perItem: 1,
      seed: 5,
      calibrationIds: ['cal-2', 'cal-1'],
    });
    for (const annotator of ['a', 'b', 'c'])
      expect(queueOf(result, annotator).slice(0, 2)).toEqual(['cal-2', 'cal-1']);
    expect(result.assignments.filter((a) => a.itemId === 'cal-2')).toHaveLength(3);
    expect(result.assignments.filter((a) => a.itemId === 'x')).toHaveLength(1);
  });

  it('with no items gives only the calibration queue', () => {
    const result = assignAnnotators({
      itemIds: [],
      annotators: ['a', 'b'],
      seed: 1,
      calibrationIds: ['cal'],
    });
    expect(result.assignments).toEqual([
      { itemId: 'cal', annotator: 'a', position: 1, calibration: true },
      { itemId: 'cal', annotator: 'b', position: 1, calibration: true },
    ]);
    expect(assignAnnotators({ itemIds: [], annotators: ['a', 'b'], seed: 1 })).toEqual({
      assignments: [],
      loads: { a: 0, b: 0 },
    });
  });

  it.each([
    ['k = 0', { itemIds: ['x'], annotators: ['a'], perItem: 0, seed: 1 }],
    ['a fractional k', { itemIds: ['x'], annotators: ['a', 'b'], perItem: 1.5, seed: 1 }],
    ['no annotators', { itemIds: ['x'], annotators: [], seed: 1 }],
    ['a repeated item', { itemIds: ['x', 'x'], annotators: ['a', 'b'], seed: 1 }],
    ['a repeated annotator', { itemIds: ['x'], annotators: ['a', 'a'], seed: 1 }],
    ['an empty annotator name', { itemIds: ['x'], annotators: ['a', ''], seed: 1 }],
    [
      'a repeated calibration item',
      { itemIds: [], annotators: ['a', 'b'], seed: 1, calibrationIds: ['c', 'c'] },
    ],
    [
      'a negative existing load',
      { itemIds: ['x'], annotators: ['a', 'b'], seed: 1, existingLoad: { a: -1 } },
    ],
    ['a seed that is not a safe integer', { itemIds: ['x'], annotators: ['a', 'b'], seed: Number.NaN }],
  ])('throws a RangeError for %s', (_name, options) => {
    expect(() => assignAnnotators(options)).toThrow(RangeError);
  });
});
