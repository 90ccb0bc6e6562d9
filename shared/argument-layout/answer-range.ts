import { findThinkTraces } from './think-traces.ts';

/** Where the delivered answer lies in a response: [start, end) of the original text. */
export interface AnswerRange {
  start: number;
  end: number;
  /** A `<think>` was opened and never closed: the model ran out of tokens while reasoning. */
  unterminated: boolean;
}

/**
 * The delivered answer's place in the original response, from the traces `findThinkTraces` reads
 * (the same the workspace lays out): the text after the last closed trace, up to a trace never
 * closed, without the white space around it (as `String.prototype.trim` counts it). Spans found in
 * the answer are shifted by `start` to point into the original text. An empty answer lies at the
 * text's end.
 *
 * @example answerRange('<think>F4?</think>\nF6 applies.') // { start: 19, end: 30, unterminated: false }
 */
export function answerRange(text: string): AnswerRange {
  let from = 0;
  let to = text.length;
  let unterminated = false;
  for (const trace of findThinkTraces(text)) {
    if (trace.closed) from = trace.end;
    else {
      to = trace.start;
      unterminated = true;
    }
  }
  const inside = text.slice(from, to);
  const answer = inside.trim();
  if (answer === '') return { start: text.length, end: text.length, unterminated };
  const start = from + (inside.length - inside.trimStart().length);
  return { start, end: start + answer.length, unterminated };
}
