import { describe, expect, it } from 'vitest';
import { growthRatio, prebuiltInputs } from './growth.ts';

describe('growthRatio', () => {
  it('tells linear work from quadratic work', () => {
    const linear = (n: number) => {
      let sum = 0;
      for (let i = 0; i < n * 200; i += 1) sum += i;
      return sum;
    };
    const quadratic = (n: number) => {
      let sum = 0;
      for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) sum += j;
      return sum;
    };
    expect(growthRatio(linear, 1_000, 32_000)).toBeLessThan(200);
    expect(growthRatio(quadratic, 150, 4_800)).toBeGreaterThan(200);
  });
});

describe('prebuiltInputs', () => {
  it('builds each size once per copy, before any call, and hands the copies out in turn', () => {
    const built: number[] = [];
    const next = prebuiltInputs(
      (size) => {
        built.push(size);
        return `${'x'.repeat(size)}${built.length}`;
      },
      [2, 5],
      3,
    );
    expect(built).toEqual([2, 2, 2, 5, 5, 5]);
    expect([next(2), next(2), next(2), next(2)]).toEqual(['xx1', 'xx2', 'xx3', 'xx1']);
    expect(next(5)).toBe('xxxxx4');
    expect(() => next(7)).toThrow('no inputs were built for size 7');
  });
});
