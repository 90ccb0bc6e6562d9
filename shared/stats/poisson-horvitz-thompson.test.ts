import { describe, expect, it } from 'vitest';
import { type PoissonUnit, poissonHorvitzThompson } from './poisson-horvitz-thompson.ts';

/*
 * A published worked example would be the better check, but I cannot recall one of a Poisson
 * design with its printed answer exactly (Särndal, Swensson & Wretman 1992 §3.5 and Lohr's
 * "Sampling: Design and Analysis" ch. 6 give the formulas; I do not trust my memory of their
 * numbers), so rather than cite a page I cannot check, the examples here are hand-computed and
 * the estimator is checked against its definition by enumerating every sample of a small
 * population: E[t̂] = t and E[V̂] = V exactly, which is what the textbooks prove.
 */
describe('poissonHorvitzThompson', () => {
  it('the doc comment example by hand: y = 4, 1 with π = 0.5, 0.25', () => {
    // t̂ = 4/0.5 + 1/0.25 = 8 + 4 = 12; V̂ = (0.5/0.25)·16 + (0.75/0.0625)·1 = 32 + 12 = 44.
    const estimate = poissonHorvitzThompson([
      { value: 4, inclusionProbability: 0.5 },
      { value: 1, inclusionProbability: 0.25 },
    ]);
    expect(estimate.total).toBeCloseTo(12, 12);
    expect(estimate.variance).toBeCloseTo(44, 12);
  });

  it('is unbiased for the total and for its variance over all 2^N Poisson samples (N = 3, by hand and by enumeration)', () => {
    // U: y = 4, 1, 2 with π = 0.5, 0.25, 0.8. t = 7; V(t̂) = Σ (1 − π)/π·y²
    //   = (0.5/0.5)·16 + (0.75/0.25)·1 + (0.2/0.8)·4 = 16 + 3 + 1 = 20.
    const population: PoissonUnit[] = [
      { value: 4, inclusionProbability: 0.5 },
      { value: 1, inclusionProbability: 0.25 },
      { value: 2, inclusionProbability: 0.8 },
    ];
    let expectedTotal = 0;
    let expectedSquare = 0;
    let expectedVariance = 0;
    let probabilitySum = 0;
    for (let mask = 0; mask < 2 ** population.length; mask++) {
      const sample = population.filter((_, i) => (mask >> i) & 1);
      const chance = population.reduce(
        (p, unit, i) => p * ((mask >> i) & 1 ? unit.inclusionProbability : 1 - unit.inclusionProbability),
        1,
      );
      const estimate = poissonHorvitzThompson(sample);
      probabilitySum += chance;
      expectedTotal += chance * estimate.total;
      expectedSquare += chance * estimate.total ** 2;
      expectedVariance += chance * estimate.variance;
    }
    expect(probabilitySum).toBeCloseTo(1, 12);
    expect(expectedTotal).toBeCloseTo(7, 12);
    expect(expectedSquare - expectedTotal ** 2).toBeCloseTo(20, 12);
    expect(expectedVariance).toBeCloseTo(20, 12);
  });

  it('a census (π = 1) has the total itself and no variance; an empty sample gives 0', () => {
    expect(
      poissonHorvitzThompson([
        { value: 3, inclusionProbability: 1 },
        { value: 5, inclusionProbability: 1 },
      ]),
    ).toEqual({ total: 8, variance: 0 });
    expect(poissonHorvitzThompson([])).toEqual({ total: 0, variance: 0 });
  });

  it('refuses π outside (0, 1] and values that are not finite', () => {
    expect(() => poissonHorvitzThompson([{ value: 1, inclusionProbability: 0 }])).toThrow(RangeError);
    expect(() => poissonHorvitzThompson([{ value: 1, inclusionProbability: 1.2 }])).toThrow(RangeError);
    expect(() => poissonHorvitzThompson([{ value: Number.NaN, inclusionProbability: 0.5 }])).toThrow(
      RangeError,
    );
  });
});
