import { endsWithAbstentionPhrase } from './abstention.ts';

/**
 * Whether a response looks cut off: the caller says the output hit its token limit
 * (`finishReason === 'length'`), a `<think>` trace was never closed, or the delivered answer stops
 * without final punctuation (".", "!", "?", a closing bracket or quote; emphasis and white space
 * aside) — mid-sentence or mid-word. The bare abstention phrase, which has no period, is complete.
 * An empty answer is not truncated by itself.
 *
 * Two endings need no final punctuation, because they are not sentences (edition 3.4.0): a last
 * line that is an item of a list or an outline (a bullet, or a number, letter or roman numeral with
 * "." or ")", as "3.2", "b.", "III.") — outlines end on an item —, and a signature: a last line of
 * at most three words after a line that ends with a comma ("Best,\nSam"), as emails end. A cut-off
 * list item or signature cannot be told from a whole one by its text; the caller's finish reason
 * still says it.
 *
 * @example isTruncated('In the input case the plaintiff', { finishReason: 'stop', unterminated: false }) // true
 */
export function isTruncated(
  answer: string,
  context: { finishReason?: string | null; unterminated: boolean },
): boolean {
  if (context.finishReason === 'length' || context.unterminated) return true;
  // (The trailing run is searched only when the last character can open one: the search costs a
  // pass over the whole answer.)
  const trimmed = TRAILING_MARK.test(answer.slice(-1)) ? answer.replace(/[\s*_`#]+$/, '') : answer;
  if (trimmed === '') return false;
  if (/[.!?)"'”’\]]$/.test(trimmed)) return false;
  if (endsWithListItem(trimmed) || endsWithSignature(trimmed)) return false;
  return !endsWithAbstentionPhrase(trimmed);
}

const TRAILING_MARK = /[\s*_`#]/;

/** A list or outline item's opening: a bullet, or a number, letter or roman numeral and its sign. */
const LIST_ITEM = /^\s*(?:[-–•◦▪‣*+]|\d+(?:\.\d+)*[.)]?|[A-Za-z][.)]|[IVXLC]+[.)])\s+\S/;

function lastLines(text: string): string[] {
  return text.split(/\n+/).filter((line) => line.trim() !== '');
}

function endsWithListItem(text: string): boolean {
  const lines = lastLines(text);
  return lines.length > 1 && LIST_ITEM.test(lines[lines.length - 1] ?? '');
}

function endsWithSignature(text: string): boolean {
  const lines = lastLines(text);
  const last = (lines[lines.length - 1] ?? '').trim();
  const before = (lines[lines.length - 2] ?? '').trim();
  return lines.length > 2 && before.endsWith(',') && last.split(/\s+/).length <= 3;
}
