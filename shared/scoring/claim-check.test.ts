import { describe, expect, it } from 'vitest';
import { checkClaim } from './claim-check.ts';

describe('checkClaim', () => {
  it('holds when the lower bound is above the threshold', () => {
    expect(checkClaim({ lower: 0.91, upper: 0.97 }, 0.9)).toBe('holds');
  });
  it('fails when the upper bound is below it', () => {
    expect(checkClaim({ lower: 0.8, upper: 0.89 }, 0.9)).toBe('fails');
  });
  it('is undecided when the interval contains it, or there is none', () => {
    expect(checkClaim({ lower: 0.85, upper: 0.93 }, 0.9)).toBe('undecided');
    expect(checkClaim(null, 0.9)).toBe('undecided');
  });
  it('lets the lower bound equal the threshold when inclusive (the ranking claim)', () => {
    expect(checkClaim({ lower: 0.6, upper: 1 }, 0.6)).toBe('undecided');
    expect(checkClaim({ lower: 0.6, upper: 1 }, 0.6, { inclusive: true })).toBe('holds');
  });
});
