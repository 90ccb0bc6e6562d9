import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { looksLikeScenarioCsv } from '../../../shared/parse/scenario-csv.ts';
import { errors } from '../../errors.ts';

/** What a file holds, judged by its first bytes rather than its name. */
export type SourceFormat = 'jsonl' | 'json' | 'scenario-csv' | 'unknown';

export interface SourceFile {
  path: string;
  name: string;
  size: number;
  format: SourceFormat;
}

const SNIFF_BYTES = 64 * 1024;

/**
 * `{` at the start and a complete JSON value on the first line → JSONL; `{` spanning lines → one JSON
 * document; `[` → a JSON array (the paper's log); a first line with a `Scenario` column → the
 * paper's scenario CSV.
 */
export function sniffFormat(head: string): SourceFormat {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('[')) return 'json';
  if (text.startsWith('{')) {
    const firstLine = text.split('\n', 1)[0] ?? '';
    try {
      JSON.parse(firstLine);
      return 'jsonl';
    } catch {
      return 'json';
    }
  }
  return looksLikeScenarioCsv(text) ? 'scenario-csv' : 'unknown';
}

export async function inspectSource(path: string): Promise<SourceFile> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw errors.validation(`${path} is not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT')
      throw errors.validation(`${path}: no such file. Check the path.`);
    throw error;
  }
  if (size === 0) throw errors.validation(`${path} is empty; there is nothing to import.`);
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    await handle.read(buffer, 0, buffer.length, 0);
    return { path, name: basename(path), size, format: sniffFormat(buffer.toString('utf8')) };
  } finally {
    await handle.close();
  }
}

/**
 * Streams a file line by line (1-based numbers), hashing its bytes as they pass, so a large JSONL file
 * is read once and never held whole in memory. Resolves to the file's SHA-256.
 */
export async function streamLines(
  source: SourceFile,
  onLine: (line: number, text: string) => void,
  onBytes?: (bytesRead: number) => void,
): Promise<string> {
  const hash = createHash('sha256');
  const stream = createReadStream(source.path);
  let bytesRead = 0;
  stream.on('data', (chunk) => {
    hash.update(chunk);
    bytesRead += chunk.length;
    onBytes?.(bytesRead);
  });
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    onLine(line, line === 1 ? text.replace(/^\uFEFF/, '') : text);
  }
  return hash.digest('hex');
}

/** Reads a whole (small) document, for formats that cannot be parsed line by line. */
export async function readWhole(source: SourceFile): Promise<{ text: string; sha256: string }> {
  const bytes = await readFile(source.path);
  return {
    text: bytes.toString('utf8').replace(/^\uFEFF/, ''),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
