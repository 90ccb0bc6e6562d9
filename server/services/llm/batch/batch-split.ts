/** How big one batch input file may be. */
export interface BatchLimits {
  /** Requests per file (OpenAI: 50,000). */
  maxRequests: number;
  /** Bytes per file, newlines included (OpenAI: 200 MB). */
  maxBytes: number;
}

/**
 * OpenAI's limits per batch input file: 50,000 requests and 200 MB. The bytes are taken as
 * 200,000,000 (decimal megabytes), the smaller reading of "200 MB", so a file is never refused for
 * the difference.
 */
export const OPENAI_BATCH_LIMITS: BatchLimits = { maxRequests: 50_000, maxBytes: 200_000_000 };

/** Where one line goes: its file (0-based) and whether it opens that file. */
export interface LinePlacement {
  file: number;
  opensFile: boolean;
}

/**
 * Splits a stream of JSONL lines into files within `limits`, greedily and in order: a line goes into
 * the current file unless it would take the file past `maxRequests` lines or `maxBytes` bytes (each
 * line counts its UTF-8 bytes plus one for its newline); then a new file starts. Greedy filling is
 * optimal here: the order is fixed, and closing a file earlier never lets a later one hold more.
 * A single line longer than `maxBytes` can never be sent and is refused with a RangeError.
 *
 * @example with { maxRequests: 2, maxBytes: 100 }, lines of 10, 10, 10 bytes go to files 0, 0, 1
 */
export class BatchFileSplitter {
  private file = -1;
  private requests = 0;
  private bytes = 0;

  constructor(readonly limits: BatchLimits) {
    if (!Number.isInteger(limits.maxRequests) || limits.maxRequests < 1)
      throw new RangeError(`maxRequests must be an integer ≥ 1, got ${limits.maxRequests}`);
    if (!Number.isInteger(limits.maxBytes) || limits.maxBytes < 2)
      throw new RangeError(`maxBytes must be an integer ≥ 2, got ${limits.maxBytes}`);
  }

  /** Places a line of `lineBytes` UTF-8 bytes (without its newline). */
  place(lineBytes: number): LinePlacement {
    const cost = lineBytes + 1;
    if (cost > this.limits.maxBytes)
      throw new RangeError(
        `a request of ${cost} bytes does not fit in a batch file of at most ${this.limits.maxBytes} bytes`,
      );
    const opensFile =
      this.file < 0 ||
      this.requests + 1 > this.limits.maxRequests ||
      this.bytes + cost > this.limits.maxBytes;
    if (opensFile) {
      this.file += 1;
      this.requests = 0;
      this.bytes = 0;
    }
    this.requests += 1;
    this.bytes += cost;
    return { file: this.file, opensFile };
  }

  /** Files opened so far. */
  get files(): number {
    return this.file + 1;
  }
}
