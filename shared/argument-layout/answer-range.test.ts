import { describe, expect, it } from 'vitest';
import { answerRange } from './answer-range.ts';

describe('answerRange', () => {
  it('points past the reasoning trace into the original text', () => {
    const text = '<think>F4? yes</think>\n\n  F6 applies.  ';
    const range = answerRange(text);
    expect(text.slice(range.start, range.end)).toBe('F6 applies.');
    expect(range.unterminated).toBe(false);
  });

  it('is the whole trimmed text without a trace', () => {
    expect(answerRange('  F6.\n')).toEqual({ start: 2, end: 5, unterminated: false });
  });

  it('is empty and unterminated when the trace never closes', () => {
    const text = '<think>The input case has F4 and';
    expect(answerRange(text)).toEqual({ start: text.length, end: text.length, unterminated: true });
  });
});
