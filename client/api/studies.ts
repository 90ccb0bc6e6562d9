import {
  type StudyOverview,
  type StudySummary,
  studyOverviewSchema,
  studySummarySchema,
} from '../../shared/api.ts';
import { fetchJson } from './fetchJson.ts';
import { queryKey } from './queryCache.ts';

const studyListSchema = studySummarySchema.array();

export const STUDIES_KEY = queryKey('studies');

export function studyOverviewKey(study: string): string {
  return queryKey('studies', study, 'overview');
}

/** GET /api/studies */
export function fetchStudies(signal: AbortSignal): Promise<StudySummary[]> {
  return fetchJson('/api/studies', studyListSchema, { signal });
}

/** GET /api/studies/:name/overview */
export function fetchStudyOverview(study: string, signal: AbortSignal): Promise<StudyOverview> {
  return fetchJson(`/api/studies/${encodeURIComponent(study)}/overview`, studyOverviewSchema, { signal });
}
