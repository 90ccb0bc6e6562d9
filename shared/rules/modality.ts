import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

// A possibility, not an act: "could", "can", "may", "might", "would", "(be) able to", "possible to",
// "capable of" — within the few words before the phrase in its clause.
const POSSIBILITY_BEFORE =
  /\b(?:could|can|may|might|would|able\s+to|possible\s+to|capable\s+of|free\s+to)\b(?:\s+\S+){0,9}\s*$/i;
const REACH = 60;

/**
 * CATO tells the act from its possibility for reverse engineering only: F25 Info-reverse-engineered
 * (the defendant did it) against F16 Info-reverse-engineerable (it could be done). A paraphrase of
 * F25 under a modal of possibility in its own clause is read as F16: "anyone could have bought the
 * machine and taken it apart" says the design could be learned, not that someone did learn it.
 * Codes and names are the writer's own label and stay as they are. `segments` are the clause-like
 * pieces of the sentences; a mention outside every segment is kept unchanged.
 *
 * @example readPossibility('Anyone could take the unit apart.', [{ start: 14, end: 32, factor: 'F25', style: 'paraphrase', text: 'take the unit apart' }], [{ start: 0, end: 33 }])[0]?.factor // 'F16'
 */
export function readPossibility(
  text: string,
  mentions: readonly FoundMention[],
  segments: readonly Span[],
): FoundMention[] {
  return mentions.map((mention) => {
    if (mention.factor !== 'F25' || mention.style !== 'paraphrase') return mention;
    const segment = segments.find((span) => mention.start >= span.start && mention.start < span.end);
    if (!segment) return mention;
    const before = text.slice(Math.max(segment.start, mention.start - REACH), mention.start);
    return POSSIBILITY_BEFORE.test(before) ? { ...mention, factor: 'F16' } : mention;
  });
}
