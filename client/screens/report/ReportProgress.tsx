import { useEffect, useState } from 'react';
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

/**
 * While the server computes: what it is doing, with how many replicates, and for how long so far — an
 * honest indeterminate progress (the server does not report its progress). A busy server (429) is said
 * in words, with the screen asking again by itself. The seconds are hidden from screen readers, which
 * would otherwise hear them every second; the status line is announced once.
 */
export function ReportProgress({
  settings,
  failureCount,
  failureReason,
}: {
  readonly settings: ReportSettings;
  readonly failureCount: number;
  readonly failureReason: ApiError | null;
}) {
  const elapsed = useElapsedSeconds();
  const busy = failureReason?.code === 'rate_limited';
  return (
    <div className="panel report-progress">
      <progress aria-label="Computing the report" />
      <p role="status">
        {busy
          ? 'The server is busy computing other reports; this one will be asked for again in a moment.'
          : `Computing the report… (${settings.replicates.toLocaleString('en')} bootstrap replicates, seed ${settings.seed})`}
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
    </div>
  );
}
