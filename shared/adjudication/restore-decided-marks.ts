import type { Decision, Disagreement } from '../adjudication-api.ts';
import type { FactorId } from '../factors.ts';
import type { Judgement } from '../schemas/annotation.ts';
import type { CaseId } from '../vocabulary.ts';
import { applyDecision } from './apply-decision.ts';
import { decisionHolds } from './check-decisions.ts';
import { sameMention } from './span-pairing.ts';

/** What ticking a cell again brought back, by the disagreements' numbers on screen (from 1). */
export interface RestoredMarks {
  readonly judgement: Judgement;
  /** Disagreements whose kept marks came back. */
  readonly restored: readonly number[];
  /** Disagreements decided as Edited whose marks are gone: the decision does not know them. */
  readonly ownMarksGone: readonly number[];
}

/**
 * The gold after its cell (case, factor) was ticked again: unticking a cell removes its asserted
 * marks (`toggleCell`), so the marks that span decisions of that cell kept — A's, B's or both, as
 * decided — come back, each as `applyDecision` sets it. Only decisions the gold no longer carries out
 * are applied again. A decision `edited` kept the adjudicator's own marks, which no decision
 * records: when the gold has no mark of that mention left, its number is in `ownMarksGone` (the
 * screen says to mark it again or undo). Undecided disagreements kept nothing and bring nothing.
 *
 * Preconditions: `gold` ticks the cell; `disagreementsList` is the item's list, in screen order.
 * Pure; the gold is returned as it is when nothing comes back.
 *
 * @example
 * // B's mark of F8 in TSC2 was kept (disagreement 12), then F8 unticked in TSC2 and ticked again:
 * restoreDecidedMarks(gold, list, decisions, { case: 'tsc2', factor: 'F8' }) // { restored: [12], … }
 */
export function restoreDecidedMarks(
  gold: Judgement,
  disagreementsList: readonly Disagreement[],
  decisions: readonly Decision[],
  cell: { readonly case: CaseId; readonly factor: FactorId },
): RestoredMarks {
  let judgement = gold;
  const restored: number[] = [];
  const ownMarksGone: number[] = [];
  disagreementsList.forEach((disagreement, index) => {
    if (disagreement.kind !== 'span') return;
    const marks = [disagreement.a, disagreement.b].filter((span) => span !== null);
    const ofCell = marks.some(
      (span) => span.polarity === 'asserted' && span.case === cell.case && span.factor === cell.factor,
    );
    const decision = decisions.find((candidate) => candidate.disagreementId === disagreement.id);
    if (!ofCell || !decision) return;
    if (decision.choice === 'edited') {
      if (!judgement.spans.some((span) => marks.some((mark) => sameMention(span, mark))))
        ownMarksGone.push(index + 1);
      return;
    }
    if (decisionHolds(judgement, disagreement, decision.choice)) return;
    judgement = applyDecision(judgement, disagreement, decision.choice);
    restored.push(index + 1);
  });
  return { judgement, restored, ownMarksGone };
}
