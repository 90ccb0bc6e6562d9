import type { Disagreement, ResolutionChoice } from '../../../shared/adjudication-api.ts';
import type { Span } from '../../../shared/schemas/annotation.ts';
import { CASE_NAME } from '../../../shared/vocabulary.ts';
import { factorName } from './factor-name.ts';

const FLAG_LABEL = {
  abstained: 'Abstained',
  exact_phrase: 'Exact abstention phrase',
  truncated: 'Truncated',
} as const;

/** The five resolutions, with the key that chooses each in the disagreement list. */
export const CHOICES: readonly { choice: ResolutionChoice; label: string; key: string }[] = [
  { choice: 'a', label: 'A', key: 'a' },
  { choice: 'b', label: 'B', key: 'b' },
  { choice: 'both', label: 'Both', key: 'o' },
  { choice: 'neither', label: 'Neither', key: 'n' },
  { choice: 'edited', label: 'Edited', key: 'e' },
];

export function choiceLabel(choice: ResolutionChoice): string {
  return CHOICES.find((option) => option.choice === choice)?.label ?? choice;
}

function spanWords(text: string, span: Span | null): string {
  if (!span) return '—';
  const words = text.slice(span.start, span.end).replace(/\s+/gu, ' ').trim();
  return `“${words.length > 60 ? `${words.slice(0, 57)}…` : words}” (${span.style}${span.polarity === 'negated' ? ', negated' : ''})`;
}

/** What the disagreement is about and what each side says, in words. */
export function describeDisagreement(
  disagreement: Disagreement,
  text: string,
): { title: string; a: string; b: string } {
  const yesNo = (value: boolean, yes: string) => (value ? yes : 'no');
  switch (disagreement.kind) {
    case 'cell':
      return {
        title: `${factorName(disagreement.factor)} · ${CASE_NAME[disagreement.case]}`,
        a: yesNo(disagreement.a, 'ticked'),
        b: yesNo(disagreement.b, 'ticked'),
      };
    case 'unlisted':
      return {
        title: `Unlisted “${disagreement.text}” · ${CASE_NAME[disagreement.case]}`,
        a: yesNo(disagreement.a, 'recorded'),
        b: yesNo(disagreement.b, 'recorded'),
      };
    case 'flag':
      return {
        title: FLAG_LABEL[disagreement.flag],
        a: yesNo(disagreement.a, 'set'),
        b: yesNo(disagreement.b, 'set'),
      };
    case 'span': {
      const span = disagreement.a ?? disagreement.b;
      return {
        title: `Mention of ${span ? `${span.factor === 'unlisted' ? `unlisted “${span.text ?? ''}”` : factorName(span.factor)} · ${CASE_NAME[span.case]}` : 'a factor'}`,
        a: spanWords(text, disagreement.a),
        b: spanWords(text, disagreement.b),
      };
    }
  }
}

/** The change line of a decision: "Decided disagreement 3 (F4 Agreed-not-to-disclose · Input case) as A." */
export function decisionNotice(
  number: number,
  title: string,
  choice: ResolutionChoice,
  again: boolean,
): string {
  return `${again ? 'Decided again' : 'Decided'} disagreement ${number} (${title}) as ${choiceLabel(choice)}.`;
}

/** The change line of a rationale: written, changed or removed. */
export function rationaleNotice(
  number: number,
  before: string | undefined,
  after: string | undefined,
): string {
  const verb = after === undefined ? 'Removed' : before === undefined ? 'Wrote' : 'Changed';
  return `${verb} the rationale of disagreement ${number}.`;
}

/**
 * The disagreement to go to after deciding the one at `from`: the next undecided one after it in
 * the list, wrapping round to the start; null when every one is decided.
 *
 * @example nextUndecided(['1', '2', '3'], new Set(['1', '2']), 1) // 2 (the third)
 * @example nextUndecided(['1', '2', '3'], new Set(['1', '3']), 2) // 1 (wrapped round)
 */
export function nextUndecided(
  ids: readonly string[],
  decided: ReadonlySet<string>,
  from: number,
): number | null {
  for (let step = 1; step <= ids.length; step++) {
    const index = (from + step) % ids.length;
    const id = ids[index];
    if (id !== undefined && !decided.has(id)) return index;
  }
  return null;
}
