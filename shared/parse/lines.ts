/** A problem found while reading a file, at a 1-based line of that file. */
export interface LineError {
  line: number;
  message: string;
}

/** A 1-based line and column. */
export interface LinePosition {
  line: number;
  column: number;
}

/** The UTF-8 byte order mark some Windows tools put before the first character. */
export function stripByteOrderMark(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** Splits text into lines at CRLF, LF or a lone CR, the same three breaks every parser here counts. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/**
 * A function from a character offset of `text` to its 1-based line and column. Line breaks are
 * CRLF, LF or a lone CR, as in `splitLines`. Offsets past the end land on the last line.
 *
 * @example lineLocator('a\r\nb')(3) // { line: 2, column: 1 }
 */
export function lineLocator(text: string): (offset: number) => LinePosition {
  const starts = [0];
  for (const match of text.matchAll(/\r\n|\r|\n/g)) starts.push(match.index + match[0].length);
  return (offset) => {
    // Binary search for the last line start at or before the offset.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
  };
}
