import { useEffect, useState } from 'react';
import { formatDateTime } from '../../format.ts';
import type { AutosaveSnapshot } from '../../workspace/autosave.ts';

type Tone = 'ok' | 'busy' | 'warn' | 'error';

/** Whole seconds left until `at`, never below 0. */
function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function retryWords(at: number, now: number): string {
  const seconds = secondsUntil(at, now);
  return seconds === 0 ? 'retrying now' : `retrying in ${seconds} s`;
}

/**
 * What the line says: `text`, then `countdown` (it ticks, so it is shown and not read out — a live
 * region would say it every second), then `detail`; the start stays in view when the line is cut.
 */
function describe(
  snapshot: AutosaveSnapshot,
  finalLabel: string,
  now: number,
): { text: string; tone: Tone; countdown?: string; detail?: string } {
  const status = snapshot.status;
  switch (status.kind) {
    case 'saved': {
      if (status.at === null) return { text: snapshot.submitted ? finalLabel : 'No changes yet', tone: 'ok' };
      const when = formatDateTime(status.at, new Date(now));
      return { text: `${snapshot.submitted ? finalLabel : 'Draft saved'} · ${when}`, tone: 'ok' };
    }
    case 'unsaved':
      return { text: 'Unsaved — saving shortly', tone: 'busy' };
    case 'saving':
      return { text: 'Saving…', tone: 'busy' };
    case 'offline':
      return {
        text: 'Offline',
        countdown: retryWords(status.retryAt, now),
        detail: 'your changes are kept in this browser',
        tone: 'warn',
      };
    case 'retrying':
      return {
        text: status.message.replace(/\.$/u, ''),
        countdown: retryWords(status.retryAt, now),
        detail: 'your changes are kept in this browser',
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

/** The clock, ticking every half second while `running` (a countdown is shown). */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * The save state, in a polite live region so screen readers hear it change: when the saved draft
 * was saved (also after a reload), and while the server is away a countdown to the next try.
 */
export function SaveStatus({
  snapshot,
  finalLabel = 'Submitted',
}: {
  readonly snapshot: AutosaveSnapshot;
  /** What a final document is called here: an annotation is submitted, a gold fixed. */
  readonly finalLabel?: string;
}) {
  const kind = snapshot.status.kind;
  const now = useNow(kind === 'offline' || kind === 'retrying');
  const { text, tone, countdown, detail } = describe(snapshot, finalLabel, now);
  return (
    <p className={`save-status save-${tone}`} role="status" aria-live="polite" data-save-state={kind}>
      <span className="save-dot" aria-hidden="true" />
      <span className="save-text" title={[text, countdown, detail].filter(Boolean).join(', ')}>
        {text}
        {countdown && <span aria-hidden="true">, {countdown}</span>}
        {detail && ` — ${detail}`}
        {snapshot.storageFailed && ' · this browser could not keep a copy: do not close the tab until saved'}
      </span>
    </p>
  );
}
