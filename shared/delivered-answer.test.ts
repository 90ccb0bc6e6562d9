import { describe, expect, it } from 'vitest';
import { deliveredAnswerOnly } from './delivered-answer.ts';

describe('deliveredAnswerOnly', () => {
  it('blanks the reasoning trace, keeping the length, the line breaks and the answer', () => {
    const text = '<think>F9 is\ntempting</think>\nF4 applies.';
    const shown = deliveredAnswerOnly(text);
    expect(shown).toHaveLength(text.length);
    expect(shown).not.toMatch(/think|F9|tempting/);
    expect(shown.split('\n')).toHaveLength(3);
    expect(shown.slice(text.indexOf('F4'))).toBe('F4 applies.');
  });

  it('keeps a response without a trace byte for byte', () => {
    const text = '\n  F4 applies.\t\n';
    expect(deliveredAnswerOnly(text)).toBe(text);
  });

  it('blanks a trace the model never closed, before and after the answer alike', () => {
    expect(deliveredAnswerOnly('<think>still thinking')).toBe(' '.repeat(21));
    expect(deliveredAnswerOnly('F4 applies. <think>more')).toBe(`F4 applies.${' '.repeat(12)}`);
  });
});
