import { describe, expect, it } from 'vitest';
import { isWhiteSpace, skipWhiteSpace, trimEnd } from './white-space.ts';

describe('white space', () => {
  it('counts the six ASCII white-space characters and nothing else', () => {
    expect([' ', '\t', '\n', '\r', '\f', '\v'].every(isWhiteSpace)).toBe(true);
    expect(['a', '\u00a0', undefined].some(isWhiteSpace)).toBe(false);
  });

  it('skips it forwards from a position and backwards from an end, within bounds', () => {
    expect(skipWhiteSpace('  \n F4 ', 0, 7)).toBe(4);
    expect(skipWhiteSpace('   ', 0, 2)).toBe(2);
    expect(trimEnd(' F4 \n ', 1, 6)).toBe(3);
    expect(trimEnd('    ', 1, 4)).toBe(1);
  });
});
