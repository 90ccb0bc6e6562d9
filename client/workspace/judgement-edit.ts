/**
 * Every edit the workspace makes to a judgement, as pure functions: the one place where the factor
 * grid and the highlighted spans are kept consistent, so that `checkSpans` (shared/span-rules.ts)
 * never finds an asserted span whose factor is not ticked in its case.
 *
 * The rules, in one sentence each:
 * - An asserted span ticks its cell; a negated span ticks nothing (guideline rule 3).
 * - The grid is fed by the spans: removing a cell's last asserted span unticks the cell, even if
 *   the cell was ticked by hand before the span was added.
 * - Unticking a cell removes its asserted spans (the UI offers undo); negated spans stay.
 * - An asserted `unlisted` span records its wording in `unlisted` for its case; removing the last
 *   such span with that wording removes the entry.
 * - Every function returns the judgement it was given, unchanged and by reference, when the edit
 *   changes nothing, so the undo history records no empty step.
 * Factor lists stay in catalogue order and spans sorted by start (then end), so an edited
 * judgement equals its own `judgementSchema.parse`.
 */
import { unlistedMentionKey } from '../../shared/factor-reference.ts';
import { type FactorId, sortFactorIds } from '../../shared/factors.ts';
import { type Judgement, type Polarity, type Span, spanSchema } from '../../shared/schemas/annotation.ts';
import { dedupeUnlisted } from '../../shared/schemas/factor-list.ts';
import type { CaseId } from '../../shared/vocabulary.ts';

/** One cell of the grid: a catalogue factor in one case. */
export interface Cell {
  readonly case: CaseId;
  readonly factor: FactorId;
}

/** The flags of a judgement that the annotator sets. */
export type JudgementFlag = 'abstained' | 'exact_phrase' | 'truncated';

function sameSpan(a: Span, b: Span): boolean {
  return (
    a.start === b.start &&
    a.end === b.end &&
    a.case === b.case &&
    a.factor === b.factor &&
    a.style === b.style &&
    a.polarity === b.polarity &&
    a.text === b.text
  );
}

/** Start, then end; `sort` is stable, so spans over the same range keep the order they were added in. */
function byPosition(a: Span, b: Span): number {
  return a.start - b.start || a.end - b.end;
}

/** The span as the schema reads it, without an `undefined` text key (so equal spans compare equal). */
function normaliseSpan(span: Span): Span {
  const parsed = spanSchema.parse(span);
  if (parsed.factor === 'unlisted' && (parsed.text ?? '').trim() === '')
    throw new RangeError('an unlisted span needs its wording in `text`');
  const { text, ...rest } = parsed;
  return text === undefined ? rest : { ...rest, text };
}

function unlistedKey(caseId: CaseId, text: string): string {
  return `${caseId}\u0000${unlistedMentionKey(text)}`;
}

/**
 * Adds a span, keeping spans sorted by start (then end). An asserted span of a catalogue factor
 * ticks its cell; an asserted `unlisted` span adds `{ case, text }` (its wording, trimmed) to
 * `unlisted` unless that case already records the same wording. A span identical in every field
 * to one already there is not added twice (the judgement is returned unchanged).
 * Throws (a ZodError or RangeError) for a span the schema refuses (end ≤ start, a negative or
 * fractional offset) or an `unlisted` span without wording: those are the caller's bugs.
 *
 * @example addSpan(emptyJudgement(), { start: 0, end: 2, case: 'tsc1', factor: 'F4', style: 'code', polarity: 'asserted' }).tsc1 // ['F4']
 */
export function addSpan(judgement: Judgement, span: Span): Judgement {
  const added = normaliseSpan(span);
  if (judgement.spans.some((existing) => sameSpan(existing, added))) return judgement;
  const next: Judgement = { ...judgement, spans: [...judgement.spans, added].sort(byPosition) };
  if (added.polarity !== 'asserted') return next;
  if (added.factor === 'unlisted') {
    const text = (added.text ?? '').trim();
    next.unlisted = dedupeUnlisted([...judgement.unlisted, { case: added.case, text }]);
  } else if (!judgement[added.case].includes(added.factor)) {
    next[added.case] = sortFactorIds([...judgement[added.case], added.factor]);
  }
  return next;
}

/** The index of a span identical in every field to `span`, or -1 (to select a span just added). */
export function indexOfSpan(judgement: Judgement, span: Span): number {
  const wanted = normaliseSpan(span);
  return judgement.spans.findIndex((existing) => sameSpan(existing, wanted));
}

/**
 * Removes the span at `index`. When it was the last asserted span of its cell, the cell is
 * unticked; when it was the last asserted `unlisted` span of its case with that wording (compared
 * as `unlistedMentionKey` does), the `unlisted` entry goes too. An index with no span returns the
 * judgement unchanged.
 *
 * @example removeSpan(addSpan(emptyJudgement(), f4Span), 0).current // [] — the cell followed its only span
 */
export function removeSpan(judgement: Judgement, index: number): Judgement {
  const removed = judgement.spans[index];
  if (removed === undefined) return judgement;
  const spans = judgement.spans.filter((_, position) => position !== index);
  const next: Judgement = { ...judgement, spans };
  if (removed.polarity !== 'asserted') return next;
  const stillAsserted = spans.filter(
    (span) => span.polarity === 'asserted' && span.case === removed.case && span.factor === removed.factor,
  );
  if (removed.factor === 'unlisted') {
    const key = unlistedKey(removed.case, removed.text ?? '');
    if (!stillAsserted.some((span) => unlistedKey(span.case, span.text ?? '') === key))
      next.unlisted = judgement.unlisted.filter((entry) => unlistedKey(entry.case, entry.text) !== key);
  } else if (stillAsserted.length === 0) {
    const factor = removed.factor;
    next[removed.case] = judgement[removed.case].filter((ticked) => ticked !== factor);
  }
  return next;
}

/**
 * Changes fields of the span at `index` (its range, case, factor, style, polarity or wording) and
 * keeps the grid consistent, as removing the old span and adding the new one would: the new cell
 * is ticked if the span is asserted, the old cell unticked if it lost its last asserted span. If the
 * changed span becomes identical to another, the two merge. An index with no span, or a patch that
 * changes nothing, returns the judgement unchanged. Throws as `addSpan` does for an invalid result.
 *
 * @example updateSpan(j, 0, { polarity: 'negated' }) // the span stays, its cell is unticked if it was the last evidence
 */
export function updateSpan(judgement: Judgement, index: number, patch: Partial<Span>): Judgement {
  const old = judgement.spans[index];
  if (old === undefined) return judgement;
  const changed = normaliseSpan({ ...old, ...patch });
  if (sameSpan(old, changed)) return judgement;
  return addSpan(removeSpan(judgement, index), changed);
}

/**
 * Ticks or unticks a cell. Unticking also removes the cell's asserted spans, since an asserted
 * span must agree with its case's list (`checkSpans`); its negated spans stay. The UI offers undo
 * for the spans this removes.
 *
 * @example toggleCell(emptyJudgement(), 'tsc2', 'F10').tsc2 // ['F10']
 */
export function toggleCell(judgement: Judgement, caseId: CaseId, factor: FactorId): Judgement {
  if (!judgement[caseId].includes(factor))
    return { ...judgement, [caseId]: sortFactorIds([...judgement[caseId], factor]) };
  return {
    ...judgement,
    [caseId]: judgement[caseId].filter((ticked) => ticked !== factor),
    spans: judgement.spans.filter(
      (span) => !(span.polarity === 'asserted' && span.case === caseId && span.factor === factor),
    ),
  };
}

/**
 * Sets one flag, keeping the schema's rule that `exact_phrase` needs `abstained`: setting
 * `exact_phrase` also sets `abstained`, and clearing `abstained` also clears `exact_phrase`.
 *
 * @example setFlag(emptyJudgement(), 'exact_phrase', true) // abstained: true, exact_phrase: true
 */
export function setFlag(judgement: Judgement, flag: JudgementFlag, value: boolean): Judgement {
  const next: Judgement = { ...judgement, [flag]: value };
  if (flag === 'exact_phrase' && value) next.abstained = true;
  if (flag === 'abstained' && !value) next.exact_phrase = false;
  const unchanged =
    next.abstained === judgement.abstained &&
    next.exact_phrase === judgement.exact_phrase &&
    next.truncated === judgement.truncated;
  return unchanged ? judgement : next;
}

/**
 * Sets the comment as typed; a comment of only white space removes it (the key is left out, so
 * "no comment" has one form).
 *
 * @example setComment(j, '  ').comment // undefined
 */
export function setComment(judgement: Judgement, text: string): Judgement {
  if (text.trim() === '') {
    if (!('comment' in judgement)) return judgement;
    const { comment: _removed, ...rest } = judgement;
    return rest;
  }
  return judgement.comment === text ? judgement : { ...judgement, comment: text };
}

/**
 * The indices of the spans about one cell (that case and that factor), in span order — asserted
 * and negated alike, or only those of `polarity` when given.
 *
 * @example spansOfCell(j, 'current', 'F4', 'asserted') // [0, 3]
 */
export function spansOfCell(
  judgement: Judgement,
  caseId: CaseId,
  factor: FactorId,
  polarity?: Polarity,
): number[] {
  const indices: number[] = [];
  judgement.spans.forEach((span, index) => {
    if (
      span.case === caseId &&
      span.factor === factor &&
      (polarity === undefined || span.polarity === polarity)
    )
      indices.push(index);
  });
  return indices;
}

/**
 * The cell the span at `index` is about, whatever its polarity; undefined for an `unlisted` span
 * (it has no cell) or an index with no span.
 *
 * @example cellOfSpan(j, 0) // { case: 'current', factor: 'F4' }
 */
export function cellOfSpan(judgement: Judgement, index: number): Cell | undefined {
  const span = judgement.spans[index];
  if (span === undefined || span.factor === 'unlisted') return undefined;
  return { case: span.case, factor: span.factor };
}
