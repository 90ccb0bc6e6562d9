import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errors } from '../../../errors.ts';
import { BatchFileSplitter, type BatchLimits, type LinePlacement } from './batch-split.ts';

/** One written batch input file and the requests (by the caller's ids) it carries, in order. */
export interface WrittenBatchFile {
  path: string;
  name: string;
  requests: number;
  bytes: number;
  requestIds: number[];
}

// Lines are gathered into chunks of about this many bytes before one write: a write per line would
// cost a system call each, a whole file in memory would cost up to 200 MB.
const CHUNK_BYTES = 1 << 20;

/**
 * Writes JSONL request lines into batch input files within `limits` (split by `BatchFileSplitter`),
 * in a temporary directory of its own, streaming: memory holds one chunk of lines, never a file.
 * `finish` closes the last file and returns every file written; `dispose` deletes them all.
 */
export class BatchFileWriter {
  readonly dir: string;
  private readonly splitter: BatchFileSplitter;
  private readonly files: WrittenBatchFile[] = [];
  private fd: number | null = null;
  private chunk: string[] = [];
  private chunkBytes = 0;

  constructor(
    limits: BatchLimits,
    private readonly prefix: string,
    parentDir: string = tmpdir(),
  ) {
    this.splitter = new BatchFileSplitter(limits);
    this.dir = mkdtempSync(join(parentDir, 'factor-audit-batch-'));
  }

  /** Adds one request line (no newline in it) for the request `requestId`. */
  add(line: string, requestId: number): void {
    const bytes = Buffer.byteLength(line, 'utf8');
    let placement: LinePlacement;
    try {
      placement = this.splitter.place(bytes);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw errors.validation(
        `${error.message}; raise --batch-max-bytes (the requests of earlier pages stay prepared: "batch retry" sends them)`,
      );
    }
    if (placement.opensFile) this.open();
    const file = this.files.at(-1);
    if (!file) throw new Error('no open batch file');
    this.chunk.push(line);
    this.chunkBytes += bytes + 1;
    file.requests += 1;
    file.bytes += bytes + 1;
    file.requestIds.push(requestId);
    if (this.chunkBytes >= CHUNK_BYTES) this.flush();
  }

  /** Closes the last file; the files written, in order (none when no line was added). */
  finish(): WrittenBatchFile[] {
    this.close();
    return this.files;
  }

  /** Deletes the directory and every file in it. */
  dispose(): void {
    this.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private open(): void {
    this.close();
    const name = `${this.prefix}-${String(this.files.length + 1).padStart(3, '0')}.jsonl`;
    const path = join(this.dir, name);
    this.fd = openSync(path, 'w');
    this.files.push({ path, name, requests: 0, bytes: 0, requestIds: [] });
  }

  private flush(): void {
    if (this.fd === null || this.chunk.length === 0) return;
    writeSync(this.fd, `${this.chunk.join('\n')}\n`);
    this.chunk = [];
    this.chunkBytes = 0;
  }

  private close(): void {
    this.flush();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
