import { queryOptions } from '@tanstack/react-query';
import { type ReportView, reportViewSchema } from '../../shared/report-view.ts';
import { type ReportSettings, settingsToSearch } from '../screens/report/reportSettings.ts';
import type { ApiError } from './errors.ts';
import { fetchJson } from './fetchJson.ts';
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

/**
 * GET …/report?format=json — the study's report, validated at the edge by the schema of what the
 * screen reads. A report is expensive and the same for the same settings (seeded), so it is computed
 * once per settings and kept: no refetch on focus or reconnect; leaving the screen cancels it (the
 * server stops the computation).
 */
export function reportQuery(study: string, settings: ReportSettings) {
  return queryOptions<ReportView, ApiError>({
    queryKey: ['studies', study, 'report', settingsToSearch(settings).toString()],
    queryFn: ({ signal }) => fetchJson(reportUrl(study, settings, 'json'), reportViewSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: shouldRetryReport,
    retryDelay: reportRetryDelay,
  });
}
