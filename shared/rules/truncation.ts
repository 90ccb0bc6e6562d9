import { endsWithAbstentionPhrase } from './abstention.ts';

/**
 * Whether a response looks cut off: the caller says the output hit its token limit
 * (`finishReason === 'length'`), a `<think>` trace was never closed, or the delivered answer stops
 * without final punctuation (".", "!", "?", a closing bracket or quote; emphasis and white space
 * aside) — mid-sentence or mid-word. The bare abstention phrase, which has no period, is complete.
 * An empty answer is not truncated by itself.
 *
 * @example isTruncated('In the input case the plaintiff', { finishReason: 'stop', unterminated: false }) // true
 */
export function isTruncated(
  answer: string,
  context: { finishReason?: string | null; unterminated: boolean },
): boolean {
  if (context.finishReason === 'length' || context.unterminated) return true;
  const trimmed = answer.replace(/[\s*_`#]+$/, '');
  if (trimmed === '') return false;
  if (/[.!?)"'”’\]]$/.test(trimmed)) return false;
  return !endsWithAbstentionPhrase(trimmed);
}
