import { describe, expect, it } from 'vitest';
import { summarizeCoverage } from './coverage-summary.ts';
import { covers, emptyTally, tallyIntervals } from './coverage-tally.ts';
import { truthKey } from './figure-pairs.ts';

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
