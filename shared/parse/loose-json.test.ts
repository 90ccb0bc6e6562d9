import { describe, expect, it } from 'vitest';
import { parseLooseValue } from './loose-json.ts';

describe('parseLooseValue', () => {
  it('reads set items and key-value pairs in the same braces, and says where the value ends', () => {
    const text = 'x {"a", b: [1, \'c\']} y';
    expect(parseLooseValue(text, 2)).toEqual({
      ok: true,
      end: 20,
      value: {
        kind: 'object',
        entries: [
          { key: { kind: 'string', text: 'a' }, value: null },
          {
            key: { kind: 'word', text: 'b' },
            value: {
              kind: 'array',
              items: [
                { kind: 'word', text: '1' },
                { kind: 'string', text: 'c' },
              ],
            },
          },
        ],
      },
    });
  });

  it('decodes JSON escapes, \\u sequences included', () => {
    expect(parseLooseValue('"a\\"b\\n\\u00e9"', 0)).toMatchObject({
      ok: true,
      value: { kind: 'string', text: 'a"b\né' },
    });
  });

  it('marks running out of text as truncated', () => {
    expect(parseLooseValue('{"a": [1, 2', 0)).toEqual({
      ok: false,
      message: 'the text ends before the brackets that open at line 1, column 7 close',
      at: 6,
      truncated: true,
    });
  });

  it('does not mark a syntax error as truncated', () => {
    expect(parseLooseValue('[1: 2]', 0)).toEqual({
      ok: false,
      message: 'unexpected ":" at line 1, column 3 inside a list',
      at: 2,
      truncated: false,
    });
  });
});
