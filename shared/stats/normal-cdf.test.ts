import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalCdf } from './normal-cdf.ts';

describe('normalCdf', () => {
  // Reference values 0.5·erfc(−z/√2) from the C library's erfc (Python math.erfc), agreeing with
  // Abramowitz & Stegun Table 26.1 to its printed 15 digits (Φ(1) = 0.841344746068543).
  it.each([
    [1.959963984540054, 0.975],
    [1, 0.8413447460685429],
    [-1, 0.15865525393145707],
    [-2, 0.02275013194817922],
    [-3, 0.0013498980316300957],
    [0.5, 0.6914624612740131],
  ])('Φ(%f) = %f to 1e-15', (z, p) => {
    expect(Math.abs(normalCdf(z) - p)).toBeLessThan(1e-15);
  });

  it('keeps about 8 significant digits deep in the lower tail: Φ(−8) = 6.220960574271785e-16', () => {
    expect(Math.abs(normalCdf(-8) / 6.220960574271785e-16 - 1)).toBeLessThan(1e-7);
  });

  it('is 0.5 at 0 and symmetric, Φ(z) + Φ(−z) = 1', () => {
    expect(normalCdf(0)).toBe(0.5);
    fc.assert(
      fc.property(fc.double({ min: -40, max: 40, noNaN: true }), (z) => {
        expect(normalCdf(z) + normalCdf(-z)).toBeCloseTo(1, 15);
      }),
    );
  });

  it('is non-decreasing, up to one rounding error', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -40, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (z, step) => {
          expect(normalCdf(z + step)).toBeGreaterThanOrEqual(normalCdf(z) * (1 - 2 * Number.EPSILON));
        },
      ),
    );
  });

  it('gives the limits 0 and 1 beyond |z| = 37 and at ±∞', () => {
    expect(normalCdf(-38)).toBe(0);
    expect(normalCdf(38)).toBe(1);
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('throws for NaN', () => {
    expect(() => normalCdf(Number.NaN)).toThrow(RangeError);
  });
});
