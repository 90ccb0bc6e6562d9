import { stripThinking } from '../parse/distilled-factors.ts';

/** Where the delivered answer lies in a response: [start, end) of the original text. */
export interface AnswerRange {
  start: number;
  end: number;
  /** A `<think>` was opened and never closed: the model ran out of tokens while reasoning. */
  unterminated: boolean;
}

/**
 * The delivered answer's place in the original response, per `stripThinking`: the text after the
 * last `</think>` (or before a `<think>` never closed), without surrounding white space. Spans
 * found in the answer are shifted by `start` to point into the original text.
 *
 * @example answerRange('<think>F4?</think>\nF6 applies.') // { start: 19, end: 30, unterminated: false }
 */
export function answerRange(text: string): AnswerRange {
  const split = stripThinking(text);
  if (split.answer === '') return { start: text.length, end: text.length, unterminated: split.unterminated };
  const close = text.toLowerCase().lastIndexOf('</think>');
  const start = text.indexOf(split.answer, close === -1 ? 0 : close + '</think>'.length);
  return { start, end: start + split.answer.length, unterminated: split.unterminated };
}
