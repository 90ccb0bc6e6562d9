import { describe, expect, it } from 'vitest';
import { findLoneSurrogate, loneSurrogateIn, loneSurrogateMessage } from './lone-surrogates.ts';

describe('loneSurrogateIn', () => {
  it('finds a high or a low half alone, and lets a pair through', () => {
    expect(loneSurrogateIn(JSON.parse('"a\\ud800b"'))).toBe(0xd800);
    expect(loneSurrogateIn(JSON.parse('"\\udfff"'))).toBe(0xdfff);
    expect(loneSurrogateIn(JSON.parse('"x\\ud83d"'))).toBe(0xd83d);
    expect(loneSurrogateIn(JSON.parse('"\\udc00\\ud800"'))).toBe(0xdc00);
    expect(loneSurrogateIn(JSON.parse('"\\ud83d\\ude42 fine"'))).toBeUndefined();
    expect(loneSurrogateIn('plain — “text” 🙂')).toBeUndefined();
  });
});

describe('findLoneSurrogate', () => {
  it('names the path of the first one, in nested values and in keys', () => {
    expect(findLoneSurrogate(JSON.parse('{"a": 1, "spans": [{"note": "ok"}, {"note": "\\ud800"}]}'))).toEqual(
      {
        path: 'spans[1].note',
        codeUnit: 0xd800,
      },
    );
    expect(findLoneSurrogate(JSON.parse('{"k\\udc01": true}'))).toEqual({
      path: 'k\udc01',
      codeUnit: 0xdc01,
    });
    expect(findLoneSurrogate(JSON.parse('"\\ud800"'))).toEqual({ path: '', codeUnit: 0xd800 });
    expect(findLoneSurrogate({ text: 'fine 🙂', list: [1, null, false] })).toBeUndefined();
  });

  it('says which escape is wrong and what to write instead', () => {
    expect(loneSurrogateMessage({ path: 'text', codeUnit: 0xd800 })).toMatch(
      /^text: the escape \\ud800 is half of a surrogate pair/,
    );
  });
});
