import { useEffect, useRef } from 'react';
import { judgementDifferences, judgementSummary } from '../../../shared/judgement-differences.ts';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import { formatDateTime } from '../../format.ts';

/** What the server holds now: an annotation's or a gold's state (both have these). */
interface Theirs {
  readonly status: string;
  readonly judgement: Judgement;
  readonly updatedAt: string;
}

/**
 * How the saved version differs from the one on this screen, every aspect named (factors, unlisted
 * factors, marks, flags, comment); without this screen's version, everything the saved one holds.
 */
function Differences({
  theirs,
  mine,
  text,
}: {
  readonly theirs: Theirs;
  readonly mine: Judgement | undefined;
  readonly text: string | undefined;
}) {
  const lines = mine
    ? judgementDifferences(theirs.judgement, mine, text)
    : judgementSummary(theirs.judgement);
  if (lines.length === 0) return <p>It holds the same judgement as yours; only its version moved on.</p>;
  return (
    <>
      <p>{mine ? 'How it differs from yours:' : 'What it holds:'}</p>
      <ul className="conflict-differences">
        {lines.map((line) => (
          <li key={line.text}>{line.text}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * A 409: the annotation or gold was changed elsewhere (another tab or device) since this screen
 * loaded it. Nothing is lost silently: the user sees what differs, then sees theirs (and can undo
 * back to their own) or keeps their own.
 */
export function ConflictBanner({
  theirs,
  mine,
  text,
  final,
  onTheirs,
  onMine,
}: {
  readonly theirs: Theirs | null;
  /** The judgement on this screen, to name each difference; without it the banner lists theirs. */
  readonly mine?: Judgement;
  /** The argument, so a differing mark can quote its words. */
  readonly text?: string;
  /** Theirs is final (submitted, fixed): only "see theirs" is offered. */
  readonly final: boolean;
  readonly onTheirs: () => void;
  readonly onMine: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="notice notice-error conflict" role="alert">
      <h2 ref={headingRef} tabIndex={-1}>
        Changed elsewhere
      </h2>
      {theirs === null ? (
        <p>This was changed from another tab or device: the server has no annotation of this item anymore.</p>
      ) : (
        <>
          <p>
            This was saved from another tab or device after you opened it ({theirs.status},{' '}
            {formatDateTime(theirs.updatedAt)}).
          </p>
          <Differences theirs={theirs} mine={mine} text={text} />
        </>
      )}
      <p>Your changes on this screen are kept in this browser until you choose.</p>
      <div className="conflict-actions">
        <button type="button" className="button-secondary" onClick={onTheirs}>
          See theirs (Undo brings mine back)
        </button>
        {!final && (
          <button type="button" className="button-primary" onClick={onMine}>
            Keep mine (replace theirs)
          </button>
        )}
      </div>
    </div>
  );
}
