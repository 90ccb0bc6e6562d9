import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalCdf } from './normal-cdf.ts';
import { normalQuantile } from './normal-quantile.ts';

describe('normalQuantile', () => {
  // Standard critical values, as printed by R's qnorm and SciPy's norm.ppf (17 significant digits).
  it.each([
    [0.975, 1.959963984540054],
    [0.995, 2.5758293035489004],
    [0.9, 1.2815515655446004],
    [0.95, 1.6448536269514722],
  ])('Φ⁻¹(%f) = %f to 1e-9 (and, in practice, to 1e-15)', (p, z) => {
    expect(Math.abs(normalQuantile(p) - z)).toBeLessThan(1e-9);
    expect(Math.abs(normalQuantile(p) - z)).toBeLessThan(1e-15);
  });

  it('gives 0 at the median', () => {
    expect(normalQuantile(0.5)).toBe(0);
  });

  it('is antisymmetric, Φ⁻¹(1 − p) = −Φ⁻¹(p), in the central and near-tail regions', () => {
    // (In the far tail, p < 1.4e-11, 1 − p is not representable accurately enough to compare.)
    for (const p of [0.3, 0.05, 1e-4, 1e-9]) {
      expect(normalQuantile(1 - p)).toBeCloseTo(-normalQuantile(p), 6);
    }
  });

  it('reaches the far tail: Φ⁻¹(1e-10) = −6.361340902404056 (SciPy norm.ppf(1e-10))', () => {
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 12);
  });

  it('inverts the independently computed normal CDF (West/Hart) across the range', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 1 - 1e-12, noNaN: true }), (p) => {
        const roundTrip = normalCdf(normalQuantile(p));
        // normalCdf's relative error in the far lower tail is about 1e-8 (see its doc).
        expect(Math.abs(roundTrip - p)).toBeLessThanOrEqual(2e-8 * Math.min(p, 1 - p) + 1e-15);
      }),
    );
  });

  it('returns −∞ at p = 0 and +∞ at p = 1, the exact limits', () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
  });

  it.each([-0.1, 1.1, Number.NaN])('throws for p = %f outside [0, 1]', (p) => {
    expect(() => normalQuantile(p)).toThrow(RangeError);
  });
});
