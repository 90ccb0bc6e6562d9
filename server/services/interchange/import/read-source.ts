import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { looksLikeScenarioCsv } from '../../../../shared/parse/scenario-csv.ts';
import { ByteLineSplitter } from '../../../../shared/text/byte-lines.ts';
import {
  firstInvalidUtf8,
  invalidUtf8Lines,
  invalidUtf8Message,
} from '../../../../shared/text/utf8-check.ts';
import { errors, type RecordProblem } from '../../../errors.ts';

/** What a file holds, judged by its first bytes rather than its name. */
export type SourceFormat = 'jsonl' | 'json' | 'scenario-csv' | 'unknown';

export interface SourceFile {
  path: string;
  /** The file's own name (its format and a scenario's mode may be read from it). */
  name: string;
  /** What messages call the file: the path as given to the command, or an upload's own name. */
  displayName: string;
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

/**
 * The file to import, by its first bytes. `displayName` (the path as given, unless an upload names its
 * own) is what every message calls it.
 */
export async function inspectSource(path: string, displayName: string = path): Promise<SourceFile> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw errors.validation(`${displayName} is not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT')
      throw errors.validation(`${displayName}: no such file. Check the path.`);
    throw error;
  }
  if (size === 0) throw errors.validation(`${displayName} is empty; there is nothing to import.`);
  return { path, name: basename(path), displayName, size, format: sniffFormat(await readHead(path)) };
}

/** What `streamLines` hands on: each line as text, or where a line stops being UTF-8. */
export interface LineReader {
  line: (line: number, text: string) => void;
  invalidUtf8: (line: number, byte: number) => void;
  bytes?: ((bytesRead: number) => void) | undefined;
}

/**
 * Streams a file line by line (1-based numbers; LF or CRLF), hashing its bytes as they pass, so a
 * large JSONL file is read once and never held whole in memory. Each line is checked to be UTF-8
 * before it is decoded: a line that is not goes to `invalidUtf8` with the file offset of its first
 * bad byte, never to `line` with U+FFFD in it. A byte order mark before the first line is dropped.
 * Resolves to the file's SHA-256.
 */
export async function streamLines(source: SourceFile, reader: LineReader): Promise<string> {
  const hash = createHash('sha256');
  let line = 0;
  const splitter = new ByteLineSplitter((bytes, start) => {
    line += 1;
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    if (!isUtf8(buffer)) {
      reader.invalidUtf8(line, start + Math.max(0, firstInvalidUtf8(bytes)));
      return;
    }
    const text = buffer.toString('utf8');
    reader.line(line, line === 1 ? text.replace(/^\uFEFF/, '') : text);
  });
  let bytesRead = 0;
  for await (const chunk of createReadStream(source.path)) {
    if (!Buffer.isBuffer(chunk)) throw new Error('a file stream gave text instead of bytes');
    hash.update(chunk);
    splitter.push(chunk);
    bytesRead += chunk.length;
    reader.bytes?.(bytesRead);
  }
  splitter.end();
  return hash.digest('hex');
}

/** Every line of `bytes` that is not UTF-8, as the problems of an import. */
export function utf8Problems(bytes: Uint8Array): RecordProblem[] {
  if (isUtf8(bytes)) return [];
  return invalidUtf8Lines(bytes).map(({ line, byte }) => ({ line, message: invalidUtf8Message(byte) }));
}

/**
 * Reads a whole (small) document, for formats that cannot be parsed line by line. One that is not
 * UTF-8 is refused with every line that is not: its structure (a CSV field, a JSON array) cannot be
 * read reliably around a bad byte, so nothing else is reported for it.
 */
export async function readWhole(source: SourceFile): Promise<{ text: string; sha256: string }> {
  const bytes = await readFile(source.path);
  const problems = utf8Problems(bytes);
  if (problems.length > 0) throw errors.importInvalid(source.displayName, problems);
  return {
    text: bytes.toString('utf8').replace(/^\uFEFF/, ''),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
