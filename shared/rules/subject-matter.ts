import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

// Information about the trade's customers or suppliers: "the customer names", "buyers whom everyone
// in the trade knows", "who buys from whom".
const CUSTOMER_INFORMATION =
  /\b(?:customers?|suppliers?|buyers?|clients?|accounts|vendors?)\b|\bwho\s+(?:buys|bought|sells|sold|supplies|supplied)\b/i;

/**
 * What the information is about decides between two factors that read alike: F20
 * Info-known-to-competitors (the information was known in the industry) and F11 Vertical-knowledge
 * (the information concerns customers or suppliers AND is part of general industry knowledge,
 * shared/factors.ts). A paraphrase of F20 in a sentence that speaks of customers, suppliers or
 * buyers — "the customer files list buyers whom everyone in the trade already knows" — is read as
 * F11. Codes and names stay as the writer labelled them. `sentences` are the answer's sentences.
 *
 * @example readSubjectMatter('The customer names are known throughout the industry.', [{ start: 23, end: 52, factor: 'F20', style: 'paraphrase', text: 'known throughout the industry' }], [{ start: 0, end: 53 }])[0]?.factor // 'F11'
 */
export function readSubjectMatter(
  text: string,
  mentions: readonly FoundMention[],
  sentences: readonly Span[],
): FoundMention[] {
  return mentions.map((mention) => {
    if (mention.factor !== 'F20' || mention.style !== 'paraphrase') return mention;
    const sentence = sentences.find((span) => mention.start >= span.start && mention.start < span.end);
    if (!sentence) return mention;
    return CUSTOMER_INFORMATION.test(text.slice(sentence.start, sentence.end))
      ? { ...mention, factor: 'F11' }
      : mention;
  });
}
