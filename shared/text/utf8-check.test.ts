import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8, invalidUtf8Lines } from './utf8-check.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('firstInvalidUtf8', () => {
  it('accepts ASCII, and every well-formed row of Unicode Table 3-7 at its edges', () => {
    expect(firstInvalidUtf8(utf8('plain ASCII {"a": 1}'))).toBe(-1);
    for (const text of [
      '\u0080',
      '\u07ff',
      '\u0800',
      '\ud7ff',
      '\ue000',
      '\uffff',
      '\u{10000}',
      '\u{10ffff}',
    ])
      expect(firstInvalidUtf8(utf8(text)), text.codePointAt(0)?.toString(16)).toBe(-1);
    expect(firstInvalidUtf8(utf8('Trade secrets — §757 “Restatement” 営業秘密 🙂'))).toBe(-1);
  });

  it('finds what the Standard calls ill-formed, at the first byte of the bad sequence', () => {
    expect(firstInvalidUtf8(bytes(0x61, 0xff))).toBe(1); // never a UTF-8 byte
    expect(firstInvalidUtf8(bytes(0x61, 0x80))).toBe(1); // a stray continuation byte
    expect(firstInvalidUtf8(bytes(0xc0, 0xaf))).toBe(0); // overlong "/"
    expect(firstInvalidUtf8(bytes(0xc1, 0xbf))).toBe(0); // overlong
    expect(firstInvalidUtf8(bytes(0xe0, 0x80, 0xaf))).toBe(0); // overlong, 3 bytes
    expect(firstInvalidUtf8(bytes(0xed, 0xa0, 0x80))).toBe(0); // U+D800 encoded (CESU-8)
    expect(firstInvalidUtf8(bytes(0xf0, 0x8f, 0xbf, 0xbf))).toBe(0); // overlong, 4 bytes
    expect(firstInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0); // past U+10FFFF
    expect(firstInvalidUtf8(bytes(0xf5, 0x80, 0x80, 0x80))).toBe(0);
    expect(firstInvalidUtf8(bytes(0x61, 0x62, 0xe2, 0x82))).toBe(2); // cut short at the end
    expect(firstInvalidUtf8(bytes(0xe2, 0x28, 0xa1))).toBe(0); // a continuation byte missing
  });

  it('looks only inside the range it is given', () => {
    const text = bytes(0xff, 0x61, 0x62, 0xc3, 0xa9, 0xff);
    expect(firstInvalidUtf8(text, 1, 5)).toBe(-1);
    expect(firstInvalidUtf8(text, 1)).toBe(5);
    // A sequence cut by the end of the range is ill-formed within it.
    expect(firstInvalidUtf8(text, 1, 4)).toBe(3);
  });
});

describe('invalidUtf8Lines', () => {
  it('names each line with a bad byte once, by its number and the offset of its first bad byte', () => {
    const file = new Uint8Array([
      ...utf8('{"a": "ok"}\n{"a": "'),
      0xff,
      0xfe,
      ...utf8('"}\n{"é": 1}\n'),
      0x80,
    ]);
    expect(invalidUtf8Lines(file)).toEqual([
      { line: 2, byte: 19 },
      { line: 4, byte: 34 },
    ]);
    expect(invalidUtf8Lines(utf8('all\nfine\n'))).toEqual([]);
  });
});
