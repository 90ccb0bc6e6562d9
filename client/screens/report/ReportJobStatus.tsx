import type { UseQueryResult } from '@tanstack/react-query';
import type { ReportProgress as JobProgress } from '../../../shared/report-jobs-api.ts';
import type { ReportView } from '../../../shared/report-view.ts';
import type { ApiError } from '../../api/errors.ts';
import { QueryError } from '../../components/Status.tsx';
import { ReportProgress } from './ReportProgress.tsx';
import type { ReportSettings } from './reportSettings.ts';

/**
 * Where the report job stands, when there is no report to show: computing (with its progress and
 * Cancel), cancelled (with "Compute again"), or failed (with the server's words and a retry).
 */
export function ReportJobStatus({
  report,
  settings,
  progress,
  onCancel,
}: {
  readonly report: UseQueryResult<ReportView, ApiError>;
  readonly settings: ReportSettings;
  /** The running job's progress, once the server has said some. */
  readonly progress: JobProgress | null;
  readonly onCancel: () => void;
}) {
  // Cancelling aborts the query, which cancels the job on the server; the screen then offers to compute again.
  const cancelled = report.status === 'pending' && report.fetchStatus === 'idle';
  if (report.status === 'pending' && !cancelled)
    return (
      <ReportProgress
        settings={settings}
        progress={progress}
        failureCount={report.failureCount}
        failureReason={report.failureReason}
        onCancel={onCancel}
      />
    );
  if (cancelled)
    return (
      <div className="panel report-progress">
        <p role="status">The report was cancelled; the server stopped computing it.</p>
        <p>
          <button type="button" className="button-secondary" onClick={() => void report.refetch()}>
            Compute again
          </button>
        </p>
      </div>
    );
  if (report.status === 'error')
    return (
      <QueryError
        error={report.error}
        onRetry={report.error.code === 'validation_failed' ? undefined : () => void report.refetch()}
      >
        {report.error.code === 'rate_limited' && (
          <p>Reports are computed one at a time; a few are waiting. Try again in a minute.</p>
        )}
      </QueryError>
    );
  return null;
}
