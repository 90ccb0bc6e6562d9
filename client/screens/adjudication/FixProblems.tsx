import { useEffect, useRef } from 'react';
import type { DecisionProblem } from '../../../shared/adjudication/check-decisions.ts';

/** A problem the screen shows: a placed one from `decisionProblems`, or the server's words. */
export type FixProblem = Pick<DecisionProblem, 'text'> &
  Partial<Pick<DecisionProblem, 'number' | 'disagreementId'>>;

/** How many problems are listed at once: the first few say what to do first; the count says the rest. */
const SHOWN = 5;

/**
 * Why the gold cannot be fixed yet, each problem placed by its disagreement's number on screen with a
 * link that selects that disagreement in the list (its row takes the focus, so its keys work at once).
 * The list follows the adjudicator's changes; each new attempt to fix brings it into view.
 */
export function FixProblems({
  problems,
  attempt,
  onSelect,
}: {
  readonly problems: readonly FixProblem[];
  /** Counts the attempts to fix: a refusal can come while the adjudicator is far down the page. */
  readonly attempt: number;
  readonly onSelect: (disagreementId: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled on each attempt, not on each change of the list
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [attempt]);
  if (problems.length === 0) return null;
  const hidden = problems.length - SHOWN;
  return (
    <div ref={box} role="alert" className="notice notice-error fix-problems">
      <p>The gold cannot be fixed yet:</p>
      <ul>
        {problems.slice(0, SHOWN).map((problem) => {
          const { disagreementId, number } = problem;
          return (
            <li key={problem.text}>
              {problem.text}
              {disagreementId && number ? (
                <>
                  {' '}
                  <button type="button" className="link-button" onClick={() => onSelect(disagreementId)}>
                    Go to disagreement {number}
                  </button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {hidden > 0 && <p>…and {hidden} more: fix these first, then fix the gold again to see the rest.</p>}
    </div>
  );
}
