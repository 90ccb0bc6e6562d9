import { definePatterns } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { NamedRule } from './named-rule.ts';
import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

/**
 * CATO tells the act from its possibility for reverse engineering only: F25 Info-reverse-engineered
 * (the defendant did it) against F16 Info-reverse-engineerable (it could be done).
 */
export const MODALITY_RULES = [
  {
    name: 'modality.possible-not-done',
    says: 'A paraphrase of F25 (reverse engineered) with a word of possibility ("could", "can", "would be able to", "capable of" …: class possibility) within the few words before it in its clause is F16 (reverse engineerable): it says the design could be learned, not that someone learned it.',
    example: 'Anyone could have bought the machine and taken it apart.',
  },
] as const satisfies readonly NamedRule[];

const patternsOf = definePatterns({
  POSSIBILITY_BEFORE: ['\\b{possibility}\\b(?:\\s+\\S+){0,9}\\s*$', 'i'],
});
const REACH = 60;

/**
 * F25 paraphrases re-read by `MODALITY_RULES`. Codes and names are the writer's own label and stay
 * as they are. `segments` are the clause-like pieces of the sentences; a mention outside every
 * segment is kept unchanged.
 *
 * @example readPossibility('Anyone could take the unit apart.', [mentionOf('take the unit apart', 'F25')], [{ start: 0, end: 33 }], lexicon)[0]?.factor // 'F16'
 */
export function readPossibility(
  text: string,
  mentions: readonly FoundMention[],
  segments: readonly Span[],
  lexicon: Lexicon,
): FoundMention[] {
  const { POSSIBILITY_BEFORE } = patternsOf(lexicon);
  return mentions.map((mention) => {
    if (mention.factor !== 'F25' || mention.style !== 'paraphrase') return mention;
    const segment = segments.find((span) => mention.start >= span.start && mention.start < span.end);
    if (!segment) return mention;
    const before = text.slice(Math.max(segment.start, mention.start - REACH), mention.start);
    return POSSIBILITY_BEFORE.test(before)
      ? { ...mention, factor: 'F16', reread: 'modality.possible-not-done' }
      : mention;
  });
}
