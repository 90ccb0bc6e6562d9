import { describe, expect, it } from 'vitest';
import type { Span } from '../schemas/annotation.ts';
import { spanOverlap } from './span-overlap.ts';

const span = (
  start: number,
  end: number,
  caseId: Span['case'],
  factor: Span['factor'],
  text?: string,
): Span => ({
  start,
  end,
  case: caseId,
  factor,
  style: 'code',
  polarity: 'asserted',
  ...(text === undefined ? {} : { text }),
});

describe('spanOverlap', () => {
  it('matches spans of the same case and factor that share a character, counted both ways', () => {
    const first = [span(0, 10, 'current', 'F4')];
    const second = [span(5, 20, 'current', 'F4'), span(30, 40, 'tsc1', 'F6')];
    expect(spanOverlap(first, second)).toEqual({
      firstSpans: 1,
      firstMatched: 1,
      secondSpans: 2,
      secondMatched: 1,
    });
  });

  it('does not match touching ranges, another case or another factor', () => {
    const first = [span(0, 10, 'current', 'F4')];
    expect(spanOverlap(first, [span(10, 12, 'current', 'F4')]).firstMatched).toBe(0); // [0,10) and [10,12) touch
    expect(spanOverlap(first, [span(0, 10, 'tsc1', 'F4')]).firstMatched).toBe(0);
    expect(spanOverlap(first, [span(0, 10, 'current', 'F5')]).firstMatched).toBe(0);
  });

  it('requires the same normalised text for unlisted spans that give one', () => {
    const first = [span(0, 10, 'current', 'unlisted', 'F30 Market-dominance')];
    expect(spanOverlap(first, [span(2, 8, 'current', 'unlisted', 'f30 market dominance')]).firstMatched).toBe(
      1,
    );
    expect(spanOverlap(first, [span(2, 8, 'current', 'unlisted', 'F31 Other')]).firstMatched).toBe(0);
  });

  it('counts nothing for readers without spans', () => {
    expect(spanOverlap([], [])).toEqual({ firstSpans: 0, firstMatched: 0, secondSpans: 0, secondMatched: 0 });
  });
});
