import { describe, expect, it } from 'vitest';
import { summarizeCoverage } from './coverage-summary.ts';
import { covers, emptyTally, mergeTallies, tallyIntervals } from './coverage-tally.ts';
import { truthKey } from './figure-pairs.ts';
import { DEFAULT_COVERAGE_SETTINGS, shareStudies, simulateCoverage } from './simulate-coverage.ts';
import { smallScenario } from './test-fixtures.ts';

describe('covers', () => {
  it('includes both ends', () => {
    expect(covers({ lower: 0.2, upper: 0.4 }, 0.2)).toBe(true);
    expect(covers({ lower: 0.2, upper: 0.4 }, 0.4)).toBe(true);
    expect(covers({ lower: 0.2, upper: 0.4 }, 0.41)).toBe(false);
  });
});

describe('tallyIntervals', () => {
  it('counts covered, missed on each side, missing intervals and widths; skips figures without a truth', () => {
    const tally = emptyTally();
    const truths = new Map([
      [truthKey('f', 'a'), 0.5],
      [truthKey('f', 'b'), 0.5],
    ]);
    tallyIntervals(
      tally,
      [
        { family: 'f', method: 'wilson', key: 'a', interval: { lower: 0.4, upper: 0.6 } },
        { family: 'f', method: 'wilson', key: 'b', interval: { lower: 0.6, upper: 0.7 } },
        { family: 'f', method: 'wilson', key: 'b', interval: null },
        { family: 'f', method: 'wilson', key: 'no truth', interval: { lower: 0, upper: 0.1 } },
      ],
      truths,
    );
    tallyIntervals(
      tally,
      [{ family: 'f', method: 'wilson', key: 'a', interval: { lower: 0.1, upper: 0.3 } }],
      truths,
    );
    const [row] = summarizeCoverage(tally).rows;
    expect(row).toMatchObject({
      intervals: 3,
      studies: 2,
      coverage: 1 / 3,
      no_interval: 1,
      missed_low: 1 / 3,
      missed_high: 1 / 3,
    });
    expect(row?.mean_width).toBeCloseTo((0.2 + 0.1 + 0.2) / 3, 12);
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
