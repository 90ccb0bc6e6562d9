import { queryOptions } from '@tanstack/react-query';
import {
  type AnnotationState,
  annotationItemSchema,
  annotationStateSchema,
  guidelinesSchema,
  queueSchema,
  type SaveAnnotationRequest,
} from '../../shared/annotation-api.ts';
import { fetchJson } from './fetchJson.ts';
import { studyPathSegment } from './studies.ts';

function itemUrl(study: string, itemKey: string): string {
  return `${studyPathSegment(study)}/items/${encodeURIComponent(itemKey)}`;
}

export const queueKey = (study: string) => ['studies', study, 'queue'] as const;
export const itemKeyOf = (study: string, itemKey: string) => ['studies', study, 'items', itemKey] as const;

/** GET /api/studies/:study/queue — the signed-in annotator's items. */
export function queueQuery(study: string) {
  return queryOptions({
    queryKey: queueKey(study),
    queryFn: ({ signal }) => fetchJson(`${studyPathSegment(study)}/queue`, queueSchema, { signal }),
  });
}

/**
 * GET one item. Never refetched behind the annotator's back while they work: the workspace owns
 * the judgement on screen and reconciles with the server through saves (409 shows a choice). Not
 * kept once the workspace closes (`gcTime: 0`), so every visit starts from the server's state
 * (its version, whether it can still be reopened).
 */
export function itemQuery(study: string, itemKey: string) {
  return queryOptions({
    queryKey: itemKeyOf(study, itemKey),
    queryFn: ({ signal }) => fetchJson(itemUrl(study, itemKey), annotationItemSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/guidelines — changes only with a release, so loaded once. */
export const guidelinesQuery = queryOptions({
  queryKey: ['guidelines'],
  queryFn: ({ signal }) => fetchJson('/api/guidelines', guidelinesSchema, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** PUT …/items/:itemKey/annotation — an autosave or a submission. */
export function putAnnotation(
  study: string,
  itemKey: string,
  request: SaveAnnotationRequest,
  signal?: AbortSignal,
): Promise<AnnotationState> {
  return fetchJson(`${itemUrl(study, itemKey)}/annotation`, annotationStateSchema, {
    method: 'PUT',
    body: request,
    ...(signal ? { signal } : {}),
  });
}

/** POST …/items/:itemKey/annotation/reopen — a submitted annotation back to a draft. */
export function reopenAnnotation(study: string, itemKey: string, version: number): Promise<AnnotationState> {
  return fetchJson(`${itemUrl(study, itemKey)}/annotation/reopen`, annotationStateSchema, {
    method: 'POST',
    body: { version },
  });
}
