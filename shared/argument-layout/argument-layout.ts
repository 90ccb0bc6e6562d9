/**
 * The argument text as display blocks — headings, paragraphs and a collapsed reasoning trace —
 * without ever copying or rewriting it: each block is a range [start, end) of the raw text, so a
 * selection inside a block maps straight back to the offsets a span stores. Characters between
 * blocks (white space, Markdown markers, JSON quotes and braces, fences) are simply not shown; none
 * of them can be part of a factor mention.
 *
 * Every scan is linear in the text (indexOf and character loops; the few regexes run on a bounded
 * slice of one line), so a 1,500-word argument lays out in a fraction of a millisecond.
 */

import {
  headingWords,
  isHeadingVocabulary,
  type Ply,
  plyOfWords,
  recogniseHeading,
  sentenceCase,
} from './ply-headings.ts';
import { findThinkTraces } from './think-traces.ts';
import { isWhiteSpace, skipWhiteSpace, trimEnd } from './white-space.ts';

export type { Ply } from './ply-headings.ts';

export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/**
 * One display block: `text.slice(start, end)` is what it shows. A `heading` has a clean `label`
 * (for outlines and screen readers) and, when it opens a ply, that `ply`; a `think` block is a
 * reasoning trace, tags included, shown collapsed as not part of the argument.
 */
export interface LayoutBlock {
  readonly kind: 'heading' | 'paragraph' | 'think';
  readonly start: number;
  readonly end: number;
  readonly label?: string;
  readonly ply?: Ply;
}

export interface ArgumentLayout {
  /** Non-overlapping, non-empty, in text order. */
  readonly blocks: readonly LayoutBlock[];
  /** The response hit its token limit (finish reason `length` or `max_tokens`). */
  readonly truncated: boolean;
  /** Each reasoning trace, tags included; an unclosed one runs to the end of the text. */
  readonly thinkRanges: readonly TextRange[];
  /** Where the delivered answer begins: after the last closed `</think>` and its white space (0 without one). */
  readonly answerStart: number;
  /** Where it ends: at a `<think>` that was never closed (the model ran out while reasoning), else the text's end. */
  readonly answerEnd: number;
}

/** A piece of a block between mark boundaries, with the ids of the marks covering it (in the order given). */
export interface MarkedSegment {
  readonly start: number;
  readonly end: number;
  readonly markIds: string[];
}
const THINK_LABEL = 'Reasoning trace (not part of the argument)';
const CUT_THINK_LABEL = 'Reasoning trace, cut off (not part of the argument)';
/**
 * Lays out a raw argument by these rules:
 * - A `<think>…</think>` trace (tags matched case-insensitively) is one `think` block; one never
 *   closed runs to the end; a `</think>` without an opening tag closes a trace that began at the
 *   start of the text (or after the previous trace), as some endpoints drop the opening tag.
 * - Every other line is a block of its own — paragraphs are split at single newlines as well as
 *   blank lines, so list items and one-line plies stay apart — trimmed of white space; blank lines,
 *   code fences and rules (`---`) give no block.
 * - A ply heading is recognised at the start of a line: "Plaintiff's Argument:", "**Defendant's
 *   Counterargument:**", "### Plaintiff's Rebuttal", "3. Rebuttal", "Ply 1", "Plaintiff's Argument
 *   (citing TSC1):". Its words must all be heading words (plaintiff, argument, rebuttal, ply, 1…3,
 *   …), so "The plaintiff's argument fails:" stays prose. What follows its colon on the same line
 *   is a paragraph. Lines marked with `#`, and short lines wholly in bold, are headings without a ply.
 * - JSON-ish output (`{"plaintiff_argument": "…", …}`, single quotes or bare keys tolerated, inside
 *   a ```json fence or not, cut off or not) gives one heading per key (label from the key,
 *   humanised) and its string value's raw range (inside the quotes) as paragraphs, split at the
 *   escapes `\n`; each piece may itself open with a ply heading.
 * - `truncated` is true when `finishReason` is `length` or `max_tokens`.
 *
 * @example layoutArgument("Plaintiff's argument: F4 applies.", 'stop').blocks
 * // [{ kind: 'heading', start: 0, end: 20, label: "Plaintiff's argument", ply: 'plaintiff' },
 * //  { kind: 'paragraph', start: 22, end: 33 }]
 */
export function layoutArgument(text: string, finishReason: string | null): ArgumentLayout {
  const traces = findThinkTraces(text);
  const blocks: LayoutBlock[] = [];
  let from = 0;
  let answerStart = 0;
  let answerEnd = text.length;
  for (const trace of traces) {
    layoutAnswer(text, from, trace.start, blocks);
    blocks.push({
      kind: 'think',
      start: trace.start,
      end: trace.end,
      label: trace.closed ? THINK_LABEL : CUT_THINK_LABEL,
    });
    from = trace.end;
    if (trace.closed) answerStart = skipWhiteSpace(text, trace.end, text.length);
    else answerEnd = trace.start;
  }
  layoutAnswer(text, from, text.length, blocks);
  return {
    blocks,
    truncated: finishReason === 'length' || finishReason === 'max_tokens',
    thinkRanges: traces.map(({ start, end }) => ({ start, end })),
    answerStart: Math.min(answerStart, answerEnd),
    answerEnd,
  };
}

/**
 * Cuts the range [blockStart, blockEnd) at every boundary of the marks that overlap it, giving the
 * pieces in order, each with the ids of the marks covering it — in the order the marks were given,
 * so the last id is the mark given last (for spans kept sorted by start, the innermost). Marks may
 * overlap; parts of marks outside the block and empty marks are ignored; pieces without marks are
 * included, so the pieces tile the block exactly. A sweep over sorted boundaries: O(n log n) for n
 * marks, plus the size of the output.
 *
 * @example segmentsWithMarks(0, 10, [{ start: 2, end: 6, id: 'a' }, { start: 4, end: 8, id: 'b' }])
 * // [{0,2,[]}, {2,4,['a']}, {4,6,['a','b']}, {6,8,['b']}, {8,10,[]}]
 */
export function segmentsWithMarks(
  blockStart: number,
  blockEnd: number,
  marks: readonly { readonly start: number; readonly end: number; readonly id: string }[],
): MarkedSegment[] {
  if (blockEnd <= blockStart) return [];
  // One event per clipped mark edge; at equal positions closings sort first, which does not matter
  // for the output (pieces are cut at positions, not events) but keeps the active set small.
  const events: { at: number; order: number; opens: boolean }[] = [];
  marks.forEach((mark, order) => {
    const start = Math.max(mark.start, blockStart);
    const end = Math.min(mark.end, blockEnd);
    if (end <= start) return;
    events.push({ at: start, order, opens: true }, { at: end, order, opens: false });
  });
  events.sort((a, b) => a.at - b.at || Number(a.opens) - Number(b.opens));
  const active = new Set<number>();
  const segments: MarkedSegment[] = [];
  let position = blockStart;
  let index = 0;
  while (position < blockEnd) {
    while (index < events.length && (events[index]?.at ?? blockEnd) <= position) {
      const event = events[index++];
      if (event === undefined) break;
      if (event.opens) active.add(event.order);
      else active.delete(event.order);
    }
    const next = Math.min(events[index]?.at ?? blockEnd, blockEnd);
    const markIds = [...active].sort((a, b) => a - b).map((order) => marks[order]?.id ?? '');
    segments.push({ start: position, end: next, markIds });
    position = next;
  }
  return segments;
}
/** A line that carries no words: a code fence (```json) or a rule (---, ***, ___, ===). */
function isDecoration(text: string, start: number, end: number): boolean {
  if (text.startsWith('```', start)) return true;
  for (let at = start; at < end; at += 1) {
    const char = text[at];
    if (char !== '-' && char !== '*' && char !== '_' && char !== '=' && !isWhiteSpace(char)) return false;
  }
  return end - start >= 3;
}

/** Lays out [from, to) line by line, switching to the JSON reader at a line that opens an object. */
function layoutAnswer(text: string, from: number, to: number, blocks: LayoutBlock[]): void {
  // A failed JSON read may scan to the end of the text; reading is then not tried again, so the
  // whole layout stays linear even for prose full of "{".
  let jsonAllowed = true;
  let lineStart = from;
  while (lineStart < to) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 || newline > to ? to : newline;
    const start = skipWhiteSpace(text, lineStart, lineEnd);
    const end = trimEnd(text, start, lineEnd);
    if (start < end && jsonAllowed && text[start] === '{') {
      const read = readJson(text, start, to);
      if (read) {
        // One at a time: a spread of a huge JSON's blocks into push overflows the call stack.
        for (const block of read.blocks) blocks.push(block);
        lineStart = read.end;
        continue;
      }
      jsonAllowed = false;
    }
    if (start < end && !isDecoration(text, start, end)) layoutLine(text, start, end, blocks);
    lineStart = lineEnd + 1;
  }
}

/** One trimmed line (or one piece of a JSON string): a heading and the rest, or one paragraph. */
function layoutLine(text: string, start: number, end: number, blocks: LayoutBlock[]): void {
  const heading = recogniseHeading(text, start, end);
  if (!heading) {
    blocks.push({ kind: 'paragraph', start, end });
    return;
  }
  blocks.push({
    kind: 'heading',
    start: heading.start,
    end: heading.end,
    label: heading.label,
    ...(heading.ply ? { ply: heading.ply } : {}),
  });
  const restStart = skipWhiteSpace(text, heading.restStart, end);
  if (restStart < end) blocks.push({ kind: 'paragraph', start: restStart, end });
}
// ---------------------------------------------------------------------------------------------
// JSON-ish output

/** "plaintiff_argument", "defendantCounterargument", "ply-1" → "Plaintiff argument", … */
function humaniseKey(key: string): string {
  return sentenceCase(
    key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[_\-\s]+/g, ' ')
      .trim(),
  );
}

interface Frame {
  kind: 'object' | 'array';
  expectingKey: boolean;
  key: TextRange | undefined;
}

/** Where a quoted string that opens at `open` closes (the index of its quote), or `to` if it never does. */
function stringEnd(text: string, open: number, to: number): number {
  const quote = text[open];
  let at = open + 1;
  while (at < to) {
    const char = text[at];
    if (char === '\\') at += 2;
    else if (char === quote) return at;
    else at += 1;
  }
  return to;
}

function isStructural(char: string | undefined): boolean {
  return char === '{' || char === '}' || char === '[' || char === ']' || char === ',' || char === ':';
}

/**
 * Reads the object opening at `open`, giving a heading per key and the paragraphs of each string
 * value, and where the object ends (after its closing brace, or `to` when it was cut off); undefined
 * when it holds no key with a string value (it was prose in braces, not JSON).
 */
function readJson(
  text: string,
  open: number,
  to: number,
): { blocks: LayoutBlock[]; end: number } | undefined {
  const blocks: LayoutBlock[] = [];
  const stack: Frame[] = [];
  let strings = 0;
  const heading = (key: TextRange | undefined) => {
    if (key === undefined || key.end <= key.start) return;
    const raw = text.slice(key.start, key.end);
    const label = humaniseKey(raw);
    const words = headingWords(label);
    const ply = isHeadingVocabulary(words) ? plyOfWords(words, undefined) : undefined;
    blocks.push({ kind: 'heading', start: key.start, end: key.end, label, ...(ply ? { ply } : {}) });
  };
  let at = open;
  while (at < to) {
    const char = text[at];
    const top = stack[stack.length - 1];
    if (isWhiteSpace(char) || char === ',' || char === ':') {
      if (top?.kind === 'object' && char === ',') {
        top.expectingKey = true;
        top.key = undefined;
      } else if (top?.kind === 'object' && char === ':') top.expectingKey = false;
      at += 1;
    } else if (char === '{' || char === '[') {
      if (top?.kind === 'object' && !top.expectingKey) heading(top.key);
      stack.push({ kind: char === '{' ? 'object' : 'array', expectingKey: char === '{', key: undefined });
      at += 1;
    } else if (char === '}' || char === ']') {
      stack.pop();
      at += 1;
      if (stack.length === 0) break;
    } else if (top === undefined) {
      break;
    } else {
      const quoted = char === '"' || char === "'";
      let end = at;
      if (quoted) end = stringEnd(text, at, to);
      else while (end < to && !isStructural(text[end]) && !isWhiteSpace(text[end])) end += 1;
      const content = quoted ? { start: at + 1, end } : { start: at, end };
      if (top.kind === 'object' && top.expectingKey) top.key = content;
      else if (quoted) {
        if (top.kind === 'object') heading(top.key);
        top.key = undefined;
        strings += 1;
        layoutJsonString(text, content.start, content.end, blocks);
      }
      at = quoted ? end + 1 : end;
    }
  }
  return strings === 0 ? undefined : { blocks, end: Math.min(at, to) };
}

/** Whether the character at `at` is escaped by an odd run of backslashes before it. */
function isEscaped(text: string, at: number, from: number): boolean {
  let slashes = 0;
  for (let back = at - 1; back >= from && text[back] === '\\'; back -= 1) slashes += 1;
  return slashes % 2 === 1;
}

/** A string value's raw range, cut at `\n` escapes (and raw newlines); each piece laid out as a line. */
function layoutJsonString(text: string, start: number, end: number, blocks: LayoutBlock[]): void {
  let pieceStart = start;
  let at = start;
  const flush = (pieceEnd: number) => {
    const trimmed = trimEscapedSpace(text, pieceStart, pieceEnd);
    if (trimmed.start < trimmed.end) layoutLine(text, trimmed.start, trimmed.end, blocks);
  };
  while (at < end) {
    const char = text[at];
    if (char === '\\' && text[at + 1] === 'n') {
      flush(at);
      at += 2;
      pieceStart = at;
    } else if (char === '\n') {
      flush(at);
      at += 1;
      pieceStart = at;
    } else at += char === '\\' ? 2 : 1;
  }
  flush(Math.min(at, end));
}

/** [start, end) without white space or the escapes `\r`, `\t` (and a lone trailing `\`) at either end. */
function trimEscapedSpace(text: string, start: number, end: number): TextRange {
  let from = start;
  let to = end;
  for (;;) {
    if (from < to && isWhiteSpace(text[from])) from += 1;
    else if (from + 1 < to && text[from] === '\\' && (text[from + 1] === 'r' || text[from + 1] === 't'))
      from += 2;
    else break;
  }
  for (;;) {
    if (to > from && isWhiteSpace(text[to - 1])) to -= 1;
    else if (
      to - 1 > from &&
      text[to - 2] === '\\' &&
      (text[to - 1] === 'r' || text[to - 1] === 't') &&
      !isEscaped(text, to - 2, from)
    )
      to -= 2;
    else if (to > from && text[to - 1] === '\\' && !isEscaped(text, to - 1, from)) to -= 1;
    else break;
  }
  return { start: from, end: to };
}
