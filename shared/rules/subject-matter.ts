import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

// Information about the trade's customers or suppliers: "the customer names", "buyers whom everyone
// in the trade knows", "who buys from whom".
const CUSTOMER_INFORMATION =
  /\b(?<!(?:rival|competing|competitor|to|with)\s)(?:customers?|suppliers?|buyers?|clients?|accounts|vendors?)\b|\bwho\s+(?:buys|bought|sells|sold|supplies|supplied)\b/i;

// The cases themselves, compared: "the facts of TSC1 are nearly identical to the input case", "the
// two cases are indistinguishable on this point" — a likeness of cases, not of products (F18).
const COMPARED_CASES =
  /\b(?:cases|case|facts|precedents?|situations?|disputes?|scenarios?|arguments?|reasoning|circumstances)\s+(?:of\s+\S+\s+)?(?:are|were|is|was|seem|seems|appear|appears|look|looks)\s+(?:\w+ly\s+)?$/i;
const PRODUCT =
  /\b(?:products?|devices?|machines?|units?|goods|items?|copy|copies|clones?|replicas?|versions?|designs?|software|programs?|formulas?|recipes?|parts?|components?|systems?|tools?|models?)\b/i;

/**
 * What the information is about decides between two factors that read alike: F20
 * Info-known-to-competitors (the information was known in the industry) and F11 Vertical-knowledge
 * (the information concerns customers or suppliers AND is part of general industry knowledge,
 * shared/factors.ts). A paraphrase of F20 in a sentence that speaks of customers, suppliers or
 * buyers — "the customer files list buyers whom everyone in the trade already knows" — is read as
 * F11. And a likeness said of the cases or their facts, in a sentence that names no product ("the
 * facts of TSC1 are nearly identical to the input case"), is no F18 mention at all. Codes and names
 * stay as the writer labelled them. `sentences` are the answer's sentences.
 *
 * @example readSubjectMatter('The customer names are known throughout the industry.', [{ start: 23, end: 52, factor: 'F20', style: 'paraphrase', text: 'known throughout the industry' }], [{ start: 0, end: 53 }])[0]?.factor // 'F11'
 */
export function readSubjectMatter(
  text: string,
  mentions: readonly FoundMention[],
  sentences: readonly Span[],
): FoundMention[] {
  return mentions.flatMap((mention) => {
    if (mention.style !== 'paraphrase' || (mention.factor !== 'F20' && mention.factor !== 'F18'))
      return [mention];
    const sentence = sentences.find((span) => mention.start >= span.start && mention.start < span.end);
    if (!sentence) return [mention];
    const body = text.slice(sentence.start, sentence.end);
    if (mention.factor === 'F18') {
      const before = text.slice(Math.max(sentence.start, mention.start - 60), mention.start);
      // The words right before the likeness name what is alike.
      return COMPARED_CASES.test(before) && !PRODUCT.test(body) ? [] : [mention];
    }
    return CUSTOMER_INFORMATION.test(body) ? [{ ...mention, factor: 'F11' }] : [mention];
  });
}
