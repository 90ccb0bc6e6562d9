import { describe, expect, it } from 'vitest';
import { COVERAGE_TARGET, summarizeCoverage, WRONG_HOLDS_TARGET } from './coverage-summary.ts';
import { emptyTally } from './coverage-tally.ts';

describe('summarizeCoverage', () => {
  it('gives each claim the share of studies with a wrong holds and fails, against the 5 % target', () => {
    const tally = emptyTally();
    tally.studies = 40;
    tally.acchClaim = {
      ...tally.acchClaim,
      studies: 40,
      checked: 120,
      holds: 30,
      wrongHolds: 3,
      studiesWithWrongHolds: 3,
      studiesWithWrongFails: 1,
    };
    const { claims, targets } = summarizeCoverage(tally);
    expect(targets).toEqual({ coverage: COVERAGE_TARGET, wrong_holds: WRONG_HOLDS_TARGET });
    expect(claims.acch_above.wrong_holds_studies_share).toBeCloseTo(3 / 40, 12);
    expect(claims.acch_above.wrong_fails_studies_share).toBeCloseTo(1 / 40, 12);
    expect(claims.acch_above.wrong_holds_mc_error).toBeCloseTo(Math.sqrt((0.075 * 0.925) / 40), 12);
    expect(claims.acch_above.meets_target).toBe(false);
    expect(claims.ranking.wrong_holds_studies_share).toBeNull();
  });

  it('sorts rows by figure, then method, and marks the 93 % target', () => {
    const tally = emptyTally();
    const row = (family: string, method: 'wilson' | 'bca', covered: number) => ({
      family,
      method,
      studies: 10,
      covered,
      intervals: 10,
      coveredSquares: covered,
      coveredTimesIntervals: covered,
      intervalSquares: 10,
      missedLow: 0,
      missedHigh: 10 - covered,
      noInterval: 0,
      widthSum: 10 * 1e8,
    });
    tally.intervals = { b: row('b', 'wilson', 9), a2: row('a', 'wilson', 10), a1: row('a', 'bca', 9) };
    const rows = summarizeCoverage(tally).rows;
    expect(rows.map((r) => `${r.family} ${r.method}`)).toEqual(['a bca', 'a wilson', 'b wilson']);
    expect(rows.map((r) => r.meets_target)).toEqual([false, true, false]);
    expect(rows[0]?.mean_width).toBeCloseTo(0.1, 12);
    expect(rows[0]?.missed_high).toBeCloseTo(0.1, 12);
  });
});
