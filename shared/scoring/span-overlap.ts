import type { Span } from '../schemas/annotation.ts';
import { unlistedKey } from './factor-sets.ts';

/** How many of the first reader's spans the second reader covers, and the other way round. */
export interface SpanOverlapCounts {
  firstSpans: number;
  /** First-reader spans that some second-reader span matches. */
  firstMatched: number;
  secondSpans: number;
  /** Second-reader spans that some first-reader span matches. */
  secondMatched: number;
}

/**
 * Span overlap between two annotators of one argument — the secondary agreement figure
 * (docs/decisions/006-span-overlap.md). A span s of reader A is *matched* when reader B has
 * a span t with
 *
 *   t.case = s.case,   t.factor = s.factor   (for `unlisted`, also the same `unlistedKey` of the
 *                                             text when both give one),
 *   max(s.start, t.start) < min(s.end, t.end) (the half-open ranges share at least one character).
 *
 * Polarity and style are not required to match: the figure asks whether both found the same
 * mention of the same factor for the same case; whether they read it as asserted is what the
 * decision-level agreement measures. Counted both ways, since A's spans covered by B and B's
 * covered by A differ when one highlights more; the report pools the counts over items and gives
 * each share (matched/spans) with intervals.
 *
 * Preconditions: validated spans. Never throws.
 * Degenerate input: a reader without spans has 0 spans and 0 matched (its share is then n/a).
 *
 * @example
 * // A: [0,10) current F4;  B: [5,20) current F4, [30,40) tsc1 F6
 * spanOverlap(a, b) // { firstSpans: 1, firstMatched: 1, secondSpans: 2, secondMatched: 1 }
 */
export function spanOverlap(first: readonly Span[], second: readonly Span[]): SpanOverlapCounts {
  return {
    firstSpans: first.length,
    firstMatched: first.filter((span) => second.some((other) => spansMatch(span, other))).length,
    secondSpans: second.length,
    secondMatched: second.filter((span) => first.some((other) => spansMatch(span, other))).length,
  };
}

/**
 * The match rule of docs/decisions/006-span-overlap.md for one pair: same case, same factor (for
 * `unlisted`, also the same `unlistedKey` of the text when both give one), and the half-open ranges
 * share at least one character. Polarity and style are not compared here; the adjudication's
 * disagreements add the polarity (shared/adjudication/disagreements.ts).
 */
export function spansMatch(s: Span, t: Span): boolean {
  if (s.case !== t.case || s.factor !== t.factor) return false;
  if (s.factor === 'unlisted' && s.text !== undefined && t.text !== undefined) {
    if (unlistedKey(s.text) !== unlistedKey(t.text)) return false;
  }
  return Math.max(s.start, t.start) < Math.min(s.end, t.end);
}
