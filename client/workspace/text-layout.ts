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

/** The three plies of a 3-ply argument: the plaintiff's argument, the defendant's counterargument, the rebuttal. */
export type Ply = 'plaintiff' | 'defendant' | 'rebuttal';

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

const THINK_OPEN = '<think>';
const THINK_CLOSE = '</think>';
const THINK_LABEL = 'Reasoning trace (not part of the argument)';
const CUT_THINK_LABEL = 'Reasoning trace, cut off (not part of the argument)';
/** How far into a line a heading may reach; longer lines are prose (unless marked with `#`). */
const HEADING_REACH = 160;
const PLY_WORDS_MAX = 8;
const BOLD_HEADING_WORDS_MAX = 10;

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

interface ThinkTrace {
  start: number;
  end: number;
  closed: boolean;
}

/** Whether `text` has `tag` (lower-case ASCII) at `at`, case-insensitively. */
function hasTagAt(text: string, at: number, tag: string): boolean {
  return text.slice(at, at + tag.length).toLowerCase() === tag;
}

function findThinkTraces(text: string): ThinkTrace[] {
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

function isWhiteSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f' || char === '\v';
}

function skipWhiteSpace(text: string, from: number, to: number): number {
  let at = from;
  while (at < to && isWhiteSpace(text[at])) at += 1;
  return at;
}

function trimEnd(text: string, from: number, to: number): number {
  let at = to;
  while (at > from && isWhiteSpace(text[at - 1])) at -= 1;
  return at;
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
        blocks.push(...read.blocks);
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
// Headings

interface HeadingMatch {
  start: number;
  end: number;
  label: string;
  ply: Ply | undefined;
  restStart: number;
}

// Words a ply heading may consist of ("Plaintiff's Argument", "Counter-argument by the defendant",
// "Ply 2", "Third part: Rebuttal"); anything else makes the line prose. "s" is the possessive.
const HEADING_WORDS = new Set([
  'plaintiff',
  'plaintiffs',
  'defendant',
  'defendants',
  'defense',
  'defence',
  's',
  'the',
  'a',
  'argument',
  'arguments',
  'counterargument',
  'counterarguments',
  'counter',
  'rebuttal',
  'rebuttals',
  'reply',
  'response',
  'ply',
  'part',
  'step',
  'section',
  'round',
  'opening',
  'initial',
  'final',
  'closing',
  'for',
  'by',
  'of',
  'on',
  'to',
  'behalf',
  '1',
  '2',
  '3',
  'i',
  'ii',
  'iii',
  'one',
  'two',
  'three',
  'first',
  'second',
  'third',
]);
const PLY_BY_NUMBER: Readonly<Record<string, Ply>> = {
  '1': 'plaintiff',
  '2': 'defendant',
  '3': 'rebuttal',
  i: 'plaintiff',
  ii: 'defendant',
  iii: 'rebuttal',
  one: 'plaintiff',
  two: 'defendant',
  three: 'rebuttal',
  first: 'plaintiff',
  second: 'defendant',
  third: 'rebuttal',
};
const PLAINTIFF_WORDS = new Set(['plaintiff', 'plaintiffs']);
const DEFENDANT_WORDS = new Set([
  'defendant',
  'defendants',
  'defense',
  'defence',
  'counterargument',
  'counterarguments',
  'counter',
]);

/** Lower-case words of a heading phrase, parentheticals ("(citing TSC1)") left out. */
function headingWords(phrase: string): string[] {
  return phrase
    .replace(/\([^()]*\)?/g, ' ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

function isHeadingVocabulary(words: readonly string[]): boolean {
  return words.length > 0 && words.length <= PLY_WORDS_MAX && words.every((word) => HEADING_WORDS.has(word));
}

/**
 * The ply a heading's words name: "rebuttal" wins; else the first party named decides (the
 * plaintiff's "reply"/"response" is the rebuttal; "counterargument" is the defendant's); else a ply
 * number ("Ply 2", "Second", "Third ply", a list number "3.") — but not the digit of "3-ply".
 */
function plyOfWords(words: readonly string[], listNumber: string | undefined): Ply | undefined {
  if (words.includes('rebuttal') || words.includes('rebuttals')) return 'rebuttal';
  for (const word of words) {
    if (PLAINTIFF_WORDS.has(word))
      return words.includes('reply') || words.includes('response') ? 'rebuttal' : 'plaintiff';
    if (DEFENDANT_WORDS.has(word)) return 'defendant';
  }
  const numbered = words.find(
    (word, index) => word in PLY_BY_NUMBER && !(/^\d$/.test(word) && words[index + 1] === 'ply'),
  );
  const number = numbered ?? listNumber;
  return number === undefined ? undefined : PLY_BY_NUMBER[number];
}

// A capitalised word, possibly in brackets or quotes: "Argument", "(Citing", "Defendant's".
const TITLE_WORD = /^[^A-Za-z0-9]*[A-Z][a-z'’]*[^A-Za-z0-9]*$/;

/** "PLAINTIFF'S ARGUMENT" or "Plaintiff's Argument" → "Plaintiff's argument"; acronyms (TSC1) kept. */
function sentenceCase(phrase: string): string {
  const shouting = !/[a-z]/.test(phrase);
  const words = phrase.split(' ').map((word, index) => {
    if (shouting) return word.toLowerCase();
    return index > 0 && TITLE_WORD.test(word) ? word.toLowerCase() : word;
  });
  const joined = words.join(' ');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/** The clean label of a heading's raw words: markers and a final colon dropped, spaces collapsed. */
function headingLabel(raw: string): string {
  return sentenceCase(
    raw
      .replace(/[*_`#]+/g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*:$/, '')
      .trim(),
  );
}

const MARKDOWN_HEADING = /^#{1,6}(?:[ \t]+|$)/;
const LIST_MARKER = /^(?:(\d{1,2})[.)]|[-+*•>])[ \t]+/;

/** Skips a list marker ("3.", "2)", "-"), giving its number if it has one. */
function skipListMarker(line: string, at: number): { at: number; number: string | undefined } {
  const marker = LIST_MARKER.exec(line.slice(at));
  return marker ? { at: at + marker[0].length, number: marker[1] } : { at, number: undefined };
}

/** [from, to) of `line` without white space, emphasis markers, `#`s or a final colon at either end. */
function trimPhrase(line: string, from: number, to: number): { from: number; to: number } {
  let start = from;
  let end = to;
  const junk = (char: string | undefined) =>
    char === '*' || char === '_' || char === '#' || isWhiteSpace(char);
  while (start < end && junk(line[start])) start += 1;
  while (end > start && (junk(line[end - 1]) || line[end - 1] === ':')) end -= 1;
  return { from: start, to: end };
}

/**
 * The heading at the start of the trimmed line [start, end), when there is one: the candidates are the bold
 * phrase ("**…**"), the words before the first colon, and the whole line, tried in that order. A
 * heading ends within HEADING_REACH characters of the line's start, unless the line is marked `#`.
 */
function recogniseHeading(text: string, start: number, end: number): HeadingMatch | undefined {
  const line = text.slice(start, end);
  let at = 0;
  const markdown = MARKDOWN_HEADING.exec(line);
  if (markdown) at = markdown[0].length;
  let listed = skipListMarker(line, at);
  at = listed.at;
  let boldClose = -1;
  if (line.startsWith('**', at) || line.startsWith('__', at)) {
    boldClose = line.indexOf(line.slice(at, at + 2), at + 2);
    at += 2;
    if (listed.number === undefined) {
      listed = skipListMarker(line, at);
      at = listed.at;
    }
  }

  const candidates: { to: number; rest: number; bold: boolean }[] = [];
  if (boldClose !== -1 && boldClose <= HEADING_REACH) {
    // After "**…**" an optional colon: "**Plaintiff's Argument**: …".
    let rest = boldClose + 2;
    while (rest < line.length && (line[rest] === ':' || isWhiteSpace(line[rest]))) rest += 1;
    candidates.push({ to: boldClose, rest, bold: true });
  }
  const colon = line.indexOf(':', at);
  if (colon !== -1 && colon <= HEADING_REACH) candidates.push({ to: colon, rest: colon + 1, bold: false });
  if (line.length <= HEADING_REACH || markdown)
    candidates.push({ to: line.length, rest: line.length, bold: false });

  for (const candidate of candidates) {
    const phrase = trimPhrase(line, at, candidate.to);
    if (phrase.from >= phrase.to) continue;
    const raw = line.slice(phrase.from, phrase.to);
    const words = headingWords(raw);
    const wholeLine = candidate.rest >= line.length;
    const ply = isHeadingVocabulary(words) ? plyOfWords(words, listed.number) : undefined;
    if (ply !== undefined) {
      // "Ply 1: Plaintiff's Argument": the words after the colon belong to the heading too.
      if (!wholeLine && isHeadingVocabulary(headingWords(line.slice(candidate.rest)))) {
        return match(start, trimPhrase(line, phrase.from, line.length), line, ply, line.length);
      }
      return match(start, phrase, line, ply, candidate.rest);
    }
    const shortBoldLine =
      candidate.bold && wholeLine && words.length <= BOLD_HEADING_WORDS_MAX && !raw.endsWith('.');
    const markdownLine = markdown !== null && candidate.to === line.length;
    if (shortBoldLine || markdownLine) return match(start, phrase, line, undefined, candidate.rest);
  }
  return undefined;
}

function match(
  offset: number,
  phrase: { from: number; to: number },
  line: string,
  ply: Ply | undefined,
  rest: number,
): HeadingMatch {
  return {
    start: offset + phrase.from,
    end: offset + phrase.to,
    label: headingLabel(line.slice(phrase.from, phrase.to)),
    ply,
    restStart: offset + rest,
  };
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
