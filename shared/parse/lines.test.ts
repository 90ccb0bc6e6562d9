import { describe, expect, it } from 'vitest';
import { lineLocator, splitLines, stripByteOrderMark } from './lines.ts';

describe('lineLocator', () => {
  it('counts LF, CRLF and lone CR as one break each', () => {
    const locate = lineLocator('a\nb\r\nc\rd');
    expect([0, 2, 5, 7].map((offset) => locate(offset))).toEqual([
      { line: 1, column: 1 },
      { line: 2, column: 1 },
      { line: 3, column: 1 },
      { line: 4, column: 1 },
    ]);
  });

  it('gives columns within a line and puts offsets past the end on the last line', () => {
    const locate = lineLocator('ab\ncde');
    expect(locate(4)).toEqual({ line: 2, column: 2 });
    expect(locate(99)).toEqual({ line: 2, column: 97 });
  });
});

describe('splitLines and stripByteOrderMark', () => {
  it('splits at the same three breaks', () => {
    expect(splitLines('a\nb\r\nc\rd')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('removes only a leading byte order mark', () => {
    expect(stripByteOrderMark('\uFEFFa\uFEFF')).toBe('a\uFEFF');
  });
});
