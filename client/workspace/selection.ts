/**
 * Selections in the argument text, as offsets into the raw text. A mouse selection is snapped to
 * whole words (a drag that starts mid-word takes the word); the keyboard selects word by word.
 */

export interface TextRange {
  readonly start: number;
  readonly end: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The words of a text, in order: letters and digits, joined by inner apostrophes, hyphens or dots. */
export function wordRanges(text: string): TextRange[] {
  const words: TextRange[] = [];
  for (const match of text.matchAll(WORD))
    words.push({ start: match.index, end: match.index + match[0].length });
  return words;
}

/**
 * Trims white space from both ends and widens each end to a whole word:
 * `snapToWords('the defendant signed', 5, 9)` is [4, 13) ("defendant"). Null when nothing but
 * white space is selected.
 */
export function snapToWords(text: string, start: number, end: number): TextRange | null {
  let from = Math.max(0, Math.min(start, end));
  let to = Math.min(text.length, Math.max(start, end));
  while (from < to && /\s/u.test(text[from] ?? '')) from += 1;
  while (to > from && /\s/u.test(text[to - 1] ?? '')) to -= 1;
  if (from >= to) return null;
  while (from > 0 && WORD_CHAR.test(text[from - 1] ?? '') && WORD_CHAR.test(text[from] ?? '')) from -= 1;
  while (to < text.length && WORD_CHAR.test(text[to] ?? '') && WORD_CHAR.test(text[to - 1] ?? '')) to += 1;
  return { start: from, end: to };
}

/** The index of the word that contains or follows `offset` (the last word when none follows); -1 without words. */
export function wordAt(words: readonly TextRange[], offset: number): number {
  if (words.length === 0) return -1;
  let low = 0;
  let high = words.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((words[middle]?.end ?? 0) <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The range covered by words `anchor`…`focus` (in either order). */
export function rangeOfWords(words: readonly TextRange[], anchor: number, focus: number): TextRange | null {
  const first = words[Math.min(anchor, focus)];
  const last = words[Math.max(anchor, focus)];
  return first && last ? { start: first.start, end: last.end } : null;
}
