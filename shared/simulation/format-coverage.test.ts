import { describe, expect, it } from 'vitest';
import { summarizeCoverage } from './coverage-summary.ts';
import { emptyTally } from './coverage-tally.ts';
import { formatCoverage } from './format-coverage.ts';

describe('formatCoverage', () => {
  it('prints the heading, one row per figure and method with coverage, error and target, and the claims', () => {
    const tally = emptyTally();
    tally.studies = 2;
    tally.intervals.x = {
      family: 'gold RatioAbstain',
      method: 'wilson',
      studies: 2,
      covered: 3,
      intervals: 4,
      coveredSquares: 5,
      coveredTimesIntervals: 6,
      intervalSquares: 8,
      missedLow: 1,
      missedHigh: 0,
      noInterval: 0,
      widthSum: 2e9,
    };
    const text = formatCoverage(summarizeCoverage(tally), 'Heading');
    expect(text.startsWith('Heading\n')).toBe(true);
    expect(text).toMatch(/\| gold RatioAbstain \| wilson +\| +4 \| +75\.0% \|/);
    expect(text).toContain('25.0% / 0.0%');
    expect(text).toContain('0.500');
    expect(text).toMatch(/\| +NO \|/);
    expect(text).toContain('| AccH above threshold |');
    expect(text).toContain('| ranking survives     |');
  });
});
