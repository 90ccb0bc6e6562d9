import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { reportDocument } from '../../../shared/report-document/report-document.ts';
import type { ReportProgress as JobProgress } from '../../../shared/report-jobs-api.ts';
import type { ReportView } from '../../../shared/report-view.ts';
import { reportQuery } from '../../api/report.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { QueryError } from '../../components/Status.tsx';
import { useSignedInUser } from '../../session.ts';
import { CoverageCheck } from './CoverageCheck.tsx';
import { ReportBlocks } from './ReportBlocks.tsx';
import { ReportControls } from './ReportControls.tsx';
import { ReportProgress } from './ReportProgress.tsx';
import { chartNumbers, sectionsOf } from './reportOutline.ts';
import { settingsFromSearch, settingsToSearch } from './reportSettings.ts';
import './report.css';

/** The report itself: the same blocks as the HTML and Markdown files, with links to its sections. */
function ReportBody({ report }: { readonly report: ReportView }) {
  const blocks = useMemo(() => reportDocument(report), [report]);
  const numbers = useMemo(() => chartNumbers(blocks), [blocks]);
  const sections = sectionsOf(blocks);
  return (
    <>
      <nav className="report-outline" aria-label="Sections of the report">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.text}</a>
            </li>
          ))}
        </ul>
      </nav>
      <article className="report-document">
        <ReportBlocks blocks={blocks} numbers={numbers} />
      </article>
    </>
  );
}

/**
 * The study report on screen (admins; adjudicators read it too): a report job with the settings in the
 * URL, computed by the server in a worker while the screen shows its progress (and can cancel it), validated at the
 * edge, and rendered from the same blocks and chart specifications as the HTML file — Observable Plot
 * drawing in the browser. Loaded on demand (React.lazy), so Plot never reaches the annotators' bundle.
 */
export default function ReportScreen() {
  const { study = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const settings = settingsFromSearch(search);
  const settingsKey = settingsToSearch(settings).toString();
  // The running job's progress, for the settings it was asked with.
  const [progress, setProgress] = useState<{ key: string; progress: JobProgress } | null>(null);
  const options = reportQuery(study, settings, (next) => setProgress({ key: settingsKey, progress: next }));
  const report = useQuery(options);
  const queryClient = useQueryClient();
  // Cancelling aborts the query, which cancels the job on the server; the screen then offers to compute again.
  const cancelled = report.status === 'pending' && report.fetchStatus === 'idle';
  useDocumentTitle(`${study} · report`);
  const admin = useSignedInUser().roles.includes('admin');
  const extractors = report.data?.meta.extractors ?? [];

  return (
    <div className="report-screen">
      <div className="page-heading">
        <div>
          <p className="eyebrow">Study report</p>
          <h1 tabIndex={-1}>{study}</h1>
        </div>
      </div>
      <ReportControls
        key={`controls ${settingsKey}`}
        study={study}
        settings={settings}
        extractors={extractors}
        onApply={(next) => setSearch(settingsToSearch(next))}
      />
      {admin && <CoverageCheck study={study} />}
      {report.status === 'pending' && !cancelled && (
        <ReportProgress
          key={`progress ${settingsKey}`}
          settings={settings}
          progress={progress?.key === settingsKey ? progress.progress : null}
          failureCount={report.failureCount}
          failureReason={report.failureReason}
          onCancel={() => void queryClient.cancelQueries({ queryKey: options.queryKey })}
        />
      )}
      {cancelled && (
        <div className="panel report-progress">
          <p role="status">The report was cancelled; the server stopped computing it.</p>
          <p>
            <button type="button" className="button-secondary" onClick={() => void report.refetch()}>
              Compute again
            </button>
          </p>
        </div>
      )}
      {report.status === 'error' && (
        <QueryError
          error={report.error}
          onRetry={report.error.code === 'validation_failed' ? undefined : () => void report.refetch()}
        >
          {report.error.code === 'rate_limited' && (
            <p>Reports are computed one at a time; a few are waiting. Try again in a minute.</p>
          )}
        </QueryError>
      )}
      {report.status === 'success' && <ReportBody report={report.data} />}
    </div>
  );
}
