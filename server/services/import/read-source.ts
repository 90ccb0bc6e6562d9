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

/** At least this much of a file is read to tell its format (a scenario CSV's header block fits). */
const SNIFF_BYTES = 64 * 1024;

/**
 * `[` → a JSON array (the paper's log). `{` → JSONL or one JSON document, told apart by the first
 * line, read whole however long it is: a complete JSON value → JSONL. A first line that stops inside
 * an open object or array (`{` alone, `{ "source": "Table 2",`) and a second line that is not a JSON
 * object of its own → one document spread over lines. Anything else starting with `{` is JSONL whose
 * first record is broken: every line is then read and every bad one reported by its number. A first
 * line with a `Scenario` column → the paper's scenario CSV.
 *
 * `head` must hold the file's first two non-empty lines whole (`readHead` reads that much).
 */
export function sniffFormat(head: string): SourceFormat {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('[')) return 'json';
  if (text.startsWith('{')) {
    const [first = '', ...rest] = text.split('\n');
    if (parsesAsJson(first)) return 'jsonl';
    const second = rest.find((line) => line.trim() !== '');
    const secondIsRecord = second !== undefined && isJsonObject(second);
    return stopsInsideValue(first) && !secondIsRecord ? 'json' : 'jsonl';
  }
  return looksLikeScenarioCsv(text) ? 'scenario-csv' : 'unknown';
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Whether the text ends inside a string or with an object or array still open (a document's first line). */
function stopsInsideValue(text: string): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const char of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
  }
  return inString || depth > 0;
}

const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
/** Space, tab, carriage return and the UTF-8 byte order mark's bytes do not make a line non-empty. */
const BLANK_BYTES = new Set([0x20, 0x09, 0x0d, 0xef, 0xbb, 0xbf]);

/**
 * The first `SNIFF_BYTES` of a file, and — when it starts with `{` — on until its first two non-empty
 * lines are whole (or the file ends), however long they are: a JSONL file's first record may be a
 * megabyte long. Newlines are counted on the bytes (UTF-8 never hides 0x0A inside a character).
 */
async function readHead(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let offset = 0;
    let firstByte: number | undefined;
    let lineHasContent = false;
    let completeLines = 0;
    for (;;) {
      const chunk = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, offset);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      offset += bytesRead;
      for (const byte of chunk.subarray(0, bytesRead)) {
        if (byte === NEWLINE) {
          if (lineHasContent) completeLines += 1;
          lineHasContent = false;
        } else if (!BLANK_BYTES.has(byte)) {
          firstByte ??= byte;
          lineHasContent = true;
        }
      }
      if (firstByte !== undefined && (firstByte !== OPEN_BRACE || completeLines >= 2)) break;
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    await handle.close();
  }
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
  return { path, name: basename(path), size, format: sniffFormat(await readHead(path)) };
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
