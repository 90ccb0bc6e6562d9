import { useMemo, useState } from 'react';
import { decisionProblems } from '../../../shared/adjudication/check-decisions.ts';
import type { AdjudicationItem } from '../../../shared/adjudication-api.ts';
import type { GoldAutosaver, GoldDocument } from '../../workspace/gold-document.ts';
import type { JudgementEditor } from '../workspace/useJudgementEditor.ts';
import type { FixProblem } from './FixProblems.tsx';

/**
 * Fixing the gold: refused while a disagreement stands undecided or a decision is unfinished, else
 * submitted. After a refused fix, what still stands in the way is checked again on every change (a
 * problem the adjudicator solves leaves the list); the server's refusal, if it had the last word, is
 * kept as said. `attempt` counts the tries, so FixProblems can announce each one.
 */
export function useFixGold(
  editor: JudgementEditor<GoldDocument>,
  autosaver: GoldAutosaver,
  item: AdjudicationItem,
  readOnly: boolean,
) {
  const [checking, setChecking] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fixing, setFixing] = useState(false);

  async function fix(): Promise<void> {
    if (readOnly || fixing) return;
    const gold = editor.current();
    setRefusal(null);
    setAttempt((count) => count + 1);
    if (decisionProblems(gold.judgement, item.disagreements, gold.decisions, true).length > 0) {
      setChecking(true);
      return;
    }
    setFixing(true);
    try {
      await autosaver.submit();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : 'Fixing the gold failed.');
      setAttempt((count) => count + 1);
    } finally {
      setFixing(false);
    }
  }

  const judgement = editor.judgement;
  const { decisions } = editor.document;
  const problems: readonly FixProblem[] = useMemo(
    () => [
      ...(checking && !readOnly ? decisionProblems(judgement, item.disagreements, decisions, true) : []),
      ...(refusal ? [{ text: refusal }] : []),
    ],
    [checking, readOnly, judgement, item.disagreements, decisions, refusal],
  );

  return { fix, fixing, attempt, problems };
}
