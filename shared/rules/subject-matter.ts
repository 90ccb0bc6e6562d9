import { definePatterns } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { NamedRule } from './named-rule.ts';
import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

/**
 * What the information is about decides between factors that read alike. Codes and names stay as
 * the writer labelled them.
 */
export const SUBJECT_RULES = [
  {
    name: 'subject.trade-parties',
    says: 'A paraphrase of F20 (known to competitors) in a sentence about the trade\'s customers or suppliers (class trade-party: @customer and its forms; "who buys from whom") is F11 Vertical-knowledge: information about customers or suppliers that is general knowledge in the industry.',
    example: 'The customer files list buyers whom everyone in the trade already knows.',
  },
  {
    name: 'subject.cases-compared',
    says: 'A paraphrase of F18 (identical products) that says the cases or their facts are alike ("the facts of TSC1 are nearly identical to the input case"), in a sentence that names no product, is no mention at all (it records nothing).',
    example: 'The facts of TSC1 are nearly identical to the input case.',
  },
] as const satisfies readonly NamedRule[];

const patternsOf = definePatterns({
  TRADE_PARTIES: ['\\b(?<!{not-trade-party-before}\\s){trade-party}\\b|\\bwho\\s+{trading-verb}\\b', 'i'],
  COMPARED_CASES: ['\\b{compared-case}\\s+(?:of\\s+\\S+\\s+)?{seem-verb}\\s+(?:\\w+ly\\s+)?$', 'i'],
  PRODUCT: ['\\b{compared-product}\\b', 'i'],
});

/** Whether `SUBJECT_RULES` may re-read the mention: a paraphrase of F20 or F18. */
function isReread(mention: FoundMention): boolean {
  return mention.style === 'paraphrase' && (mention.factor === 'F20' || mention.factor === 'F18');
}

/**
 * F20 and F18 paraphrases re-read by `SUBJECT_RULES`. `sentences` are the answer's sentences.
 *
 * @example readSubjectMatter('The customer names are known throughout the industry.', [mentionOf('known throughout the industry', 'F20')], [{ start: 0, end: 53 }], lexicon)[0]?.factor // 'F11'
 */
export function readSubjectMatter(
  text: string,
  mentions: readonly FoundMention[],
  sentences: readonly Span[],
  lexicon: Lexicon,
): FoundMention[] {
  const patterns = patternsOf(lexicon);
  // Only a paraphrase of F20 or F18 is re-read: a text without one keeps its mentions as they are.
  if (!mentions.some((mention) => isReread(mention))) return [...mentions];
  return mentions.flatMap((mention) => {
    if (!isReread(mention)) return [mention];
    const sentence = sentences.find((span) => mention.start >= span.start && mention.start < span.end);
    if (!sentence) return [mention];
    const body = text.slice(sentence.start, sentence.end);
    if (mention.factor === 'F18') {
      const before = text.slice(Math.max(sentence.start, mention.start - 60), mention.start);
      // The words right before the likeness name what is alike.
      return patterns.COMPARED_CASES.test(before) && !patterns.PRODUCT.test(body) ? [] : [mention];
    }
    return patterns.TRADE_PARTIES.test(body)
      ? [{ ...mention, factor: 'F11', reread: 'subject.trade-parties' }]
      : [mention];
  });
}
