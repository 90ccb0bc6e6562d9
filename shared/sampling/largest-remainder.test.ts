import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestRemainder } from './largest-remainder.ts';

describe('largestRemainder', () => {
  it('reproduces the worked example of Wikipedia, "Largest remainder method" (Hare quota, 10 seats): 5 2 1 1 1 0', () => {
    // Votes 47,000 / 16,000 / 15,800 / 12,000 / 6,100 / 3,100; quotas 4.7, 1.6, 1.58, 1.2, 0.61, 0.31;
    // the three seats left after the floors go to the remainders .70, .61 and .60.
    expect(largestRemainder(10, [47000, 16000, 15800, 12000, 6100, 3100])).toEqual([5, 2, 1, 1, 1, 0]);
  });

  it('splits 10 as 1 : 2 into 3 and 7 (quotas 3.33 and 6.67)', () => {
    expect(largestRemainder(10, [1, 2])).toEqual([3, 7]);
  });

  it('adds up to the total exactly and keeps every share at the floor or ceiling of its quota', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 12 }),
        (total, weights) => {
          fc.pre(weights.some((w) => w > 0));
          const shares = largestRemainder(total, weights);
          const weightSum = weights.reduce((s, w) => s + w, 0);
          expect(shares.reduce((s, n) => s + n, 0)).toBe(total);
          shares.forEach((share, i) => {
            const product = total * (weights[i] ?? 0);
            expect(share).toBeGreaterThanOrEqual(Math.floor(product / weightSum));
            expect(share).toBeLessThanOrEqual(Math.ceil(product / weightSum));
          });
        },
      ),
    );
  });

  it('breaks equal remainders by index, or by the priority given', () => {
    expect(largestRemainder(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(largestRemainder(1, [1, 1, 1], [2, 0, 1])).toEqual([0, 1, 0]);
    expect(largestRemainder(2, [1, 1, 1], [2, 0, 1])).toEqual([0, 1, 1]);
  });

  it('recognises exact ties in integer arithmetic where floating fractions would differ', () => {
    // 2 seats over 1 : 4 : 1: quotas 1/3, 4/3, 1/3, all with remainder exactly 1/3. In floating
    // point 4/3 − 1 = 0.33333333333333326 < 1/3, which would hand the seat to the third entry;
    // the exact tie goes to the smallest priority, the second entry.
    expect(largestRemainder(2, [1, 4, 1], [2, 0, 1])).toEqual([0, 2, 0]);
  });

  it('gives zeros for a total of 0, even over zero weights or no weights', () => {
    expect(largestRemainder(0, [3, 0, 5])).toEqual([0, 0, 0]);
    expect(largestRemainder(0, [0, 0])).toEqual([0, 0]);
    expect(largestRemainder(0, [])).toEqual([]);
  });

  it('never gives a seat to a zero weight', () => {
    expect(largestRemainder(3, [1, 0, 1, 0, 1])).toEqual([1, 0, 1, 0, 1]);
  });

  it.each([
    [1, [0, 0]],
    [1, []],
    [-1, [1]],
    [1.5, [1]],
    [1, [-1, 2]],
    [1, [0.5, 2]],
  ])('throws a RangeError for total %f over %o', (total, weights) => {
    expect(() => largestRemainder(total, weights)).toThrow(RangeError);
  });

  it('throws a RangeError for a priority of the wrong length', () => {
    expect(() => largestRemainder(1, [1, 1], [0])).toThrow(RangeError);
  });
});
