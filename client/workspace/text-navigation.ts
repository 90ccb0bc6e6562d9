/**
 * Keyboard selection in the argument, by word, phrase, sentence and paragraph, and find-to-select:
 * pure functions over the answer's words (offsets into the raw text), so the workspace and the
 * keystroke bench (bench/keyboard-plan.ts) move by the same rules.
 *
 * - Only the answer is navigable: the words of the layout's heading and paragraph blocks (never a
 *   reasoning trace).
 * - A **paragraph** is a layout block (a heading is one too). A **sentence** ends at a paragraph's
 *   end or where `.`, `!` or `?` stand between two words. A **phrase** ends at a sentence's end or
 *   where punctuation that cuts a clause stands between two words: `, ; : ( ) [ ] { } — – … " “ ”`
 *   or a hyphen with a space on either side.
 * - Moving (no Shift) goes to the first word of the next unit, or back to the first word of the
 *   current unit (of the previous one when already there); moving by paragraph passes over
 *   headings (a ply's heading is never a mention), extending by paragraph stops at them. Extending moves the selection's free end
 *   (the focus) to unit boundaries on its side: ends of units while it is the right end, starts while
 *   it is the left end; the focus never crosses the anchor in one press (it stops on it).
 * - A selection covers its words, and brackets are kept whole: a selection that opens "(" (or
 *   "[", "“") and ends right before its closer takes the closer too, and the other way round, so
 *   "F4 Agreed-not-to-disclose (P)" can be selected as written — and a selection may still end
 *   before a closing parenthesis or a comma that it did not open.
 */

import type { ArgumentLayout } from '../../shared/argument-layout/argument-layout.ts';
import { type TextRange, wordAt, wordRanges } from './selection.ts';

export type TextUnit = 'word' | 'phrase' | 'sentence' | 'paragraph';

export interface TextUnits {
  /** The answer's words, in order. */
  readonly words: readonly TextRange[];
  /** For each unit larger than a word, the index of the first word of every unit, ascending. */
  readonly starts: Readonly<Record<Exclude<TextUnit, 'word'>, readonly number[]>>;
  /** The first word of every heading (moving by paragraph does not stop there). */
  readonly headingStarts: ReadonlySet<number>;
}

const SENTENCE_END = /[.!?]/u;
const PHRASE_CUT = /[,;:()[\]{}—–…"“”]|\s-\s|\s-$|^-\s/u;

/** The answer's words and where its phrases, sentences and paragraphs start. */
export function textUnits(text: string, layout: ArgumentLayout): TextUnits {
  const blocks = layout.blocks.filter((block) => block.kind !== 'think');
  const words: TextRange[] = [];
  const blockOf: number[] = [];
  blocks.forEach((block, index) => {
    for (const word of wordRanges(text.slice(block.start, block.end))) {
      words.push({ start: block.start + word.start, end: block.start + word.end });
      blockOf.push(index);
    }
  });
  const starts = { phrase: [] as number[], sentence: [] as number[], paragraph: [] as number[] };
  const headingStarts = new Set<number>();
  words.forEach((word, index) => {
    const previous = words[index - 1];
    if (!previous || blockOf[index] !== blockOf[index - 1]) {
      if (blocks[blockOf[index] ?? -1]?.kind === 'heading') headingStarts.add(index);
      starts.paragraph.push(index);
      starts.sentence.push(index);
      starts.phrase.push(index);
      return;
    }
    const gap = text.slice(previous.end, word.start);
    if (SENTENCE_END.test(gap)) {
      starts.sentence.push(index);
      starts.phrase.push(index);
    } else if (PHRASE_CUT.test(gap)) starts.phrase.push(index);
  });
  return { words, starts, headingStarts };
}

/** The index of the answer word that contains or follows `offset` (the last when none follows); -1 without words. */
export function wordIndexAt(units: TextUnits, offset: number): number {
  return wordAt(units.words, offset);
}

function clampWord(units: TextUnits, index: number): number {
  return Math.min(units.words.length - 1, Math.max(0, index));
}

/** The last word of every unit, ascending. */
function endsOf(units: TextUnits, unit: Exclude<TextUnit, 'word'>): number[] {
  const starts = units.starts[unit];
  return starts
    .map((_start, index) => (starts[index + 1] ?? units.words.length) - 1)
    .filter((end) => end >= 0);
}

const firstAfter = (list: readonly number[], value: number) => list.find((item) => item > value);
const lastBefore = (list: readonly number[], value: number) => list.findLast((item) => item < value);

/**
 * Where the caret goes (a one-word selection) from word `focus`: by one word, or to the first word of
 * the next unit / back to the first word of this (or the previous) unit. Stays at the ends.
 *
 * @example moveCaret(units, 4, 'phrase', 1) // the first word after the next comma
 */
export function moveCaret(units: TextUnits, focus: number, unit: TextUnit, direction: 1 | -1): number {
  if (units.words.length === 0) return -1;
  if (unit === 'word') return clampWord(units, focus + direction);
  const all = units.starts[unit];
  const starts = unit === 'paragraph' ? all.filter((start) => !units.headingStarts.has(start)) : all;
  return (direction > 0 ? firstAfter(starts, focus) : lastBefore(starts, focus)) ?? focus;
}

/**
 * Where the focus of a selection anchored at `anchor` goes when it is extended by one unit: the
 * right end moves between the ends of units, the left end between their starts; reaching the anchor
 * stops there (a one-word selection), the next press goes on past it.
 *
 * @example extendFocus(units, 3, 3, 'phrase', 1) // the last word before the next comma or full stop
 */
export function extendFocus(
  units: TextUnits,
  anchor: number,
  focus: number,
  unit: TextUnit,
  direction: 1 | -1,
): number {
  if (units.words.length === 0) return -1;
  if (unit === 'word') return clampWord(units, focus + direction);
  const rightEnd = focus > anchor || (focus === anchor && direction > 0);
  if (rightEnd) {
    const ends = endsOf(units, unit);
    const next = (direction > 0 ? firstAfter(ends, focus) : lastBefore(ends, focus)) ?? focus;
    return Math.max(next, anchor);
  }
  const starts = units.starts[unit];
  const next = (direction > 0 ? firstAfter(starts, focus) : lastBefore(starts, focus)) ?? focus;
  return Math.min(next, anchor);
}

const BRACKETS: readonly (readonly [string, string])[] = [
  ['(', ')'],
  ['[', ']'],
  ['“', '”'],
];

/** Widens [start, end) by a bracket's other half where the range holds one half only and the other stands right outside. */
export function keepBracketsWhole(text: string, range: TextRange): TextRange {
  let { start, end } = range;
  for (let changed = true; changed; ) {
    changed = false;
    const inside = text.slice(start, end);
    for (const [open, close] of BRACKETS) {
      const opens = inside.split(open).length - 1;
      const closes = inside.split(close).length - 1;
      if (opens > closes && text[end] === close) {
        end += 1;
        changed = true;
      } else if (closes > opens && text[start - 1] === open) {
        start -= 1;
        changed = true;
      }
    }
  }
  return { start, end };
}

/** The text a keyboard selection from word `anchor` to word `focus` (either order) covers. */
export function selectedRange(
  text: string,
  units: TextUnits,
  anchor: number,
  focus: number,
): TextRange | null {
  const first = units.words[Math.min(anchor, focus)];
  const last = units.words[Math.max(anchor, focus)];
  if (!first || !last) return null;
  return keepBracketsWhole(text, { start: first.start, end: last.end });
}

/** Longest query find-to-select takes (a phrase, not a paragraph). */
export const FIND_QUERY_MAX = 200;

/**
 * Every place in the answer where `query` occurs, in order: case-insensitive, a run of white space
 * in the query matching any run of white space in the text; matches that hold no word are left out.
 */
export function findMatches(text: string, units: TextUnits, query: string): TextRange[] {
  const trimmed = query.trim().slice(0, FIND_QUERY_MAX);
  if (trimmed === '' || units.words.length === 0) return [];
  const pattern = trimmed
    .split(/\s+/u)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'))
    .join('\\s+');
  const from = units.words[0]?.start ?? 0;
  const to = units.words[units.words.length - 1]?.end ?? 0;
  const matches: TextRange[] = [];
  for (const match of text.slice(from, to).matchAll(new RegExp(pattern, 'giu'))) {
    const range = { start: from + match.index, end: from + match.index + match[0].length };
    if (wordsOfRange(units, range) !== null) matches.push(range);
  }
  return matches;
}

/** The first and last answer word a range touches, or null when it touches none. */
export function wordsOfRange(units: TextUnits, range: TextRange): { anchor: number; focus: number } | null {
  const first = wordIndexAt(units, range.start);
  const word = units.words[first];
  if (!word || word.start >= range.end) return null;
  let last = first;
  while ((units.words[last + 1]?.start ?? Number.POSITIVE_INFINITY) < range.end) last += 1;
  return { anchor: first, focus: last };
}

/**
 * The match find-to-select goes to from `offset`: the first that starts after it (direction 1) or
 * the last that starts before it (-1), wrapping round; undefined without matches.
 */
export function nextMatch(
  matches: readonly TextRange[],
  offset: number,
  direction: 1 | -1,
): TextRange | undefined {
  if (direction > 0) return matches.find((match) => match.start > offset) ?? matches[0];
  return matches.findLast((match) => match.start < offset) ?? matches[matches.length - 1];
}

/**
 * The next match after the selection from word `anchor` to word `focus` (one that starts at or
 * after the selection's end), or the previous one before it — what N and Shift+N select.
 */
export function matchBeyond(
  text: string,
  units: TextUnits,
  matches: readonly TextRange[],
  selection: { readonly anchor: number; readonly focus: number },
  direction: 1 | -1,
): TextRange | undefined {
  const range = selectedRange(text, units, selection.anchor, selection.focus);
  const offset = range ? (direction > 0 ? range.end - 1 : range.start) : -1;
  return nextMatch(matches, offset, direction);
}
