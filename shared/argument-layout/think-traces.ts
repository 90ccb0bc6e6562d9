/**
 * The reasoning traces of a response — `<think>…</think>`, tags matched case-insensitively — found
 * in one linear scan, the one reading of them that the workspace's layout, the delivered answer
 * (`answerRange`) and the rules extractor share: a trace opens at a `<think>` and closes at the next
 * `</think>`; a `</think>` without an opening tag closes a trace that began at the start of the text
 * (or after the previous trace), as some endpoints drop the opening tag; a `<think>` never closed
 * runs to the end of the text (the model ran out of tokens while reasoning).
 *
 * @example findThinkTraces('<think>F4?</think> F6.') // [{ start: 0, end: 18, closed: true }]
 */
const THINK_OPEN = '<think>';
const THINK_CLOSE = '</think>';

export interface ThinkTrace {
  start: number;
  end: number;
  closed: boolean;
}

/** Whether `text` has `tag` (lower-case ASCII) at `at`, case-insensitively. */
function hasTagAt(text: string, at: number, tag: string): boolean {
  return text.slice(at, at + tag.length).toLowerCase() === tag;
}

export function findThinkTraces(text: string): ThinkTrace[] {
  const traces: ThinkTrace[] = [];
  let open = -1;
  let previousEnd = 0;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    if (open === -1 && hasTagAt(text, at, THINK_OPEN)) {
      open = at;
    } else if (hasTagAt(text, at, THINK_CLOSE)) {
      const end = at + THINK_CLOSE.length;
      traces.push({ start: open === -1 ? previousEnd : open, end, closed: true });
      previousEnd = end;
      open = -1;
    }
  }
  if (open !== -1) traces.push({ start: open, end: text.length, closed: false });
  return traces;
}
