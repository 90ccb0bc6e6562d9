import { definePatterns } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { NamedRule } from './named-rule.ts';
import type { Span } from './sentences.ts';
import type { RuleName } from './types.ts';

/**
 * Guideline 4: hypotheticals and general law do not count. A mention inside one of these stretches
 * is `hypothetical`: it neither asserts nor denies. The rules, in the order they are tried.
 */
export const HYPOTHETICAL_RULES = [
  {
    name: 'hypothetical.inverted-condition',
    says: 'A clause that opens with an inverted condition ("Had the plaintiff adopted …", "Were F20 present, …") is hypothetical up to its first comma.',
    example: 'Had the plaintiff adopted security measures, the outcome might differ.',
  },
  {
    name: 'hypothetical.condition',
    says: 'A condition (class condition-word: "if", "even if", "unless", "assuming" …; or ", had the …") is hypothetical from its word to the next comma.',
    example: 'Even if F19 were present, F6 is decisive.',
  },
  {
    name: 'hypothetical.general-law',
    says: 'A statement of general law or a comment on the argument (class general-law: "courts generally", "usually", "as a rule", "which would …") is hypothetical from its word to the next case word.',
    example: 'Courts generally treat nondisclosure agreements as strong evidence.',
  },
  {
    name: 'hypothetical.law-section',
    says: 'A section that states the law, under a heading of class law-heading at the start of a line ("**Rule.**", "Rule:", "Legal standard:" — an exam answer\'s or a memo\'s), is hypothetical from its heading to the next blank line or the next line that opens with a heading ("**Application.**", "Analysis:").',
    example:
      '**Rule.** Information anyone can get from public sources is not protectable.\n**Application.** Here the plaintiff kept its recipe secret.',
  },
  {
    name: 'hypothetical.counterfactual',
    says: 'A counterfactual or a reproach (class counterfactual: "would have", "should have", "might have") makes its whole clause hypothetical: it says what was not so. Not "could have": "anyone could have figured out the design" is the possibility F16 asserts.',
    example: 'An NDA would have protected the plaintiff.',
  },
] as const satisfies readonly NamedRule[];
type HypotheticalRule = (typeof HYPOTHETICAL_RULES)[number]['name'];

/** Where a condition, a statement of general law or a counterfactual begins, and which. */
export interface HypotheticalWord extends Span {
  rule: Exclude<HypotheticalRule, 'hypothetical.inverted-condition'>;
}

/** A stretch of text that asserts nothing about a case, and the rule that makes it so. */
export interface HypotheticalRange extends Span {
  rule: RuleName;
}

const patternsOf = definePatterns({
  CONDITION: ['\\b{condition-word}\\b|[,;:]\\s*{inversion-auxiliary}\\s+{inversion-subject}\\b', 'gi'],
  // An inverted condition opening a clause: "Had the plaintiff adopted security measures, …",
  // "Were Info-known-to-competitors present, …", "Were F20 present, …" (a capitalised name or a code
  // after a clause-initial "Were" / "Had" / "Should" is the condition's subject, not a question).
  INVERTED_CONDITION: [
    '\\s*[*_]*{inversion-auxiliary}\\s+(?:{inversion-subject}\\b|[A-Z][a-z]+-[A-Za-z]|F\\s?-?\\d)',
    'iy',
  ],
  GENERAL_LAW: ['\\b{general-law}\\b', 'gi'],
  LAW_HEADING: ['^[ \\t>#]*[*_]*(?:{law-heading})[*_]*[ \\t]*(?:[:.][*_]*|$)', 'gim'],
  // What ends a section: a blank line, or a line that opens with a heading ("**Application.**", "Analysis:").
  SECTION_END: ['\\n[ \\t]*\\n|\\n(?=[ \\t>#]*(?:[*_]+[^*_\\n]{1,40}[*_]+|[A-Z][A-Za-z ]{0,30}:))', 'g'],
  COUNTERFACTUAL: ['\\b{counterfactual}\\b', 'gi'],
});

/** Every condition, general-law and counterfactual word of `text`, in order (one pass; `hypotheticalRanges` uses them). */
export function findHypotheticalWords(text: string, lexicon: Lexicon): HypotheticalWord[] {
  const patterns = patternsOf(lexicon);
  const words: HypotheticalWord[] = [];
  const { LAW_HEADING, SECTION_END } = patterns;
  LAW_HEADING.lastIndex = 0;
  for (let match = LAW_HEADING.exec(text); match; match = LAW_HEADING.exec(text)) {
    SECTION_END.lastIndex = match.index + match[0].length;
    const end = SECTION_END.exec(text)?.index ?? text.length;
    words.push({ start: match.index, end, rule: 'hypothetical.law-section' });
    LAW_HEADING.lastIndex = Math.max(end, match.index + 1);
  }
  for (const [pattern, rule] of [
    [patterns.CONDITION, 'hypothetical.condition'],
    [patterns.GENERAL_LAW, 'hypothetical.general-law'],
    [patterns.COUNTERFACTUAL, 'hypothetical.counterfactual'],
  ] as const) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text))
      words.push({ start: match.index, end: match.index + match[0].length, rule });
  }
  return words.sort((a, b) => a.start - b.start);
}

/**
 * The stretches of text[from, to) — one segment — that assert nothing about a case, by
 * `HYPOTHETICAL_RULES`: a condition runs from its word to the next comma; a statement of general
 * law from its word to the next case word in `caseStarts`, or to `to`; a counterfactual the whole
 * segment. `words` are the text's `findHypotheticalWords` (all of them or those of the sentence).
 *
 * @example hypotheticalRanges(text, 0, text.length, [], words, lexicon) // for 'Even if F19 were present, F6 is': [{ start: 0, end: 24, rule: 'hypothetical.condition' }]
 */
export function hypotheticalRanges(
  text: string,
  from: number,
  to: number,
  caseStarts: readonly number[],
  words: readonly HypotheticalWord[],
  lexicon: Lexicon,
): HypotheticalRange[] {
  const ranges: HypotheticalRange[] = [];
  const { INVERTED_CONDITION } = patternsOf(lexicon);
  INVERTED_CONDITION.lastIndex = from;
  if (INVERTED_CONDITION.test(text))
    ranges.push({ start: from, end: untilComma(text, from, to), rule: 'hypothetical.inverted-condition' });
  for (const word of words) {
    // A law section spans segments: each segment it overlaps is hypothetical where it does.
    if (word.rule === 'hypothetical.law-section') {
      const start = Math.max(from, word.start);
      const end = Math.min(to, word.end);
      if (start < end) ranges.push({ start, end, rule: word.rule });
      continue;
    }
    if (word.start < from || word.start >= to) continue;
    if (word.rule === 'hypothetical.condition')
      ranges.push({ start: word.start, end: untilComma(text, word.start, to), rule: word.rule });
    else if (word.rule === 'hypothetical.counterfactual')
      ranges.push({ start: from, end: to, rule: word.rule });
    else {
      const nextCase = caseStarts.find((position) => position > word.start && position < to);
      ranges.push({ start: word.start, end: nextCase ?? to, rule: word.rule });
    }
  }
  return ranges;
}

/** Where a condition starting at `start` ends: the next comma, or `to`. */
function untilComma(text: string, start: number, to: number): number {
  const comma = text.indexOf(',', start + 1);
  return comma === -1 || comma > to ? to : comma;
}
