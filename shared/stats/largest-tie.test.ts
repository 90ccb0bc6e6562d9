import { describe, expect, it } from 'vitest';
import { largestTie } from './largest-tie.ts';

describe('largestTie', () => {
  it('counts the values equal to the most common one', () => {
    expect(largestTie([0, 0, 1, 0, 2])).toBe(3);
    expect(largestTie([0.5, -1, 0.5, -1])).toBe(2);
    expect(largestTie([7])).toBe(1);
    expect(largestTie([])).toBe(0);
  });
});
