import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { ReportProgress as JobProgress } from '../../../shared/report-jobs-api.ts';
import { reportQuery } from '../../api/report.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { useSignedInUser } from '../../session.ts';
import { CoverageCheck } from './CoverageCheck.tsx';
import { ReportBody } from './ReportBody.tsx';
import { ReportControls } from './ReportControls.tsx';
import { ReportJobStatus } from './ReportJobStatus.tsx';
import { ReportPlanner } from './ReportPlanner.tsx';
import { ReportSettingsPanel } from './ReportSettingsPanel.tsx';
import { settingsFromSearch, settingsToSearch } from './reportSettings.ts';
import { useFreshAppendix } from './useFreshAppendix.ts';
import './report.css';
import { PageHeading } from '../../components/PageHeading.tsx';

/**
 * The study report on screen (admins; adjudicators read it too), its verdict first: a report job with
 * the settings in the URL, computed by the server in a worker while the screen shows its progress
 * (and can cancel it), validated at the edge, and rendered from the same blocks and chart
 * specifications as the HTML file — Observable Plot drawing in the browser. The settings and the
 * coverage check are folded above it. Loaded on demand (React.lazy), so Plot never reaches the
 * annotators' bundle. Each part is its own component; the page only lays them out.
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
  useFreshAppendix(study, report.data);
  useDocumentTitle(`${study} · report`);
  const admin = useSignedInUser().roles.includes('admin');

  return (
    <div className="report-screen">
      <PageHeading eyebrow="Study report" title={study} />
      <ReportSettingsPanel
        key={`settings ${settingsKey}`}
        settings={settings}
        needsAttention={report.error?.code === 'validation_failed'}
      >
        <ReportControls
          study={study}
          settings={settings}
          extractors={report.data?.meta.extractors ?? []}
          onApply={(next) => setSearch(settingsToSearch(next))}
        />
        {admin && <CoverageCheck study={study} />}
      </ReportSettingsPanel>
      <ReportJobStatus
        key={`status ${settingsKey}`}
        report={report}
        settings={settings}
        progress={progress?.key === settingsKey ? progress.progress : null}
        onCancel={() => void queryClient.cancelQueries({ queryKey: options.queryKey })}
      />
      {/* The verdict comes first; the planner answers the question it leaves: how much more gold. */}
      {report.status === 'success' && <ReportBody report={report.data} />}
      {report.status === 'success' && <ReportPlanner report={report.data} study={study} admin={admin} />}
    </div>
  );
}
