import { describe, expect, it } from 'vitest';
import { summarizeCoverage } from './coverage-summary.ts';
import { mergeTallies } from './coverage-tally.ts';
import { DEFAULT_COVERAGE_SETTINGS, shareStudies, simulateCoverage } from './simulate-coverage.ts';
import { smallScenario } from './test-fixtures.ts';

describe('shareStudies', () => {
  it('gives each worker whole populations when there are enough, else every W-th study', () => {
    expect(shareStudies(6, 3, 2)).toEqual([
      [0, 2, 3, 5],
      [1, 4],
    ]);
    expect(shareStudies(4, 1, 2)).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(shareStudies(1, 10, 2)).toEqual([[0]]);
  });
});

describe('simulateCoverage', () => {
  const settings = {
    ...DEFAULT_COVERAGE_SETTINGS,
    scenario: smallScenario(4, 8),
    replicates: 4,
    bootstrap: 20,
    populations: 2,
  };

  it('gives the same tally whatever the split of the studies over workers, and again for the same seed', () => {
    const whole = simulateCoverage(settings, [0, 1, 2, 3]);
    const [first, second] = shareStudies(4, 2, 2);
    expect(first).toEqual([0, 2]);
    const split = mergeTallies(
      simulateCoverage(settings, second ?? []),
      simulateCoverage(settings, first ?? []),
    );
    expect(summarizeCoverage(split)).toEqual(summarizeCoverage(whole));
    expect(summarizeCoverage(simulateCoverage(settings, [0, 1, 2, 3]))).toEqual(summarizeCoverage(whole));
    expect(whole.studies).toBe(4);
    expect(whole.acchClaim.studies).toBe(4);
    const rows = summarizeCoverage(whole).rows;
    expect(rows.find((row) => row.family === 'corrected AccH (gpt-4.1)')?.intervals).toBe(4 * 2 * 3);
  });

  it('judges no AccH claim on cells under the ten-gold minimum (every one is too few at 1–2 gold a cell)', () => {
    const tally = simulateCoverage(settings, [0, 1]);
    expect(tally.acchClaim.tooFew).toBe(tally.acchClaim.checked);
    expect(tally.acchClaim.holds).toBe(0);
  });
});
