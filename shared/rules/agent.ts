import { definePatterns, lastMatchIndex } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { NamedRule } from './named-rule.ts';
import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

/**
 * Who did it decides between two factors that read alike: F17 Info-independently-generated (the
 * DEFENDANT developed the information by its own research) and F3 Employee-sole-developer (the
 * EMPLOYEE who took it developed it alone). The rules, in order; codes and names stay as the writer
 * labelled them.
 */
export const AGENT_RULES = [
  {
    name: 'agent.own-work',
    says: 'A paraphrase of F17 (independent development) that calls the work a person\'s own ("on his own", "by herself") is F3 Employee-sole-developer: a person, not the defendant company, developed it.',
    example: 'An employee who wrote the entire program on his own left for the defendant.',
  },
  {
    name: 'agent.person-before',
    says: 'A paraphrase of F17 is F3 when a person (a word of @employee, "inventor", "he", "she") stands nearer before it in its clause than the defendant or a word for a company ("it", "they") — but not one of the defendant\'s own people ("the defendant\'s staff", "its engineers").',
    example: 'An engineer who left the plaintiff developed the program independently.',
  },
] as const satisfies readonly NamedRule[];
type AgentRule = (typeof AGENT_RULES)[number]['name'];

const patternsOf = definePatterns({
  // A person who works (or worked) for the plaintiff, or a personal pronoun for one.
  PERSON: ['\\b{agent-person}\\b', 'gi'],
  // The defendant as an organisation.
  COMPANY: ['\\b{agent-company}\\b', 'gi'],
  OWN_WORK: ['\\b{possessive-person}\\s+own\\b|\\b{reflexive-person}\\b', 'i'],
  // "the defendant's staff", "its engineers": the defendant's own people are the defendant.
  OWNED_BY_DEFENDANT: ['{agent-company-possessive}\\s+(?:own\\s+)?$', 'i'],
});
const REACH = 80;

function asF3(mention: FoundMention, rule: AgentRule): FoundMention {
  return { ...mention, factor: 'F3', reread: rule };
}

/**
 * F17 paraphrases re-read by `AGENT_RULES`: "an employee who wrote the entire program on his own"
 * is F3. `segments` are the clause-like pieces of the sentences.
 *
 * @example readAgent('The engineer wrote the code on his own.', [mentionOf('wrote the code on his own', 'F17')], [{ start: 0, end: 39 }], lexicon)[0]?.factor // 'F3'
 */
export function readAgent(
  text: string,
  mentions: readonly FoundMention[],
  segments: readonly Span[],
  lexicon: Lexicon,
): FoundMention[] {
  const patterns = patternsOf(lexicon);
  return mentions.map((mention) => {
    if (mention.factor !== 'F17' || mention.style !== 'paraphrase') return mention;
    if (patterns.OWN_WORK.test(text.slice(mention.start, mention.end)))
      return asF3(mention, 'agent.own-work');
    const segment = segments.find((span) => mention.start >= span.start && mention.start < span.end);
    if (!segment) return mention;
    const before = text.slice(Math.max(segment.start, mention.start - REACH), mention.start);
    const person = lastMatchIndex(patterns.PERSON, before, patterns.OWNED_BY_DEFENDANT, 20);
    return person > lastMatchIndex(patterns.COMPANY, before) ? asF3(mention, 'agent.person-before') : mention;
  });
}
