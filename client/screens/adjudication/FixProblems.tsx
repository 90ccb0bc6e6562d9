import type { DecisionProblem } from '../../../shared/adjudication/check-decisions.ts';

/** A problem the screen shows: a placed one from `decisionProblems`, or the server's words. */
export type FixProblem = Pick<DecisionProblem, 'text'> &
  Partial<Pick<DecisionProblem, 'number' | 'disagreementId'>>;

/** How many problems are listed at once: the first few say what to do first; the count says the rest. */
const SHOWN = 5;

/**
 * Why the gold cannot be fixed yet, each problem placed by its disagreement's number on screen with a
 * link that selects that disagreement in the list (its row takes the focus, so its keys work at once).
 */
export function FixProblems({
  problems,
  onSelect,
}: {
  readonly problems: readonly FixProblem[];
  readonly onSelect: (disagreementId: string) => void;
}) {
  if (problems.length === 0) return null;
  const hidden = problems.length - SHOWN;
  return (
    <div role="alert" className="notice notice-error fix-problems">
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
