import { describe, expect, it } from 'vitest';
import { elementAt, float64At, int32At } from './element-at.ts';

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

describe('float64At and int32At', () => {
  it('read inside their typed array and throw outside it, as elementAt does', () => {
    expect(float64At(Float64Array.of(0.25, Number.NaN), 0)).toBe(0.25);
    expect(float64At(Float64Array.of(Number.NaN), 0)).toBeNaN();
    expect(int32At(Int32Array.of(-3, 4), 1)).toBe(4);
    expect(() => float64At(new Float64Array(3), 3)).toThrow(/no element at 3 of an array of 3/);
    expect(() => int32At(new Int32Array(0), 0)).toThrow(RangeError);
  });
});
