import { describe, expect, it } from 'vitest';
import { jsonArrayElementSpans } from './json-array.ts';

describe('jsonArrayElementSpans', () => {
  it('splits an array at its top-level commas, skipping brackets inside strings', () => {
    const text = '[{"a": "x,]"}, [1, 2], 3]';
    const { spans, end, error } = jsonArrayElementSpans(text, 0);
    expect(spans.map((span) => text.slice(span.start, span.end))).toEqual(['{"a": "x,]"}', '[1, 2]', '3']);
    expect(end).toBe(text.length - 1);
    expect(error).toBeNull();
  });
  it('splits an object into its members', () => {
    const text = '{"source": "T", "values": [1]}';
    const { spans, end, error } = jsonArrayElementSpans(text, 0);
    expect(spans.map((span) => text.slice(span.start, span.end))).toEqual(['"source": "T"', '"values": [1]']);
    expect(end).toBe(text.length - 1);
    expect(error).toBeNull();
  });
  it('says where a cut-off array stops', () => {
    expect(jsonArrayElementSpans('[{"a": 1}, {"b":', 0).error?.message).toMatch(/record 2 is cut off/);
  });
});
