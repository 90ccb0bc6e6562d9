import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import type { Autosaver, AutosaveSnapshot } from '../../workspace/autosave.ts';

/**
 * Holds a move to another page while changes are still being sent, and lets it through by itself
 * once they are saved. The annotator may leave anyway: the draft stays in this browser and is sent
 * the next time the item is opened.
 */
export function LeaveGuard({
  autosaver,
  snapshot,
}: {
  readonly autosaver: Pick<Autosaver<unknown, unknown>, 'hasUnsavedWork' | 'flush'>;
  readonly snapshot: Pick<AutosaveSnapshot, 'status'>;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && autosaver.hasUnsavedWork(),
  );
  const blocked = blocker.state === 'blocked';
  // Read on every render: the snapshot prop changes whenever a save starts or ends.
  const unsaved = snapshot.status.kind !== 'saved' || autosaver.hasUnsavedWork();

  useEffect(() => {
    if (!blocked) return;
    if (!unsaved) blocker.proceed?.();
    else autosaver.flush();
  }, [blocked, unsaved, blocker, autosaver]);

  if (!blocked) return null;
  return (
    <div className="notice notice-warn leave-guard" role="alertdialog" aria-labelledby="leave-guard-title">
      <p id="leave-guard-title">
        <strong>Your last changes are still being saved.</strong> This page opens as soon as they are.
      </p>
      <div className="conflict-actions">
        <button type="button" className="button-secondary" onClick={() => blocker.reset?.()}>
          Stay here
        </button>
        <button type="button" className="button-secondary" onClick={() => blocker.proceed?.()}>
          Leave now — they stay in this browser and are sent when you reopen the item
        </button>
      </div>
    </div>
  );
}
