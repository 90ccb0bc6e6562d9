import { endsWithAbstentionPhrase } from './abstention.ts';

/**
 * Whether a response is cut off — in the guidelines' words, the output hit its token limit. The
 * caller's finish reason says it when there is one: `'length'` is cut off, `'stop'` is not (edition
 * 3.7.0: the model ended the answer itself, however its last line reads — notes end on "to do: …",
 * outlines on an item, chats on a message). A `<think>` trace never closed is cut off. With no finish
 * reason, or another one, the ending decides: an answer that stops without final punctuation (".",
 * "!", "?", a closing bracket or quote; emphasis and white space aside) — mid-sentence or mid-word —
 * is cut off. The bare abstention phrase, which has no period, is complete. An empty answer is not
 * truncated by itself.
 *
 * Without a finish reason, two endings need no final punctuation, because they are not sentences (edition 3.4.0): a last
 * line that is an item of a list or an outline (a bullet, or a number, letter or roman numeral with
 * "." or ")", as "3.2", "b.", "III.") — outlines end on an item —, and a signature: a last line of
 * at most three words after a line that ends with a comma ("Best,\nSam"), as emails end. A cut-off
 * list item or signature cannot be told from a whole one by its text; the caller's finish reason
 * still says it. A third (edition 3.5.0): the last message of a chat thread — the last line and the
 * one before it both open with a time and a speaker ("[10:12] Sam: 👍 writing it up" after
 * "[10:11] Priya: …", or "Lena 10:15: good" after "Omar 10:14: …"), as chat messages end without a
 * full stop.
 *
 * @example isTruncated('In the input case the plaintiff', { finishReason: null, unterminated: false }) // true
 * @example isTruncated('In the input case the plaintiff', { finishReason: 'stop', unterminated: false }) // false
 */
export function isTruncated(
  answer: string,
  context: { finishReason?: string | null; unterminated: boolean },
): boolean {
  if (context.finishReason === 'length' || context.unterminated) return true;
  if (context.finishReason === 'stop') return false;
  // (The trailing run is searched only when the last character can open one: the search costs a
  // pass over the whole answer.)
  const trimmed = TRAILING_MARK.test(answer.slice(-1)) ? answer.replace(/[\s*_`#]+$/, '') : answer;
  if (trimmed === '') return false;
  if (/[.!?)"'”’\]]$/.test(trimmed)) return false;
  const lines = lastLines(trimmed);
  if (endsWithListItem(lines) || endsWithSignature(lines) || endsWithChatMessage(lines)) return false;
  return !endsWithAbstentionPhrase(trimmed);
}

const TRAILING_MARK = /[\s*_`#]/;

/** A list or outline item's opening: a bullet, or a number, letter or roman numeral and its sign. */
const LIST_ITEM = /^\s*(?:[-–•◦▪‣*+]|\d+(?:\.\d+)*[.)]?|[A-Za-z][.)]|[IVXLC]+[.)])\s+\S/;

/** The last three lines of `text` that are not blank, in order (all that the endings below read). */
function lastLines(text: string): string[] {
  const lines: string[] = [];
  let end = text.length;
  while (end > 0 && lines.length < 3) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    if (line.trim() !== '') lines.unshift(line);
    end = start - 1;
  }
  return lines;
}

function endsWithListItem(lines: readonly string[]): boolean {
  return lines.length > 1 && LIST_ITEM.test(lines[lines.length - 1] ?? '');
}

function endsWithSignature(lines: readonly string[]): boolean {
  const last = (lines[lines.length - 1] ?? '').trim();
  const before = (lines[lines.length - 2] ?? '').trim();
  return lines.length > 2 && before.endsWith(',') && last.split(/\s+/).length <= 3;
}

/**
 * A chat message's opening: "[10:12] Sam:" or "Sam 10:12:" (seconds allowed), a speaker of one to
 * three words, then the message.
 */
const CHAT_MESSAGE =
  /^\s*(?:\[\d{1,2}:\d{2}(?::\d{2})?\]\s*[^\s:\]][^\s:]*(?: [^\s:]+){0,2}|[^\s:][^\s:]*(?: [^\s:]+){0,2} \d{1,2}:\d{2}(?::\d{2})?):\s/;

function endsWithChatMessage(lines: readonly string[]): boolean {
  return (
    lines.length > 1 &&
    CHAT_MESSAGE.test(lines[lines.length - 1] ?? '') &&
    CHAT_MESSAGE.test(lines[lines.length - 2] ?? '')
  );
}
