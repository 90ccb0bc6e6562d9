import { definePatterns, lastMatchIndex } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { NamedRule } from './named-rule.ts';
import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

/**
 * Who promised decides between two factors that read alike: F4 Agreed-not-to-disclose (the
 * DEFENDANT agreed to keep the information confidential) and F12 Outsider-disclosures-restricted
 * (OUTSIDERS the plaintiff disclosed to were bound to confidentiality). The rules, in order; codes
 * and names stay as the writer labelled them.
 */
export const RECIPIENT_RULES = [
  {
    name: 'recipient.pretended-outsider',
    says: 'An F12 wording right after an identity someone pretends to have ("pretending to be an equipment vendor", "posing as a supplier\'s representative") or after "the defendant, a former distributor," is the defendant\'s own promise: F4.',
    example: 'The defendant, pretending to be an equipment vendor, signed a nondisclosure agreement.',
  },
  {
    name: 'recipient.other-party',
    says: 'An F12 wording whose subject is "the other company" (one: "the other firm", "the other side") is the defendant\'s own promise: in a two-party dispute the other company is the defendant. F4.',
    example: 'The other company used the plans even though it had promised to keep them private.',
  },
  {
    name: 'recipient.during-negotiations',
    says: 'An F12 wording about a disclosure during negotiations or due diligence is F4: the party negotiating is the defendant (F1 with F4).',
    example: 'The plans were disclosed during negotiations under a nondisclosure agreement.',
  },
  {
    name: 'recipient.promise-by-defendant',
    says: 'An F4 wording followed by "by the defendant" / "from the defendant" stays F4 whoever is named before it (an exception to the next rule; it records nothing).',
    example: 'Its supplier relied on a signed nondisclosure promise by the defendant.',
  },
  {
    name: 'recipient.outsider-before',
    says: 'An F4 wording is F12 when its sentence names an outsider (a word of @outsider, "third party", "the companies that got the code" …) nearer before it than the defendant or one of its people — and the outsider is no identity someone pretends to have.',
    example:
      'The only outsider who saw the recipe was the co-packer, and it was contractually bound to keep it secret.',
  },
] as const satisfies readonly NamedRule[];
type RecipientRule = (typeof RECIPIENT_RULES)[number]['name'];

const patternsOf = definePatterns({
  OUTSIDER: [
    '\\b(?:{recipient-outsider}|{recipient-group}\\s+(?:that|who)\\s+{recipient-received})\\b',
    'gi',
  ],
  DEFENDANT: ['\\b{recipient-defendant}\\b', 'gi'],
  // An outsider word that names the defendant is no outsider the plaintiff disclosed to: an identity
  // someone pretends to have, or what the defendant was ("the defendant, a former distributor, …").
  DEFENDANT_AS: [
    '(?:defendant,\\s+(?:an?|the|its)(?:\\s+{former})?|{pretended-identity})\\s+(?:(?:an?|the|one\\s+of\\s+the)\\s+)?(?:[\\w-]+\\s+){0,3}$',
    'i',
  ],
  BY_DEFENDANT_AFTER: ['^\\s*(?:by|from|of)\\s+the\\s+defendant\\b', 'i'],
  NEGOTIATION: ['\\b{negotiation-context}\\b', 'i'],
  OTHER_PARTY: ['^(?:the\\s+)?{other-party}\\b(?!s)', 'i'],
});
const REACH = 160;

function reread(mention: FoundMention, factor: 'F4' | 'F12', rule: RecipientRule): FoundMention {
  return { ...mention, factor, reread: rule };
}

/**
 * F4 and F12 paraphrases re-read by `RECIPIENT_RULES`. `sentences` are the answer's sentences.
 *
 * @example readRecipient('Its supplier was bound to keep it secret.', [mentionOf('bound to keep it secret', 'F4')], [{ start: 0, end: 40 }], lexicon)[0]?.factor // 'F12'
 */
export function readRecipient(
  text: string,
  mentions: readonly FoundMention[],
  sentences: readonly Span[],
  lexicon: Lexicon,
): FoundMention[] {
  const patterns = patternsOf(lexicon);
  return mentions.map((mention) => {
    if (mention.style !== 'paraphrase') return mention;
    if (mention.factor === 'F12') {
      if (patterns.DEFENDANT_AS.test(text.slice(Math.max(0, mention.start - 60), mention.start)))
        return reread(mention, 'F4', 'recipient.pretended-outsider');
      if (patterns.OTHER_PARTY.test(mention.text)) return reread(mention, 'F4', 'recipient.other-party');
      return patterns.NEGOTIATION.test(mention.text)
        ? reread(mention, 'F4', 'recipient.during-negotiations')
        : mention;
    }
    if (mention.factor !== 'F4') return mention;
    const sentence = sentences.find((span) => mention.start >= span.start && mention.start < span.end);
    if (!sentence) return mention;
    const before = text.slice(Math.max(sentence.start, mention.start - REACH), mention.start);
    if (patterns.BY_DEFENDANT_AFTER.test(text.slice(mention.end, mention.end + 30))) return mention;
    const outsider = lastMatchIndex(patterns.OUTSIDER, before, patterns.DEFENDANT_AS);
    return outsider !== -1 && outsider > lastMatchIndex(patterns.DEFENDANT, before)
      ? reread(mention, 'F12', 'recipient.outsider-before')
      : mention;
  });
}
