import { describe, expect, it } from 'vitest';
import { jsonlLines } from './jsonl-stream.ts';

async function collect(chunks: Array<string | Uint8Array>): Promise<string[]> {
  async function* source() {
    for (const chunk of chunks) yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
  }
  const lines: string[] = [];
  for await (const line of jsonlLines(source())) lines.push(line);
  return lines;
}

describe('jsonlLines', () => {
  it('splits lines across chunk boundaries and keeps a last line without a newline', async () => {
    expect(await collect(['{"a":', '1}\n{"b"', ':2}\n', '{"c":3}'])).toEqual([
      '{"a":1}',
      '{"b":2}',
      '{"c":3}',
    ]);
  });

  it('drops CRLF line ends and blank lines', async () => {
    expect(await collect(['x\r\n\r\n', '\ny\r', '\n'])).toEqual(['x', 'y']);
  });

  it('decodes a multi-byte character split between chunks', async () => {
    const bytes = new TextEncoder().encode('"Ä→é"\n');
    expect(await collect([bytes.slice(0, 2), bytes.slice(2, 5), bytes.slice(5)])).toEqual(['"Ä→é"']);
  });

  it('gives nothing for an empty stream', async () => {
    expect(await collect([])).toEqual([]);
  });
});
