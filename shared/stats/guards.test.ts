import { describe, expect, it } from 'vitest';
import {
  assertAllFinite,
  assertArray,
  assertAscending,
  assertCount,
  assertFinite,
  assertLabel,
  assertLevel,
  assertRatingTable,
  assertSameLength,
} from './guards.ts';

describe('guards', () => {
  it('accept valid input silently', () => {
    expect(() => {
      assertSameLength([1, 2], ['a', 'b']);
      assertFinite(-3.5, 'x');
      assertAllFinite([0, 1e300], 'xs');
      assertCount(0, 'n');
      assertLevel(0.95);
      assertLabel(false, 'label');
      assertArray([], 'must be an array');
      assertRatingTable([
        ['a', null],
        [null, 'b'],
      ]);
    }).not.toThrow();
  });

  it('name the argument and the problem in the message', () => {
    expect(() => assertSameLength([1], [], 'gold and extractor')).toThrow(
      'gold and extractor must have the same length (got 1 and 0)',
    );
    expect(() => assertCount(-2, 'fp')).toThrow('fp must be a non-negative integer count (got -2)');
    expect(() => assertAllFinite([1, Number.NaN], 'x')).toThrow('x[1] must be a finite number (got NaN)');
  });

  it('reject NaN labels, fractional counts, levels of 0 or 1, and ragged rating tables', () => {
    expect(() => assertLabel(Number.NaN, 'a[0]')).toThrow(TypeError);
    expect(() => assertCount(2.5, 'tp')).toThrow(RangeError);
    expect(() => assertLevel(0)).toThrow(RangeError);
    expect(() => assertLevel(1)).toThrow(RangeError);
    expect(() => assertRatingTable([[1, 2], [1]])).toThrow(/same length/);
    expect(() => assertArray('no', 'must be an array')).toThrow('must be an array');
  });

  it('accept an ascending list and name the first entry out of order', () => {
    expect(() => assertAscending([1, 1, 2, 3.5], 'xs')).not.toThrow();
    expect(() => assertAscending([1, 3, 2], 'xs')).toThrow(
      'xs must be sorted ascending (entry 2 is smaller than entry 1)',
    );
    expect(() => assertAscending([1, Number.NaN], 'xs')).toThrow(TypeError);
  });
});
