import { describe, expect, it } from 'vitest';
import { createRng } from '../stats/rng.ts';
import { wilsonInterval } from '../stats/wilson-interval.ts';
import { summarizeCoverage } from './coverage-summary.ts';
import { emptyTally, tallyIntervals } from './coverage-tally.ts';
import { exactCoverage } from './exact-coverage.ts';
import { truthKey } from './figure-pairs.ts';

const Z = 1.959963984540054;
/** The standard (Wald) interval p̂ ± z·√(p̂(1 − p̂)/n), as Brown, Cai & DasGupta define it. */
const wald = (x: number, n: number) => {
  const p = x / n;
  const half = Z * Math.sqrt((p * (1 - p)) / n);
  return { lower: p - half, upper: p + half };
};

describe('exactCoverage', () => {
  it("reproduces Brown, Cai & DasGupta's worked Wald coverages (Statistical Science 2001, Examples 1 and 2)", () => {
    // Example 1, the "unlucky n": p = 0.005, coverage 0.945 at n = 591 but 0.792 at n = 592.
    expect(exactCoverage(0.005, 591, wald)).toBeCloseTo(0.945, 3);
    expect(exactCoverage(0.005, 592, wald)).toBeCloseTo(0.792, 3);
    // Example 2: p = 0.5, n = 40 gives 0.919.
    expect(exactCoverage(0.5, 40, wald)).toBeCloseTo(0.919, 3);
  });

  it('is 1 for an interval that is always [0, 1] and 0 for one that is never given', () => {
    expect(exactCoverage(0.3, 12, () => ({ lower: 0, upper: 1 }))).toBeCloseTo(1, 12);
    expect(exactCoverage(0.3, 12, () => null)).toBe(0);
  });

  it('refuses p outside (0, 1) and n that is not a positive integer', () => {
    expect(() => exactCoverage(0, 10, wald)).toThrow(RangeError);
    expect(() => exactCoverage(0.5, 0, wald)).toThrow(RangeError);
  });
});

describe('the coverage tally against an exact coverage', () => {
  it('simulated Wilson coverage on a Bernoulli population agrees with the exact sum within 4 Monte-Carlo errors', () => {
    const rng = createRng(17);
    for (const [p, n] of [
      [0.2, 30],
      [0.1, 20],
      [0.5, 10],
    ] as const) {
      const tally = emptyTally();
      const studies = 4000;
      for (let r = 0; r < studies; r++) {
        let x = 0;
        for (let i = 0; i < n; i++) if (rng.next() < p) x++;
        tallyIntervals(
          tally,
          [{ family: 'wilson on Bernoulli', method: 'wilson', key: 'p', interval: wilsonInterval(x, n) }],
          new Map([[truthKey('wilson on Bernoulli', 'p'), p]]),
        );
      }
      const [row] = summarizeCoverage(tally).rows;
      const exact = exactCoverage(p, n, (x, size) => wilsonInterval(x, size));
      expect(row?.intervals).toBe(studies);
      expect(row?.mc_error).not.toBeNull();
      expect(Math.abs((row?.coverage ?? 0) - exact)).toBeLessThan(4 * (row?.mc_error ?? 0));
      // The Wilson interval of the coverage contains the exact value too (it is a 95 % interval: 4 SE is the test's slack).
      expect(exact).toBeGreaterThan(0.9);
    }
  });

  it('tells a wrong interval apart: Wald at p = 0.005, n = 592 covers about 79 %, far from 95 %', () => {
    const rng = createRng(5);
    const tally = emptyTally();
    for (let r = 0; r < 3000; r++) {
      let x = 0;
      for (let i = 0; i < 592; i++) if (rng.next() < 0.005) x++;
      tallyIntervals(
        tally,
        [{ family: 'wald', method: 'normal', key: 'p', interval: wald(x, 592) }],
        new Map([[truthKey('wald', 'p'), 0.005]]),
      );
    }
    const [row] = summarizeCoverage(tally).rows;
    expect(Math.abs((row?.coverage ?? 0) - 0.792)).toBeLessThan(4 * (row?.mc_error ?? 0));
    expect(row?.meets_target).toBe(false);
  });
});
