import { useEffect, useRef } from 'react';
import type { Judgement } from '../../../shared/schemas/annotation.ts';

/** What the server holds now: an annotation's or a gold's state (both have these). */
interface Theirs {
  readonly status: string;
  readonly judgement: Judgement;
  readonly updatedAt: string;
}

function summary(theirs: Theirs | null): string {
  if (theirs === null) return 'The server has no annotation of this item anymore.';
  const { judgement } = theirs;
  const ticks = judgement.current.length + judgement.tsc1.length + judgement.tsc2.length;
  const when = new Date(theirs.updatedAt).toLocaleString();
  return `The saved version (${theirs.status}, ${when}) has ${ticks} ticked factor${ticks === 1 ? '' : 's'} and ${judgement.spans.length} mark${judgement.spans.length === 1 ? '' : 's'}.`;
}

/**
 * A 409: the annotation or gold was changed elsewhere (another tab or device) since this screen
 * loaded it. Nothing is lost silently: the user sees theirs (and can undo back to their own) or
 * keeps their own.
 */
export function ConflictBanner({
  theirs,
  final,
  onTheirs,
  onMine,
}: {
  readonly theirs: Theirs | null;
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
      <p>
        This was saved from another tab or device after you opened it. {summary(theirs)} Your changes on this
        screen are kept in this browser until you choose.
      </p>
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
