import { describe, expect, it } from 'vitest';
import { binomialMcError, clusteredMcError, coverageInterval } from './monte-carlo-error.ts';

describe('binomialMcError', () => {
  it('is √(p(1 − p)/n): 0.95 over 1000 intervals gives 0.00689 (Morris, White & Crowther 2019, Table 6)', () => {
    expect(binomialMcError(0.95, 1000)).toBeCloseTo(Math.sqrt(0.0475 / 1000), 12);
    expect(binomialMcError(0.95, 1000)).toBeCloseTo(0.00689, 5);
    expect(binomialMcError(0.5, 0)).toBeNull();
  });
});

describe('clusteredMcError', () => {
  it('is the ratio estimator’s error over studies, worked by hand', () => {
    // Three studies: 2 of 2, 1 of 2, 2 of 2 covered → p = 5/6, n̄ = 2;
    // residuals c − p·n: 1/3, −2/3, 1/3 → Σ² = 2/3; Var = (2/3)/(3·2·4) = 1/36 → SE = 1/6.
    const sums = {
      studies: 3,
      covered: 5,
      intervals: 6,
      coveredSquares: 9,
      coveredTimesIntervals: 10,
      intervalSquares: 12,
    };
    expect(clusteredMcError(sums)).toBeCloseTo(1 / 6, 12);
  });

  it('with one interval per study is the binomial error up to R/(R − 1)', () => {
    const R = 100;
    const covered = 90;
    const sums = {
      studies: R,
      covered,
      intervals: R,
      coveredSquares: covered,
      coveredTimesIntervals: covered,
      intervalSquares: R,
    };
    expect(clusteredMcError(sums)).toBeCloseTo(Math.sqrt((0.9 * 0.1) / (R - 1)), 12);
  });

  it('is null with fewer than two studies', () => {
    expect(
      clusteredMcError({
        studies: 1,
        covered: 1,
        intervals: 1,
        coveredSquares: 1,
        coveredTimesIntervals: 1,
        intervalSquares: 1,
      }),
    ).toBeNull();
  });
});

describe('coverageInterval', () => {
  it('is the Wilson interval over the intervals when they are independent', () => {
    const se = Math.sqrt((0.9 * 0.1) / 100);
    const interval = coverageInterval(0.9, se, 100);
    expect(interval?.lower).toBeCloseTo(0.8256, 3);
    expect(interval?.upper).toBeCloseTo(0.9448, 3);
  });

  it('widens when the intervals are correlated (a larger error means fewer effective intervals)', () => {
    const independent = coverageInterval(0.9, Math.sqrt(0.09 / 1000), 1000);
    const clustered = coverageInterval(0.9, Math.sqrt(0.09 / 100), 1000);
    expect((clustered?.upper ?? 0) - (clustered?.lower ?? 0)).toBeGreaterThan(
      (independent?.upper ?? 0) - (independent?.lower ?? 0),
    );
  });
});
