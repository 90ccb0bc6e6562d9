import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { betaQuantile } from './beta-quantile.ts';
import { regularizedIncompleteBeta } from './incomplete-beta.ts';

describe('betaQuantile', () => {
  it('inverts I_x: I_0.5(2, 3) = 0.6875, so the 0.6875 quantile of Beta(2, 3) is 0.5', () => {
    expect(betaQuantile(0.6875, 2, 3)).toBeCloseTo(0.5, 14);
  });

  it('matches the closed forms for a = 1 and b = 1: 1 − (1 − p)^(1/b) and p^(1/a)', () => {
    // Beta(1, 20) at 0.975 is the Clopper–Pearson upper bound for 0 of 20.
    expect(betaQuantile(0.975, 1, 20)).toBeCloseTo(1 - 0.025 ** (1 / 20), 14);
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }),
        fc.double({ min: 0.2, max: 300, noNaN: true }),
        (p, shape) => {
          expect(betaQuantile(p, 1, shape)).toBeCloseTo(1 - (1 - p) ** (1 / shape), 11);
          expect(betaQuantile(p, shape, 1)).toBeCloseTo(p ** (1 / shape), 11);
        },
      ),
    );
  });

  it('is the median 0.5 of every symmetric Beta(a, a)', () => {
    for (const a of [0.3, 1, 2.5, 40, 5000]) expect(betaQuantile(0.5, a, a)).toBeCloseTo(0.5, 12);
  });

  it('round-trips with regularizedIncompleteBeta, including small shapes and tail probabilities', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-10, max: 1 - 1e-10, noNaN: true }),
        fc.double({ min: 0.1, max: 500, noNaN: true }),
        fc.double({ min: 0.1, max: 500, noNaN: true }),
        (p, a, b) => {
          const x = betaQuantile(p, a, b);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(1);
          // On the probability scale, relative to the nearer tail — plus how far I moves over two
          // units in the last place of x either side: near 0 or 1, for U-shaped Betas, that is all a
          // double can resolve (a quantile within 1e-16 of 1 can only be returned as 1 or 1 − ε).
          const step = 2 * Number.EPSILON * x;
          const atX = regularizedIncompleteBeta(x, a, b);
          const resolution = Math.max(
            Math.abs(regularizedIncompleteBeta(Math.min(1, x + step), a, b) - atX),
            Math.abs(regularizedIncompleteBeta(Math.max(0, x - step), a, b) - atX),
          );
          expect(Math.abs(atX - p)).toBeLessThanOrEqual(1e-10 * Math.min(p, 1 - p) + 1e-14 + resolution);
        },
      ),
    );
  });

  it('is exactly 0 at p = 0 and 1 at p = 1', () => {
    expect(betaQuantile(0, 3, 4)).toBe(0);
    expect(betaQuantile(1, 3, 4)).toBe(1);
  });

  it.each([
    [-0.01, 1, 1],
    [1.01, 1, 1],
    [Number.NaN, 1, 1],
    [0.5, 0, 1],
    [0.5, 1, -1],
  ])('throws for p=%f, a=%f, b=%f', (p, a, b) => {
    expect(() => betaQuantile(p, a, b)).toThrow(RangeError);
  });
});
