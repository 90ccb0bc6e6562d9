import { queryOptions } from '@tanstack/react-query';
import { studyOverviewSchema, studySummarySchema } from '../../shared/api.ts';
import { fetchJson } from './fetchJson.ts';

const studyListSchema = studySummarySchema.array();

export function studyPathSegment(study: string): string {
  return `/api/studies/${encodeURIComponent(study)}`;
}

/** GET /api/studies */
export const studiesQuery = queryOptions({
  queryKey: ['studies'],
  queryFn: ({ signal }) => fetchJson('/api/studies', studyListSchema, { signal }),
});

/** GET /api/studies/:name/overview */
export function studyOverviewQuery(study: string) {
  return queryOptions({
    queryKey: ['studies', study, 'overview'],
    queryFn: ({ signal }) =>
      fetchJson(`${studyPathSegment(study)}/overview`, studyOverviewSchema, { signal }),
  });
}
