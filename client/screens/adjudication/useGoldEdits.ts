import { useState } from 'react';
import { applyDecision } from '../../../shared/adjudication/apply-decision.ts';
import { settleJudgementRules } from '../../../shared/adjudication/gold-from-decisions.ts';
import { restoreDecidedMarks } from '../../../shared/adjudication/restore-decided-marks.ts';
import type {
  AdjudicationItem,
  Decision,
  Disagreement,
  ResolutionChoice,
} from '../../../shared/adjudication-api.ts';
import { inCase } from '../../../shared/vocabulary.ts';
import type { GoldDocument } from '../../workspace/gold-document.ts';
import { type Cell, toggleCell } from '../../workspace/judgement-edit.ts';
import { cellNotice } from '../workspace/change-notices.ts';
import type { JudgementEditor } from '../workspace/useJudgementEditor.ts';
import { decisionNotice, describeDisagreement, rationaleNotice } from './disagreement-words.ts';

function withDecision(decisions: readonly Decision[], decision: Decision): Decision[] {
  return [...decisions.filter((other) => other.disagreementId !== decision.disagreementId), decision];
}

/** "disagreement 4", "disagreements 4 and 6", "disagreements 4, 6 and 9". */
function numbered(numbers: readonly number[]): string {
  const last = numbers.at(-1);
  if (last === undefined) return '';
  const rest = numbers.slice(0, -1);
  return rest.length === 0 ? `disagreement ${last}` : `disagreements ${rest.join(', ')} and ${last}`;
}

/** What ticking a cell again did to the marks its decisions kept, for the adjudicator to read. */
function tickNote(cell: Cell, restored: readonly number[], ownMarksGone: readonly number[]): string {
  const where = `${cell.factor} ${inCase(cell.case)}`;
  return [
    restored.length > 0 ? `Ticked ${where} again: the marks ${numbered(restored)} kept are back.` : '',
    ownMarksGone.length > 0
      ? `The marks of ${numbered(ownMarksGone)} were your own (decided as Edited), so they cannot be restored: mark them again, or undo (Ctrl+Z) the untick.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The adjudicator's edits of the gold beyond the shared editor's: a decision (its value applied to
 * the gold), its rationale, and a grid tick that brings back the marks the decisions kept. Each is
 * announced on the change line in words, by the disagreement's number on screen.
 */
export function useGoldEdits(editor: JudgementEditor<GoldDocument>, item: AdjudicationItem) {
  const [tickMessage, setTickMessage] = useState('');
  // Unticking a cell takes its asserted marks with it; ticking it again brings back the marks its
  // decisions kept, and says which (or why an Edited decision's own marks cannot come back).
  const toggle = (cell: Cell) => {
    let note = '';
    editor.editDocument(
      (gold) => {
        const judgement = toggleCell(gold.judgement, cell.case, cell.factor);
        if (!judgement[cell.case].includes(cell.factor)) return { ...gold, judgement };
        const back = restoreDecidedMarks(judgement, item.disagreements, gold.decisions, cell);
        note = tickNote(cell, back.restored, back.ownMarksGone);
        return { ...gold, judgement: back.judgement };
      },
      (before, after) => cellNotice(before.judgement, after.judgement, cell.case, cell.factor),
    );
    setTickMessage(note);
  };
  const numberOf = (disagreement: Disagreement) => item.disagreements.indexOf(disagreement) + 1;

  const choose = (disagreement: Disagreement, choice: ResolutionChoice) =>
    editor.editDocument(
      (gold) => {
        const previous = gold.decisions.find((decision) => decision.disagreementId === disagreement.id);
        const decision: Decision = {
          disagreementId: disagreement.id,
          choice,
          ...(previous?.rationale ? { rationale: previous.rationale } : {}),
        };
        const judgement = settleJudgementRules(applyDecision(gold.judgement, disagreement, choice));
        return { judgement, decisions: withDecision(gold.decisions, decision) };
      },
      (before) =>
        decisionNotice(
          numberOf(disagreement),
          describeDisagreement(disagreement, item.text).title,
          choice,
          before.decisions.some((decision) => decision.disagreementId === disagreement.id),
        ),
    );

  const rationaleOf = (gold: GoldDocument, disagreement: Disagreement) =>
    gold.decisions.find((decision) => decision.disagreementId === disagreement.id)?.rationale;
  const setRationale = (disagreement: Disagreement, rationale: string) =>
    editor.editDocument(
      (gold) => {
        const previous = gold.decisions.find((decision) => decision.disagreementId === disagreement.id);
        if (!previous) return gold;
        const trimmed = rationale.trim();
        const { rationale: _old, ...rest } = previous;
        return {
          ...gold,
          decisions: withDecision(gold.decisions, trimmed ? { ...rest, rationale: trimmed } : rest),
        };
      },
      (before, after) =>
        rationaleNotice(
          numberOf(disagreement),
          rationaleOf(before, disagreement),
          rationaleOf(after, disagreement),
        ),
    );

  return { toggle, choose, setRationale, tickMessage };
}
