/**
 * A mark, as the annotator makes it: one range of the text, one factor, one polarity and style, and
 * the set of cases it names ("present in both the input case and TSC1" names two). It is stored as
 * the judgement has always stored mentions — one span per case, all with the same offsets, factor,
 * polarity, style and wording — so scoring, imports, exports, Label Studio and the dataset read it
 * as before; the workspace groups those spans back into one mark, and every edit here adds, changes
 * or removes the whole group at once (one undo step). Grid consistency is judgement-edit.ts's.
 */
import type { Judgement, Span } from '../../shared/schemas/annotation.ts';
import { CASES, type CaseId } from '../../shared/vocabulary.ts';
import { addSpan, removeSpan } from './judgement-edit.ts';

/** What a mark says, whatever its cases. */
export interface MarkFields {
  readonly start: number;
  readonly end: number;
  readonly factor: Span['factor'];
  readonly polarity: Span['polarity'];
  readonly style: Span['style'];
  /** The wording of an unlisted factor. */
  readonly text?: string;
}

export interface MarkInput extends MarkFields {
  /** At least one, in any order. */
  readonly cases: readonly CaseId[];
}

export interface Mark extends MarkInput {
  /** The indices of its spans in `judgement.spans`, ascending. */
  readonly indices: readonly number[];
}

function groupKey(span: MarkFields): string {
  return `${span.start}\u0000${span.end}\u0000${span.factor}\u0000${span.polarity}\u0000${span.style}\u0000${span.text ?? ''}`;
}

/**
 * The judgement's spans grouped into marks: spans that differ only in their case are one mark, whose
 * cases are in the order input case, TSC1, TSC2. Marks are in the order of their first span (the
 * spans' order: by start, then end).
 *
 * @example marksOf(j).map((mark) => mark.cases) // [['current', 'tsc1'], ['tsc2']]
 */
export function marksOf(judgement: Judgement): Mark[] {
  const groups = new Map<string, { first: Span; indices: number[]; cases: Set<CaseId> }>();
  judgement.spans.forEach((span, index) => {
    const key = groupKey(span);
    const group = groups.get(key);
    if (group) {
      group.indices.push(index);
      group.cases.add(span.case);
    } else groups.set(key, { first: span, indices: [index], cases: new Set([span.case]) });
  });
  return [...groups.values()].map(({ first, indices, cases }) => ({
    start: first.start,
    end: first.end,
    factor: first.factor,
    polarity: first.polarity,
    style: first.style,
    ...(first.text === undefined ? {} : { text: first.text }),
    cases: CASES.filter((caseId) => cases.has(caseId)),
    indices,
  }));
}

/** The mark that span `index` belongs to. */
export function markOfSpan(marks: readonly Mark[], index: number): Mark | undefined {
  return marks.find((mark) => mark.indices.includes(index));
}

/**
 * Adds a mark: one span per case (each ticks its cell when asserted, as `addSpan` does). Throws a
 * RangeError for a mark without a case, and what `addSpan` throws for an invalid span.
 */
export function addMark(judgement: Judgement, mark: MarkInput): Judgement {
  if (mark.cases.length === 0) throw new RangeError('a mark names at least one case');
  const { cases, ...fields } = mark;
  return CASES.filter((caseId) => cases.includes(caseId)).reduce(
    (current, caseId) => addSpan(current, { ...fields, case: caseId }),
    judgement,
  );
}

/** Removes every span of a mark (unticking the cells that lose their last asserted span). */
export function removeMark(judgement: Judgement, mark: Pick<Mark, 'indices'>): Judgement {
  return [...mark.indices].sort((a, b) => b - a).reduce(removeSpan, judgement);
}

function sameMark(mark: Mark, input: MarkInput): boolean {
  return (
    groupKey(mark) === groupKey(input) &&
    mark.cases.length === new Set(input.cases).size &&
    input.cases.every((caseId) => mark.cases.includes(caseId))
  );
}

/** Replaces a mark by another (its cases, factor, range…); the judgement itself when nothing changes. */
export function replaceMark(judgement: Judgement, mark: Mark, input: MarkInput): Judgement {
  if (sameMark(mark, input)) return judgement;
  if (input.cases.length === 0) throw new RangeError('a mark names at least one case');
  return addMark(removeMark(judgement, mark), input);
}
