import { describe, expect, it } from 'vitest';
import { elementAt } from './element-at.ts';

describe('elementAt', () => {
  it('reads an element inside the array, typed or plain', () => {
    expect(elementAt(Float64Array.of(1.5, 2.5), 1)).toBe(2.5);
    expect(elementAt(['a', 'b'], 0)).toBe('a');
    expect(elementAt(Int32Array.of(0), 0)).toBe(0);
  });
  it('throws for a position outside the array instead of giving undefined', () => {
    expect(() => elementAt(new Float64Array(2), 2)).toThrow(RangeError);
    expect(() => elementAt([1], -1)).toThrow(/no element at -1 of an array of 1/);
    expect(() => elementAt([1], 0.5)).toThrow(RangeError);
  });
});
