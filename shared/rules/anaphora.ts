import { definePatterns, substringTest } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { NamedRule } from './named-rule.ts';
import type { Sentence } from './sentences.ts';
import type { FoundMention } from './types.ts';

/**
 * Mentions made by reference: a word or phrase that stands for factors just named. The
 * antecedents are the mentions earlier in the same sentence, else those of the nearest earlier
 * sentence of the same paragraph that has mentions; a denied factor is none to repeat ("without
 * binding them to secrecy …, the same lapse"). Each repetition is a `paraphrase` mention spanning
 * the reference, found by the rule named here.
 */
export const ANAPHORA_RULES = [
  {
    name: 'anaphora.these-factors',
    says: '"These factors", "both of these features", "the two elements": all the factors just named; "both" reaches back until it has two.',
    example: 'The input case has F26 and F15. TSC1 had both of these factors.',
  },
  {
    name: 'anaphora.this-factor',
    says: '"The same factor", "this factor", "that factor": the last factor named.',
    example: 'F4 and F11 are here, and TSC2 had the same factor.',
  },
  {
    name: 'anaphora.the-same',
    says: '"The same conduct", "the same markings" (a plural or a mass noun: all the factors just named), "the same point" (the last one) — but not "the same" before a party, a case, an outcome or the information itself ("the same defendant", "the same formula").',
    example: 'The defendant bribed an engineer. TSC2 involved the same conduct.',
  },
  {
    name: 'anaphora.mirrors',
    says: '"This mirrors TSC2", "That is exactly what happened in TSC1", "it is similar to": all the factors of the sentence before hold there.',
    example: 'The defendant signed an NDA (F4). This mirrors TSC2.',
  },
  {
    name: 'anaphora.same-holds',
    says: 'A sentence that opens "This is also in TSC2", "The same is true in TSC1": the factors of the sentence before hold there.',
    example: 'The plaintiff locked the plans away (F6). The same is true in TSC1.',
  },
  {
    name: 'anaphora.pronoun',
    says: 'A pronoun for factors after a verb of having at the end of its clause ("TSC1 had it", "TSC2 lacked them", "TSC2 presented both"), when the sentence names no factor before it: "it" the last factor of the sentence before, "them"/"both" all.',
    example: 'The input case involves F15. TSC2 lacked it.',
  },
  {
    name: 'anaphora.neither-of-those',
    says: '"Neither of those happened in TSC1", "none of these is present here": all the factors of the sentence before, denied (the reference carries the negation).',
    example: 'The defendant bribed an engineer and posed as a buyer. Neither of those happened in TSC1.',
  },
  {
    name: 'anaphora.ordinal',
    says: '"The first of these facts", "the second of them", "the former", "the latter": the first or the second of the factors just named.',
    example: 'The input case has F4 and F6; TSC1 had only the latter.',
  },
] as const satisfies readonly NamedRule[];
type AnaphoraRule = (typeof ANAPHORA_RULES)[number]['name'];

const patternsOf = definePatterns({
  THESE_FACTORS: ['\\b(?:both\\s+of\\s+)?{anaphor-plural-determiner}\\s+{anaphor-factor-noun}\\b', 'gi'],
  THIS_FACTOR: ['\\b(?:the\\s+same|this|that)\\s+factor\\b', 'gi'],
  THE_SAME: [
    '\\bthe\\s+(?:very\\s+)?same\\s+(?:{anaphor-number}\\s+)?(?:{anaphor-kind}\\s+of\\s+)?(?!{not-a-factor-after-same}\\b)[a-z]+\\b',
    'gi',
  ],
  MIRRORS: ['\\b(?:this|that|it)\\s+(?:{likeness-adverb}\\s+)?{likeness-verb}\\b', 'gi'],
  // … at the start of a sentence or clause (checked by hand: a look-behind would slow every search).
  SAME_HOLDS: [
    '\\b(?:This|That|The\\s+same)\\s+(?:is|was)\\s+(?:also\\s+)?(?:true\\s+|the\\s+case\\s+|present\\s+)?(?:also\\s+)?(?=in\\s+(?:TSC|the\\s+(?:input|current|first|second)|both))',
    'g',
  ],
  PRONOUN: ['\\b{having-verb}\\s+(it|them|both)(?=\\s*(?:[.,;:!?)]|$|\\s+{additive}\\b))', 'gi'],
  NEITHER_OF: ['\\b(?:neither|none)\\s+of\\s+(these|those|them)\\b', 'gi'],
  ORDINAL: [
    '\\bthe\\s+(?:first|former|second|latter)\\s+of\\s+(?:these|those|them|the\\s+two)(?:\\s+(?:facts|factors|points|features|circumstances))?\\b|\\bthe\\s+(?:first|second)\\s+factor\\b|\\bthe\\s+latter\\b',
    'gi',
  ],
  DENIED_BEFORE: ["\\b{denial-before}\\s+(?:[\\w'’-]+\\s+){0,2}$", 'i'],
  PLURAL_OR_MASS: ['(?:s|{mass-noun}|like|in|to|as|true|case|present|found|seen|also)\\s*$', 'i'],
});

const OPENS_STATEMENT = /(?:^|[.!?:;]\s{1,3})$/;
// Each pattern with its rule and words one of which every match contains (lower case), as one
// substring test of the lower-cased text (`substringTest`): a text with none of them is not
// searched (a literal search is far cheaper than a pass of the pattern).
const RULE_OF_PATTERN: ReadonlyArray<
  readonly [keyof ReturnType<typeof patternsOf>, AnaphoraRule, needs: RegExp | null]
> = [
  ['THESE_FACTORS', 'anaphora.these-factors', null],
  ['THIS_FACTOR', 'anaphora.this-factor', substringTest(['factor'])],
  ['THE_SAME', 'anaphora.the-same', substringTest(['same'])],
  ['MIRRORS', 'anaphora.mirrors', null],
  ['ORDINAL', 'anaphora.ordinal', substringTest(['first', 'former', 'second', 'latter'])],
  ['PRONOUN', 'anaphora.pronoun', null],
  ['SAME_HOLDS', 'anaphora.same-holds', substringTest(['this', 'that', 'same'])],
  ['NEITHER_OF', 'anaphora.neither-of-those', substringTest(['neither', 'none'])],
];

/**
 * The mentions `ANAPHORA_RULES` find by reference, each a `paraphrase` mention spanning the
 * reference (for a pronoun, the pronoun), `found` by its rule. A reference that overlaps a mention
 * ("the same teardown of the product" names its factor itself) is none.
 *
 * @example "The defendant used F26 and F15. TSC1 had both of these factors." → F26 and F15 at "both of these factors"
 */
export function findFactorAnaphora(
  text: string,
  sentences: readonly Sentence[],
  mentions: readonly FoundMention[],
  lexicon: Lexicon,
): FoundMention[] {
  const patterns = patternsOf(lexicon);
  const found: FoundMention[] = [];
  const matches: Array<readonly [RegExpExecArray, AnaphoraRule]> = [];
  const seenAt = new Set<string>();
  const lower = text.toLowerCase();
  for (const [name, rule, needs] of RULE_OF_PATTERN) {
    if (needs && !needs.test(lower)) continue;
    const pattern = patterns[name];
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      if (
        name === 'SAME_HOLDS' &&
        !OPENS_STATEMENT.test(text.slice(Math.max(0, match.index - 4), match.index))
      )
        continue;
      // The same stretch matched by two alternatives of what was one pattern is one reference.
      const key = `${match.index}:${match[0].length}`;
      if (seenAt.has(key)) continue;
      seenAt.add(key);
      matches.push([match, rule]);
    }
  }
  for (const [match, rule] of matches) {
    // For a pronoun ("had it") the mention is the pronoun itself.
    const pronoun =
      rule === 'anaphora.pronoun' || rule === 'anaphora.neither-of-those' ? match[1] : undefined;
    const end = match.index + match[0].length;
    const start = pronoun ? end - pronoun.length : match.index;
    const index = sentences.findIndex((sentence) => start >= sentence.start && start < sentence.end);
    const sentence = sentences[index];
    if (!sentence) continue;
    if (mentions.some((mention) => mention.start < end && start < mention.end)) continue;
    let antecedents = mentions.filter((mention) => mention.start >= sentence.start && mention.end <= start);
    // A pronoun stands for factors of an earlier sentence only: "F4 is in TSC1 and TSC2 has it" is
    // read by the case rules already.
    if (pronoun && antecedents.length > 0) continue;
    // "both of these …" names two: keep reaching back (within the paragraph) until two factors are found.
    const wanted = /^both\b/i.test(match[0]) || pronoun?.toLowerCase() === 'both' ? 2 : 1;
    for (let back = index - 1; distinctFactorCount(antecedents) < wanted && back >= 0; back -= 1) {
      const earlier = sentences[back];
      if (!earlier || earlier.paragraph !== sentence.paragraph) break;
      antecedents = [
        ...mentions.filter((mention) => mention.start >= earlier.start && mention.start < earlier.end),
        ...antecedents,
      ];
    }
    antecedents = antecedents.filter(
      (mention) => !patterns.DENIED_BEFORE.test(text.slice(Math.max(0, mention.start - 30), mention.start)),
    );
    const distinctFactors = antecedents.filter(
      (mention, at) => antecedents.findIndex((other) => other.factor === mention.factor) === at,
    );
    if (/^the\s+(?:first|former)\b/i.test(match[0])) antecedents = distinctFactors.slice(0, 1);
    else if (/^the\s+(?:second|latter)\b/i.test(match[0])) antecedents = distinctFactors.slice(1, 2);
    else if (pronoun) antecedents = /^it$/i.test(pronoun) ? antecedents.slice(-1) : antecedents;
    else if (!patterns.PLURAL_OR_MASS.test(match[0]) || /\bfactor$/i.test(match[0]))
      antecedents = antecedents.slice(-1);
    const seen = new Set<string>();
    for (const antecedent of antecedents) {
      const key = antecedent.factor === 'unlisted' ? `unlisted:${antecedent.text}` : antecedent.factor;
      if (seen.has(key)) continue;
      seen.add(key);
      // An unlisted factor keeps its label (it is what `unlisted` records); others quote the anaphor.
      const wording = antecedent.factor === 'unlisted' ? antecedent.text : text.slice(start, end);
      found.push({ start, end, factor: antecedent.factor, style: 'paraphrase', text: wording, found: rule });
    }
  }
  return found;
}

function distinctFactorCount(mentions: readonly FoundMention[]): number {
  return new Set(mentions.map((mention) => mention.factor)).size;
}
