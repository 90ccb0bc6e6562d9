import { queryOptions } from '@tanstack/react-query';
import { type ReportProgress, reportJobSchema } from '../../shared/report-jobs-api.ts';
import { type ReportView, reportViewSchema } from '../../shared/report-view.ts';
import { type ReportSettings, settingsToSearch } from '../screens/report/reportSettings.ts';
import { ApiError, isErrorCode } from './errors.ts';
import { fetchJson, noContent } from './fetchJson.ts';
import { retryDelay, shouldRetry } from './queryClient.ts';
import { studyPathSegment } from './studies.ts';

export type ReportFormat = 'json' | 'md' | 'html';

/** GET …/report?seed&replicates&level[&extractor]&format — the URL of one report in one format. */
export function reportUrl(study: string, settings: ReportSettings, format: ReportFormat): string {
  const search = settingsToSearch(settings);
  search.set('format', format);
  return `${studyPathSegment(study)}/report?${search.toString()}`;
}

/**
 * The server computes one report at a time and keeps four waiting; beyond that it answers 429. A busy
 * server frees up within seconds, so the screen keeps asking (5 s, 10 s, 20 s, 30 s, 30 s) before it
 * gives up and offers to try again; other failures follow the app's rule.
 */
export function shouldRetryReport(failureCount: number, error: ApiError): boolean {
  return error.code === 'rate_limited' ? failureCount < 5 : shouldRetry(failureCount, error);
}

export function reportRetryDelay(attempt: number, error: ApiError): number {
  return error.code === 'rate_limited' ? Math.min(5000 * 2 ** attempt, 30_000) : retryDelay(attempt);
}

/** How often the screen asks a running report job for its progress. */
const JOB_POLL_MS = 500;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Computes the report as a job (POST …/report/jobs), asking for its progress every half second and
 * telling `onProgress`, then fetches the result — validated at the edge by the schema of what the
 * screen reads. Aborting (Cancel, leaving the screen, other settings) cancels the job on the server
 * (DELETE …/report/jobs/:id), which ends its worker.
 */
export async function runReportJob(
  study: string,
  settings: ReportSettings,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (progress: ReportProgress) => void },
): Promise<ReportView> {
  const base = `${studyPathSegment(study)}/report`;
  const body = { ...Object.fromEntries(settingsToSearch(settings)), format: 'json' };
  let job = await fetchJson(`${base}/jobs`, reportJobSchema, { method: 'POST', body, signal });
  const cancel = () => {
    void fetchJson(`${base}/jobs/${job.id}`, noContent, { method: 'DELETE' }).catch(() => undefined);
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    while (job.status === 'running') {
      onProgress(job.progress);
      await pause(JOB_POLL_MS, signal);
      job = await fetchJson(`${base}/jobs/${job.id}`, reportJobSchema, { signal });
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  if (job.status === 'failed' && job.error)
    throw new ApiError({
      status: 500,
      code: isErrorCode(job.error.code) ? job.error.code : 'internal',
      message: job.error.message,
    });
  if (job.status !== 'done' || job.result === null)
    throw new ApiError({ status: 409, code: 'conflict', message: 'The report was cancelled.' });
  return fetchJson(`${base}/${job.result}`, reportViewSchema, { signal });
}

/** The key every report of a study is kept under (one entry per settings below it). */
export function reportsKey(study: string) {
  return ['studies', study, 'report'] as const;
}

/**
 * The study's report as a job (`runReportJob`). A report is expensive and the same for the same
 * settings (seeded), so it is computed once per settings and kept: no refetch on focus or reconnect;
 * leaving the screen cancels it (the server stops the computation).
 */
export function reportQuery(
  study: string,
  settings: ReportSettings,
  onProgress: (progress: ReportProgress) => void = () => undefined,
) {
  return queryOptions<ReportView, ApiError>({
    queryKey: [...reportsKey(study), settingsToSearch(settings).toString()],
    queryFn: ({ signal }) => runReportJob(study, settings, { signal, onProgress }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: shouldRetryReport,
    retryDelay: reportRetryDelay,
  });
}
