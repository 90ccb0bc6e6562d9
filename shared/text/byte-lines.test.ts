import { describe, expect, it } from 'vitest';
import { ByteLineSplitter } from './byte-lines.ts';

const encode = (text: string) => new TextEncoder().encode(text);

function split(chunks: readonly string[]): [string, number][] {
  const lines: [string, number][] = [];
  const splitter = new ByteLineSplitter((line, start) => lines.push([new TextDecoder().decode(line), start]));
  for (const chunk of chunks) splitter.push(encode(chunk));
  splitter.end();
  return lines;
}

describe('ByteLineSplitter', () => {
  it('gives each line with the offset of its first byte, LF and CRLF alike', () => {
    expect(split(['a\r\nbc\n\ndé\n'])).toEqual([
      ['a', 0],
      ['bc', 3],
      ['', 6],
      ['dé', 7],
    ]);
  });

  it('joins a line cut between chunks, a CRLF cut between them too, and keeps a last line without LF', () => {
    expect(split(['{"a"', ': 1}\r', '\n{"b": 2}\n{"c', '"}'])).toEqual([
      ['{"a": 1}', 0],
      ['{"b": 2}', 10],
      ['{"c"}', 19],
    ]);
    expect(split([])).toEqual([]);
    expect(split(['only'])).toEqual([['only', 0]]);
  });

  it('cuts lines on the bytes, so a multi-byte character split between chunks stays whole', () => {
    const bytes = encode('é\n');
    const lines: Uint8Array[] = [];
    const splitter = new ByteLineSplitter((line) => lines.push(line));
    splitter.push(bytes.subarray(0, 1));
    splitter.push(bytes.subarray(1));
    splitter.end();
    expect(lines.map((line) => new TextDecoder().decode(line))).toEqual(['é']);
  });
});
