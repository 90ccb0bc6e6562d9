/**
 * How each change to a judgement is announced (shown in the bar and read out by screen readers), in
 * the annotator's words: what changed, never an id.
 */
import { type FactorId, factorById } from '../../../shared/factors.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import type { CaseId } from '../../../shared/vocabulary.ts';
import type { MarkInput } from '../../workspace/marks.ts';
import type { Flag } from './FlagsPanel.tsx';

const CASE_NAME: Readonly<Record<CaseId, string>> = { current: 'the input case', tsc1: 'TSC1', tsc2: 'TSC2' };

/** "the input case", "the input case and TSC1", "the input case, TSC1 and TSC2". */
export function casesInWords(cases: readonly CaseId[]): string {
  const names = cases.map((caseId) => CASE_NAME[caseId]);
  if (names.length <= 1) return names[0] ?? 'no case';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function factorInWords(factor: MarkInput['factor']): string {
  return factor === 'unlisted' ? 'an unlisted factor' : factor;
}

export function markedNotice(mark: MarkInput, edited: boolean): string {
  const what = `${factorInWords(mark.factor)} for ${casesInWords(mark.cases)}${mark.polarity === 'negated' ? ', negated' : ''}`;
  return edited ? `Changed the mark: ${what}.` : `Marked ${what}.`;
}

export function removedNotice(mark: MarkInput): string {
  return `Removed the mark of ${factorInWords(mark.factor)} for ${casesInWords(mark.cases)}.`;
}

export function cellNotice(before: Judgement, after: Judgement, caseId: CaseId, factor: FactorId): string {
  const name = `${factor} ${factorById(factor).name}`;
  if (after[caseId].length >= before[caseId].length) return `Ticked ${name} for ${CASE_NAME[caseId]}.`;
  const removed = before.spans.length - after.spans.length;
  return `Unticked ${name} for ${CASE_NAME[caseId]}${removed > 0 ? ` and removed its ${removed === 1 ? 'mark' : `${removed} marks`}` : ''}.`;
}

const FLAG_NAME: Readonly<Record<Flag, string>> = {
  abstained: 'Abstained',
  exact_phrase: 'With the exact phrase',
  truncated: 'Truncated',
};

export function flagNotice(before: Judgement, after: Judgement, flag: Flag): string {
  const changed = (['abstained', 'exact_phrase', 'truncated'] as const).filter(
    (other) => before[other] !== after[other],
  );
  const parts = [flag, ...changed.filter((other) => other !== flag)].map(
    (other) => `${after[other] ? 'ticked' : 'unticked'} “${FLAG_NAME[other]}”`,
  );
  const sentence = parts.join(' and ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

export function commentNotice(before: Judgement, after: Judgement): string {
  if (after.comment === undefined) return 'Removed the comment.';
  return before.comment === undefined ? 'Wrote a comment.' : 'Changed the comment.';
}
