/**
 * Splits bytes arriving in chunks into lines without decoding them, so each line can be checked for
 * well-formed UTF-8 (utf8-check.ts) before it becomes text: a line ends at LF, and a CR just before
 * the LF is dropped (CRLF files read as LF ones). A last line without a final LF still counts; a
 * final LF does not start an empty line. Each line comes with the offset of its first byte, from the
 * start of the stream and counted from 0. Pure: the caller feeds it, from a file or from memory.
 */
export class ByteLineSplitter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** Where the line being gathered starts. */
  private lineStart = 0;
  /** Bytes pushed so far. */
  private offset = 0;

  constructor(private readonly onLine: (line: Uint8Array, start: number) => void) {}

  push(chunk: Uint8Array): void {
    let from = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, from);
      if (newline < 0) break;
      this.emit(chunk.subarray(from, newline));
      this.lineStart = this.offset + newline + 1;
      from = newline + 1;
    }
    if (from < chunk.length) {
      this.pending.push(chunk.subarray(from));
      this.pendingBytes += chunk.length - from;
    }
    this.offset += chunk.length;
  }

  /** The last line, when the stream does not end with LF. */
  end(): void {
    if (this.pendingBytes > 0) this.emit(new Uint8Array(0));
  }

  private emit(tail: Uint8Array): void {
    let line = tail;
    if (this.pending.length > 0) {
      line = new Uint8Array(this.pendingBytes + tail.length);
      let at = 0;
      for (const part of this.pending) {
        line.set(part, at);
        at += part.length;
      }
      line.set(tail, at);
      this.pending = [];
      this.pendingBytes = 0;
    }
    const end = line.length > 0 && line[line.length - 1] === 0x0d ? line.length - 1 : line.length;
    this.onLine(line.subarray(0, end), this.lineStart);
  }
}
