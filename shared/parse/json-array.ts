/** Where one element of a JSON array lies: characters [start, end) of the text. */
export interface ElementSpan {
  start: number;
  end: number;
}

/**
 * The spans of the elements of the JSON array whose "[" is at `openAt` — or of the `"key": value`
 * members of the object whose "{" is there — found by tracking strings and nesting (not by parsing),
 * so each element can be parsed — and fail — on its own and be located by line. Stops with an error
 * at the first place the container cannot continue (cut off, a stray closer); `end` is the offset of
 * its closing bracket when it closes.
 */
export function jsonArrayElementSpans(
  text: string,
  openAt: number,
): { spans: ElementSpan[]; end: number | null; error: { at: number; message: string } | null } {
  const close = text[openAt] === '{' ? '}' : ']';
  const stray = close === ']' ? '}' : ']';
  const spans: ElementSpan[] = [];
  let index = openAt + 1;
  for (;;) {
    while (index < text.length && /\s/.test(text[index] ?? '')) index += 1;
    if (index >= text.length)
      return {
        spans,
        end: null,
        error: { at: text.length, message: 'the file ends before the array closes (truncated)' },
      };
    if (text[index] === close) return { spans, end: index, error: null };
    const start = index;
    let depth = 0;
    let inString = false;
    for (; index < text.length; index += 1) {
      const char = text[index];
      if (inString) {
        if (char === '\\') index += 1;
        else if (char === '"') inString = false;
      } else if (char === '"') {
        inString = true;
      } else if (char === '{' || char === '[') {
        depth += 1;
      } else if (char === '}' || char === ']') {
        if (depth === 0) break;
        depth -= 1;
      } else if (char === ',' && depth === 0) {
        break;
      }
    }
    if (index >= text.length)
      return {
        spans,
        end: null,
        error: {
          at: start,
          message: `record ${spans.length + 1} is cut off: the file ends inside it (truncated)`,
        },
      };
    spans.push({ start, end: index });
    if (text[index] === ',') index += 1;
    else if (text[index] === stray)
      return { spans, end: null, error: { at: index, message: `an unmatched "${stray}" between records` } };
  }
}
