import { describe, expect, it } from 'vitest';
import { growthRatio } from './growth.ts';

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
