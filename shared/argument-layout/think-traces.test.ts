import { describe, expect, it } from 'vitest';
import { findThinkTraces } from './think-traces.ts';

describe('findThinkTraces', () => {
  it('reads each closed trace, tags included, case-insensitively', () => {
    const text = '<think>F4?</think> F6. <THINK>F10</Think> F15.';
    expect(findThinkTraces(text)).toEqual([
      { start: 0, end: 18, closed: true },
      { start: 23, end: 41, closed: true },
    ]);
  });

  it('closes a trace from the start (or the previous trace) at a closing tag alone', () => {
    expect(findThinkTraces('F4 first.</think>F6.</think>F7.')).toEqual([
      { start: 0, end: 17, closed: true },
      { start: 17, end: 28, closed: true },
    ]);
  });

  it('runs a trace never closed to the end, and ignores an opening tag inside an open trace', () => {
    const text = 'F4. <think>F6 <think>F10';
    expect(findThinkTraces(text)).toEqual([{ start: 4, end: text.length, closed: false }]);
  });

  it('finds none in a text without tags', () => {
    expect(findThinkTraces('Plaintiff: F4 < F6.')).toEqual([]);
  });
});
