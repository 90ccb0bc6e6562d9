import { AGENT_RULES } from './agent.ts';
import { ANAPHORA_RULES } from './anaphora.ts';
import { CASE_RULES, MENTION_CASE_RULES } from './case-attribution.ts';
import { A_BUT_NOT_B, COMPARISON_RULES } from './comparison.ts';
import { HYPOTHETICAL_RULES } from './hypotheticals.ts';
import { MODALITY_RULES } from './modality.ts';
import type { NamedRule, RuleFamily } from './named-rule.ts';
import { NEGATION_RULES } from './negation.ts';
import { RECIPIENT_RULES } from './recipient.ts';
import { SUBJECT_RULES } from './subject-matter.ts';

/** How a mention is found: the first rules every mention records. */
export const FIND_RULES = [
  {
    name: 'find.code',
    says: 'A factor code: "F4", "F 4", "F-4", "factor 4", "factors 4, 6 and 10", with the label after it ("F4 Agreed-not-to-disclose (P)"); a code outside the catalogue ("F30") is an unlisted factor.',
    example: 'The defendant signed an NDA (F4).',
  },
  {
    name: 'find.name',
    says: 'A catalogue name in any casing and hyphenation ("Agreed-Not-To-Disclose", "security measures"): the name\'s words next to each other.',
    example: 'The input case shows Security-measures.',
  },
  {
    name: 'find.label',
    says: 'A hyphenated label that looks like a factor name but is none, before "(P)"/"(D)", before "factor" or in bold: an unlisted factor ("Customer-loyalty (D)").',
    example: 'TSC2 turned on Customer-loyalty (D).',
  },
  {
    name: 'find.phrase',
    says: 'A lexicon phrase of the factor (data/lexicon.json, listed below factor by factor): lemmas in any inflection, gaps that never skip a negation word.',
    example: 'The defendant signed a confidentiality agreement.',
  },
  {
    name: 'find.frame',
    says: 'A lexicon frame of the factor: its concepts met in one clause within 10 words, in any order unless it says otherwise; a phrase, name or code it overlaps wins.',
    example: 'A covenant restrained him from taking employment with any competitor.',
  },
] as const satisfies readonly NamedRule[];

/**
 * Every named rule, family by family, in the order a mention meets them: found, referred back to,
 * re-read (possible or done, who did it, who promised, what it is about), its case, its comparison
 * with another case, its negation or hypothetical reading. Within a family the order is the order
 * the rules are tried. A mention records the names of the rules that produced its reading
 * (`RulesMention.rules`); `docs/RULES-EXTRACTOR.md` lists this table (`npm run docs:lexicon`).
 */
export const RULE_TABLE: readonly NamedRule[] = [
  ...FIND_RULES,
  ...ANAPHORA_RULES,
  ...MODALITY_RULES,
  ...AGENT_RULES,
  ...RECIPIENT_RULES,
  ...SUBJECT_RULES,
  // "A, but not B, …" is tried first among the case rules, but it is a distinction: listed there.
  ...CASE_RULES.filter((rule) => rule !== A_BUT_NOT_B).map(({ name, says, example }) => ({
    name,
    says,
    example,
  })),
  ...MENTION_CASE_RULES,
  { name: A_BUT_NOT_B.name, says: A_BUT_NOT_B.says, example: A_BUT_NOT_B.example },
  ...COMPARISON_RULES,
  ...HYPOTHETICAL_RULES,
  ...NEGATION_RULES,
];

const BY_NAME: ReadonlyMap<string, NamedRule> = new Map(RULE_TABLE.map((rule) => [rule.name, rule]));

/** The rule of that name, or undefined. */
export function ruleNamed(name: string): NamedRule | undefined {
  return BY_NAME.get(name);
}

/** The family of a rule name ("comparison.unlike" → "comparison"). */
export function familyOf(name: string): RuleFamily {
  return name.slice(0, name.indexOf('.')) as RuleFamily;
}
