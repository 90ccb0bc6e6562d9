import type { AutosaveSnapshot } from '../../workspace/autosave.ts';

function describe(snapshot: AutosaveSnapshot): { text: string; tone: 'ok' | 'busy' | 'warn' | 'error' } {
  const status = snapshot.status;
  switch (status.kind) {
    case 'saved':
      return {
        text: status.at
          ? `All changes saved · ${new Date(status.at).toLocaleTimeString()}`
          : 'No changes yet',
        tone: 'ok',
      };
    case 'unsaved':
      return { text: 'Unsaved changes — saving shortly', tone: 'busy' };
    case 'saving':
      return { text: 'Saving…', tone: 'busy' };
    case 'offline':
      return {
        text: `Offline — your changes are kept in this browser; retrying in ${Math.ceil(status.retryInMs / 1000)} s`,
        tone: 'warn',
      };
    case 'retrying':
      return {
        text: `${status.message} Your changes are kept in this browser; retrying in ${Math.ceil(status.retryInMs / 1000)} s`,
        tone: 'warn',
      };
    case 'conflict':
      return { text: 'Changed elsewhere — choose which version to keep', tone: 'error' };
    case 'rejected':
      return { text: `Not saved: ${status.message}`, tone: 'error' };
    case 'signed-out':
      return {
        text: 'Signed out — your changes are kept in this browser; log in again to send them',
        tone: 'error',
      };
  }
}

/** The save state, in a polite live region so screen readers hear it change. */
export function SaveStatus({
  snapshot,
  finalLabel = 'Submitted',
}: {
  readonly snapshot: AutosaveSnapshot;
  /** What a final document is called here: an annotation is submitted, a gold fixed. */
  readonly finalLabel?: string;
}) {
  const { text, tone } = describe(snapshot);
  return (
    <p
      className={`save-status save-${tone}`}
      role="status"
      aria-live="polite"
      data-save-state={snapshot.status.kind}
    >
      <span className="save-dot" aria-hidden="true" />
      {snapshot.submitted && snapshot.status.kind === 'saved' ? finalLabel : text}
      {snapshot.storageFailed && ' · this browser could not keep a copy: do not close the tab until saved'}
    </p>
  );
}
