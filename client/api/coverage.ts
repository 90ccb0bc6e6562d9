import { queryOptions } from '@tanstack/react-query';
import {
  type CoverageCheckRequest,
  type CoverageJobView,
  type CoverageState,
  coverageJobSchema,
  coverageStateSchema,
} from '../../shared/coverage-check-api.ts';
import type { ApiError } from './errors.ts';
import { fetchJson, noContent } from './fetchJson.ts';
import { studyPathSegment } from './studies.ts';

/** How often the screen asks while a coverage check runs (it takes seconds to minutes). */
export const COVERAGE_POLL_MS = 1000;

/**
 * GET …/coverage: the study's latest coverage check and (admins) its running or last job — asked
 * again every second while the job runs.
 */
export function coverageStateQuery(study: string) {
  return queryOptions<CoverageState, ApiError>({
    queryKey: ['studies', study, 'coverage'],
    queryFn: ({ signal }) =>
      fetchJson(`${studyPathSegment(study)}/coverage`, coverageStateSchema, { signal }),
    refetchInterval: (query) => (query.state.data?.job?.status === 'running' ? COVERAGE_POLL_MS : false),
  });
}

/** POST …/coverage/jobs: starts a check with R, B and the seed. */
export function startCoverageCheck(study: string, request: CoverageCheckRequest): Promise<CoverageJobView> {
  return fetchJson(`${studyPathSegment(study)}/coverage/jobs`, coverageJobSchema, {
    method: 'POST',
    body: request,
  });
}

/** DELETE …/coverage/jobs/:id: cancels the running check (its worker ends; nothing is stored). */
export function cancelCoverageCheck(study: string, jobId: string): Promise<undefined> {
  return fetchJson(`${studyPathSegment(study)}/coverage/jobs/${encodeURIComponent(jobId)}`, noContent, {
    method: 'DELETE',
  });
}
