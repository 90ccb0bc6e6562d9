import type { ResolvedCue } from './case-references.ts';
import { definePatterns } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { Entry } from './segment-facts.ts';

/**
 * Outline lines that mark one factor per case after a colon: "F13 Noncompetition-agreement: Cur. ✓
 * | T1 ✗", "F2 Bribe-employee: T1 ✓, Cur. ✗". Each item is a case word and a mark (the classes
 * `table-present` and `table-absent`, as in a table's cells); the factor belongs to the cases
 * marked present and is negated in those marked absent. The rest of the line must be nothing but
 * such items, joined by "|", ",", ";", "·" or "/", so that a mark decides only its own case.
 */
const patternsOf = definePatterns({
  ITEMS: [
    '^[\\s*_]*:[\\s*_]*\\u0000\\s*(?:{table-present}|{table-absent})(?:[\\s*_]*[|,;·/][\\s*_]*\\u0000\\s*(?:{table-present}|{table-absent}))*[\\s*_.]*$',
    'i',
  ],
  PRESENT: ['^\\s*(?:{table-present})', 'i'],
  ABSENT: ['^\\s*(?:{table-absent})', 'i'],
});

/**
 * The cases of a mention ending at `end` that a mark list after it decides (`case.mark-list`
 * entries, negated for a case marked absent), or undefined when the rest of its line is no such
 * list.
 *
 * @example 'F13: Cur. ✓ | T1 ✗' — F13: current asserted, tsc1 negated
 */
export function markListCases(
  text: string,
  cues: readonly ResolvedCue[],
  end: number,
  lexicon: Lexicon,
): Entry[] | undefined {
  const newline = text.indexOf('\n', end);
  const lineEnd = newline === -1 ? text.length : newline;
  const rest = text.slice(end, lineEnd);
  if (!rest.includes(':')) return undefined;
  const inside = cues.filter((cue) => cue.start >= end && cue.end <= lineEnd);
  if (inside.length === 0 || inside.some((cue) => cue.cases.length !== 1)) return undefined;
  let shape = '';
  let from = end;
  for (const cue of inside) {
    shape += `${text.slice(from, cue.start)}\u0000`;
    from = cue.end;
  }
  shape += text.slice(from, lineEnd);
  const { ITEMS, PRESENT, ABSENT } = patternsOf(lexicon);
  if (!ITEMS.test(shape)) return undefined;
  return inside.map((cue, index) => {
    const markFrom = cue.end;
    const markTo = inside[index + 1]?.start ?? lineEnd;
    const mark = text.slice(markFrom, markTo);
    const caseId = cue.cases[0] ?? null;
    if (ABSENT.test(mark) && !PRESENT.test(mark))
      return { case: caseId, negated: true, rule: 'case.mark-list', negatedBy: 'case.mark-list' };
    return { case: caseId, negated: false, rule: 'case.mark-list' };
  });
}
