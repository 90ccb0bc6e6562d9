import { definePatterns } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { NamedRule } from './named-rule.ts';
import type { Span } from './sentences.ts';

const patternsOf = definePatterns({
  // Negation words ("denies" among them: "the defendant denies having signed an NDA" asserts no
  // NDA). "didn't"-style contractions count; "not only", "no doubt", "no less" do not negate
  // anything, nor does "no (common) factors" — unlike "no factor 4", a code — (it speaks of what
  // the cases share, not of the factors listed beside it). "without", like "no", negates only what
  // follows it (segment-facts); "revealed it to customers without restriction" and "entered without
  // permission" negate nothing, and "without security measures" is a lexicon phrase of F19.
  NEGATION: [
    "{absence-mark}|\\b(?:{contrary-of}(?=\\s)|not(?!\\s+{not-negating-after-not}\\b)|no(?!\\s+(?:{not-negating-after-no}|(?:common\\s+|shared\\s+)?factors?(?!\\s*F?\\s*\\d))\\b)|{negation-word}|without(?!\\s+(?:any\\s+)?{not-negating-after-without}\\b))\\b|\\b[a-z]+n['’]t\\b",
    'gi',
  ],
  // A negation bound to the case word right after it: "but not in the input case", "not present in
  // TSC1", "which was not so in TSC1", "never occurred in the input case", "absent from the input
  // case", "missing from", "lacking in", "which distinguishes TSC1", "the input case is different
  // from TSC2 because …" (what distinguishes a precedent is what it lacks; in "distinguishes the
  // input case from TSC2" it is the case after "from" that lacks it: `negationBeforeCase` leaves
  // the case before "from" alone and segment-facts binds the one after).
  NEGATION_BEFORE_CASE: [
    '(?:{absence-mark}\\s*|\\b{bound-negator}\\s+(?:{presence-predicate}\\s+)?(?:in|for|from|to|with|of)\\s+|\\b{absence-word}\\s+(?:(?:in|from)\\s+)?|\\bnot\\s+|\\b{distinguish-verb}\\s+|\\b{distinguish-verb}\\s+(?:it|them|this|ours)\\s+from\\s+|\\b{differ-word}\\s+from\\s+)$',
    'i',
  ],
  DISTINGUISH_BEFORE: ['\\b{distinguish-verb}\\s+$', 'i'],
  // … and to the case word right before it: "the input case lacks", "TSC2 does not have", "TSC2 has
  // nothing comparable", "the plaintiff in the input case never did"; "(TSC1: no)" in terse asides.
  NEGATION_AFTER_CASE: ['^\\s*(?:{case-negation-adverb}\\s+)?{case-negation-after}\\b', 'i'],
  // The colon ends the case word's clause, so this one is read past it.
  COLON_NEGATION_AFTER_CASE: ['^\\s*:\\s*{colon-negation}(?=\\s*(?:[).;,]|$))', 'i'],
  // The answer that opens the sentence after a question, after an answer or speaker label of a Q&A
  // or a transcript ("A:", "COUNSEL:", "Ms. Reyes (for the plaintiff):"): "F3? No — …", "A: None."
  ANSWER_NEGATIVE: [
    "^[\\s*_>]*(?:A\\s*[.)]\\s*|[A-Z][\\w'’.]*(?:[ \\t]+[\\w'’.()]+){0,3}[ \\t]*:[ \\t]*)?[*_]*{answer-negative}(?![\\w-])",
    'i',
  ],
});
// A question: its last word followed by "?", then emphasis or closing quotes only.
const QUESTION_END = /\?[\s*_"'”’)]*$/;

/**
 * Whether the sentence `question` asks a question and the sentence `answer` after it opens by
 * denying it (`negation.answered-no`): "Input ≈ TSC1: F3? No — neither has it."
 */
export function answeredNo(
  text: string,
  question: Span,
  answer: Span | undefined,
  lexicon: Lexicon,
): boolean {
  return (
    answer !== undefined &&
    QUESTION_END.test(text.slice(question.start, question.end)) &&
    patternsOf(lexicon).ANSWER_NEGATIVE.test(text.slice(answer.start, answer.end))
  );
}
const DISTINGUISHED_FROM = /^\s+from\b/i;

// A match that is a mark, not a word (the class absence-mark: "✗", "❌").
const ABSENCE_MARK_START = /^[^\p{L}\p{N}\s]/u;

/** Whether `position` stands on a markdown table row (a line opening with "|"). */
function inTableRow(text: string, position: number): boolean {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*\|/.test(text.slice(lineStart, position));
}

/** Every negation word of `text`, in order. */
export function findNegationWords(text: string, lexicon: Lexicon): Span[] {
  const { NEGATION } = patternsOf(lexicon);
  const spans: Span[] = [];
  NEGATION.lastIndex = 0;
  for (let match = NEGATION.exec(text); match; match = NEGATION.exec(text)) {
    // A mark in a table's cell speaks of its column only (`case.table-row`), not of the row's clause.
    if (ABSENCE_MARK_START.test(match[0]) && inTableRow(text, match.index)) continue;
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

/**
 * The negation that binds to a case word from the left ("not in", "absent from"), searched in
 * text[from, caseStart), or null.
 *
 * @example negationBeforeCase('F7 was in TSC1 but not in the input case', 15, 27, 41, lexicon) // { start: 19, end: 27 }
 */
export function negationBeforeCase(
  text: string,
  from: number,
  caseStart: number,
  caseEnd: number,
  lexicon: Lexicon,
): Span | null {
  const { NEGATION_BEFORE_CASE, DISTINGUISH_BEFORE } = patternsOf(lexicon);
  const match = NEGATION_BEFORE_CASE.exec(text.slice(Math.max(from, caseStart - 60), caseStart));
  // "distinguishes the input case from TSC2": the input case has what distinguishes it.
  if (
    match &&
    DISTINGUISH_BEFORE.test(match[0]) &&
    DISTINGUISHED_FROM.test(text.slice(caseEnd, caseEnd + 20))
  )
    return null;
  // "differs from TSC1, where F18 was decisive": the relative clause says what the precedent has.
  if (match && /\bfrom\s+$/i.test(match[0]) && RELATIVE_AFTER.test(text.slice(caseEnd, caseEnd + 20)))
    return null;
  return match ? { start: caseStart - match[0].length, end: caseStart } : null;
}
// … unless the relative clause itself denies: "differs from TSC1, which does not".
const RELATIVE_AFTER =
  /^\s*,\s*(?:where|which|in\s+which)\b(?!\s+(?:does|did|do|has|had|is|was)\s+not\b|\s+(?:lacks?|lacked|never)\b)/i;

/**
 * The negation that binds to a case word from the right ("lacks", "does not have"), searched in
 * text[caseEnd, to), or a verdict after its colon ("(TSC1: no)"), or null.
 */
export function negationAfterCase(text: string, caseEnd: number, to: number, lexicon: Lexicon): Span | null {
  const { NEGATION_AFTER_CASE, COLON_NEGATION_AFTER_CASE } = patternsOf(lexicon);
  const match =
    NEGATION_AFTER_CASE.exec(text.slice(caseEnd, Math.min(to, caseEnd + 40))) ??
    (text.charCodeAt(caseEnd) === COLON
      ? COLON_NEGATION_AFTER_CASE.exec(text.slice(caseEnd, caseEnd + 20))
      : null);
  return match ? { start: caseEnd, end: caseEnd + match[0].length } : null;
}
const COLON = 58;

/**
 * Whether a mention's main reading is negated, by the first rule that applies (after the
 * hypothetical rules: a mention in a condition or a statement of general law is neither asserted
 * nor negated). Negated mentions are reported as `negated` and never listed.
 */
export const NEGATION_RULES = [
  {
    name: 'negation.bound-to-case',
    says: 'A negation bound to the case word negates that case only: before it ("not in the input case", "absent from TSC1", "never occurred in", "different from TSC2") or after it ("the input case lacks", "TSC2 does not have", "TSC2 has nothing comparable").',
    example: 'F5 is not present in the input case.',
  },
  {
    name: 'negation.clause',
    says: 'A negation word anywhere in the clause, outside the factors\' own wording and the negations bound to case words ("not", "never", "neither … nor", "lacks", "failed to", "nobody" …), negates the clause\'s factors.',
    example: 'The defendant never signed a nondisclosure agreement.',
  },
  {
    name: 'negation.no-before',
    says: '"No", "nothing" and "without" negate the factors after them, up to the next item of a list ("the input case involves no F12", "even without F13 or F4"), and a factor they directly follow ("reverse engineered nothing"); after a copula "no" negates the clause ("… is no defense").',
    example: 'The defendant signed no nondisclosure agreement.',
  },
  {
    name: 'negation.instead-of',
    says: '"The (very) opposite of", "instead of", "rather than" negate the factor after them (class contrary-of), as "no" does.',
    example: 'The input case has F6, the very opposite of F19.',
  },
  {
    name: 'negation.reported-that',
    says: 'A negation inside a reported that-clause negates only what follows the "that": "knew full well that the data was not to leave the room" still asserts "knew full well".',
    example:
      'The defendant knew the data was confidential (F21), showing that it had not signed a nondisclosure agreement.',
  },
  {
    name: 'negation.likeness-denied',
    says: 'An F18 (identical products) wording that its clause goes on to deny in other words ("the knock-off differed in several features", "the copy was different") is negated: a likeness denied (class likeness-denial).',
    example: 'In TSC1, the knock-off differed in several features.',
  },
  {
    name: 'negation.answered-no',
    says: 'A factor asked about in a question is negated for the cases the question asks of when the sentence after it opens with a denial (class answer-negative: "No", "None", "Neither", "Never", "It did not", "He did not", "Nothing of the kind", "✗"; after an "A:" or a speaker’s label too) — the Q&A and checklist formats ("TSC2: F21? No.").',
    example: 'Did the defendant in TSC1 sign a nondisclosure agreement? No.',
  },
  {
    name: 'negation.list-before-negated-clause',
    says: 'A bare list of factors takes the negation of the clause after it ("F4, F6 and F10 are absent from the input case").',
    example: 'F4, F6 — neither of them is found in the input case, nor is F10.',
  },
] as const satisfies readonly NamedRule[];
