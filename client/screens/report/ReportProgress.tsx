import { type ReactNode, useEffect, useState } from 'react';
import type { ReportProgress as JobProgress } from '../../../shared/report-jobs-api.ts';
import type { ApiError } from '../../api/errors.ts';
import type { ReportSettings } from './reportSettings.ts';

/** Whole seconds since the component appeared, ticking once a second. */
function useElapsedSeconds(): number {
  const [start] = useState(() => Date.now());
  const [now, setNow] = useState(start);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.floor((now - start) / 1000);
}

/** A job the server runs, as a panel: its progress and what it is doing (`children`), then Cancel. */
export function RunningJobPanel({
  className,
  children,
  onCancel,
}: {
  readonly className: string;
  readonly children: ReactNode;
  readonly onCancel: () => void;
}) {
  return (
    <div className={className}>
      {children}
      <p>
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </div>
  );
}

/**
 * While the server computes: what it is doing (waiting for the report worker, loading the study step
 * by step, computing the figures, rendering), as a progress bar of those stages, with how many
 * replicates and for how long so far, and a Cancel button (the server stops the computation). A busy
 * server (429) is said in words, with the screen asking again by itself. The seconds are hidden from
 * screen readers, which would otherwise hear them every second; the status line is announced when
 * the stage changes.
 */
export function ReportProgress({
  settings,
  progress,
  failureCount,
  failureReason,
  onCancel,
}: {
  readonly settings: ReportSettings;
  readonly progress: JobProgress | null;
  readonly failureCount: number;
  readonly failureReason: ApiError | null;
  readonly onCancel: () => void;
}) {
  const elapsed = useElapsedSeconds();
  const busy = failureReason?.code === 'rate_limited';
  const doing = progress ? `Computing the report: ${progress.detail}` : 'Computing the report';
  return (
    <RunningJobPanel className="panel report-progress" onCancel={onCancel}>
      {progress ? (
        <progress aria-label="Computing the report" value={progress.step} max={progress.steps} />
      ) : (
        <progress aria-label="Computing the report" />
      )}
      <p role="status">
        {busy
          ? 'The server is busy computing other reports; this one will be asked for again in a moment.'
          : `${doing}… (${settings.replicates.toLocaleString('en')} bootstrap replicates, seed ${settings.seed})`}
        <span className="report-elapsed" aria-hidden="true">
          {' '}
          — {elapsed} s{busy ? `, attempt ${failureCount + 1}` : ''}
        </span>
      </p>
      <p className="muted">
        {settings.replicates === 0
          ? 'Without the bootstrap only the point estimates are computed.'
          : 'Each replicate resamples the arguments within their strata and recomputes every figure; a study of a few hundred arguments takes seconds.'}
      </p>
    </RunningJobPanel>
  );
}
