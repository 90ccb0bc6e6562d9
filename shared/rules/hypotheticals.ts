import type { Span } from './sentences.ts';

/** Where a condition ("if", "even if", ", had the …") or a statement of general law ("courts generally") begins. */
export interface HypotheticalWord extends Span {
  kind: 'condition' | 'general' | 'counterfactual';
}

// Conditions: "even if", "if", "assuming", "unless", "were it" …, and an inverted condition after
// a comma ("…, had the plaintiff …").
const CONDITION =
  /\b(?:even\s+if|if|assuming|suppose|supposing|unless|whether|were\s+(?:it|there))\b|[,;:]\s*(?:had|were|should)\s+(?:the|it|they|there|this|that)\b/gi;
// An inverted condition opening a clause: "Had the plaintiff adopted security measures, …",
// "Were Info-known-to-competitors present, …", "Were F20 present, …" (a capitalised name or a code
// after a clause-initial "Were" / "Had" / "Should" is the condition's subject, not a question).
const INVERTED_CONDITION =
  /\s*[*_]*(?:had|were|should)\s+(?:(?:the|it|they|there|this|that)\b|[A-Z][a-z]+-[A-Za-z]|F\s?-?\d)/iy;
// Statements of general law rather than about a case: "courts generally …", "as a rule".
// Also the conditional mood of a comment on the argument itself ("…, which would misrepresent the
// precedents", "would mean pretending the cases are alike", "would have to invent a similarity"):
// what it would be, not what a case has.
const GENERAL_LAW =
  /\b(?:generally|usually|typically|ordinarily|as\s+a\s+rule|in\s+general|courts|the\s+law|tends?\s+to|often|which\s+would|would\s+(?:mean|have\s+to))\b/gi;

// A counterfactual or a reproach: "an NDA would have protected the plaintiff", "the plaintiff
// should have marked the documents", "the defendant might have reverse engineered it" — what was
// not (or may not have been) so. Not "could have": "anyone could have figured out the design" is
// the possibility F16 asserts.
const COUNTERFACTUAL = /\b(?:should|would|might)\s+have\b|\bought\s+to\s+have\b/gi;

/** Every condition, general-law and counterfactual word of `text`, in order (one pass; `hypotheticalRanges` uses them). */
export function findHypotheticalWords(text: string): HypotheticalWord[] {
  const words: HypotheticalWord[] = [];
  for (const [pattern, kind] of [
    [CONDITION, 'condition'],
    [GENERAL_LAW, 'general'],
    [COUNTERFACTUAL, 'counterfactual'],
  ] as const) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text))
      words.push({ start: match.index, end: match.index + match[0].length, kind });
  }
  return words.sort((a, b) => a.start - b.start);
}

/**
 * The stretches of text[from, to) — one segment — that assert nothing about a case (guideline 4):
 * a condition runs from its word ("even if F19 were present", "if F19 applies", a clause-initial
 * "Had the plaintiff adopted …") to the next comma; a statement of general law ("courts generally
 * treat NDAs as …") from its word to the next case word in `caseStarts`, or to `to`; a
 * counterfactual ("an NDA would have protected it", "should have marked") the whole segment. `words` are
 * the text's `findHypotheticalWords` (all of them or those of the sentence). Mentions inside are
 * `hypothetical`.
 *
 * @example hypotheticalRanges(text, 0, text.length, [], findHypotheticalWords(text)) // for 'Even if F19 were present, F6 is': [{ start: 0, end: 24 }]
 */
export function hypotheticalRanges(
  text: string,
  from: number,
  to: number,
  caseStarts: readonly number[],
  words: readonly HypotheticalWord[],
): Span[] {
  const ranges: Span[] = [];
  INVERTED_CONDITION.lastIndex = from;
  if (INVERTED_CONDITION.test(text)) ranges.push({ start: from, end: untilComma(text, from, to) });
  for (const word of words) {
    if (word.start < from || word.start >= to) continue;
    if (word.kind === 'condition') ranges.push({ start: word.start, end: untilComma(text, word.start, to) });
    else if (word.kind === 'counterfactual') ranges.push({ start: from, end: to });
    else {
      const nextCase = caseStarts.find((position) => position > word.start && position < to);
      ranges.push({ start: word.start, end: nextCase ?? to });
    }
  }
  return ranges;
}

/** Where a condition starting at `start` ends: the next comma, or `to`. */
function untilComma(text: string, start: number, to: number): number {
  const comma = text.indexOf(',', start + 1);
  return comma === -1 || comma > to ? to : comma;
}
