/**
 * The lines of a UTF-8 byte stream (a downloaded batch output file), one at a time, without their
 * line ends (`\n` or `\r\n`); blank lines are skipped. Reading is streamed: memory holds one chunk
 * and the unfinished line, never the whole file. A multi-byte character split between two chunks is
 * decoded whole (`TextDecoder` with `stream: true`).
 */
export async function* jsonlLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n', start)) {
      const line = pending.slice(start, end).replace(/\r$/, '');
      if (line.trim() !== '') yield line;
      start = end + 1;
    }
    pending = pending.slice(start);
  }
  pending += decoder.decode();
  const last = pending.replace(/\r$/, '');
  if (last.trim() !== '') yield last;
}

/**
 * A web `ReadableStream` (a fetch response body) as an async iterable of its chunks. Stopping early
 * cancels the stream, so an abandoned download does not keep its connection open.
 */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
