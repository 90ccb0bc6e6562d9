import { describe, expect, it } from 'vitest';
import { locateArrayElements } from './json-locate.ts';

describe('locateArrayElements', () => {
  it('finds the lines of a top-level array', () => {
    const text = '[\n  {"a": 1},\n  {"a": "x,]"},\n\n  {"b": [1, 2]}\n]';
    expect(locateArrayElements(text)).toEqual([2, 3, 5]);
  });
  it('finds the lines of the array under a key, ignoring nested arrays', () => {
    const text = '{\n "source": "values",\n "values": [\n  {"m": [1,\n 2]},\n  {"m": 3}\n ]\n}';
    expect(locateArrayElements(text, 'values')).toEqual([4, 6]);
  });
  it('handles a one-line document', () => {
    expect(locateArrayElements('{"values":[{"a":1},{"a":2}]}', 'values')).toEqual([1, 1]);
  });
  it('returns nothing for an empty array or a missing key', () => {
    expect(locateArrayElements('[]')).toEqual([]);
    expect(locateArrayElements('{"x": [1]}', 'values')).toEqual([]);
  });
});
