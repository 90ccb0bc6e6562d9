import { answerRange } from './argument-layout/answer-range.ts';

/**
 * The response with everything but its delivered answer blanked out: every visible character
 * outside the answer (a reasoning trace `<think> … </think>` and its tags, per `answerRange`) becomes
 * a space, white space stays. The length and every offset of the answer are kept, so spans stored
 * against the raw text still point at the same words. A response without a trace comes back as it
 * is; one that ran out while reasoning (no answer) comes back blank.
 *
 * @example deliveredAnswerOnly('<think>F9?</think>\nF4 applies.') // '                  \nF4 applies.'
 */
export function deliveredAnswerOnly(text: string): string {
  const { start, end } = answerRange(text);
  const blank = (part: string) => part.replace(/\S/gu, ' ');
  return blank(text.slice(0, start)) + text.slice(start, end) + blank(text.slice(end));
}
