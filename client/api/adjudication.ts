import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type AcceptResult,
  acceptResultSchema,
  adjudicationItemSchema,
  adjudicationQueueSchema,
  type GoldState,
  goldStateSchema,
  revealSchema,
  type SaveGoldRequest,
} from '../../shared/adjudication-api.ts';
import { fetchJson } from './fetchJson.ts';
import { studyPathSegment } from './studies.ts';

function adjudicationUrl(study: string): string {
  return `${studyPathSegment(study)}/adjudication`;
}

function itemUrl(study: string, itemKey: string): string {
  return `${adjudicationUrl(study)}/items/${encodeURIComponent(itemKey)}`;
}

export const adjudicationQueueKey = (study: string) => ['studies', study, 'adjudication'] as const;
export const adjudicationItemKey = (study: string, itemKey: string, names: boolean) =>
  ['studies', study, 'adjudication', itemKey, names ? 'named' : 'blind'] as const;

/** GET …/adjudication — the items ready to adjudicate. */
export function adjudicationQueueQuery(study: string) {
  return queryOptions({
    queryKey: adjudicationQueueKey(study),
    queryFn: ({ signal }) => fetchJson(adjudicationUrl(study), adjudicationQueueSchema, { signal }),
  });
}

/**
 * GET one item (`?names=1` shows who A and B are). Like the annotator's item: loaded fresh on every
 * visit and not refetched while the adjudicator works (saves reconcile through versions).
 */
export function adjudicationItemQuery(study: string, itemKey: string, names: boolean) {
  return queryOptions({
    queryKey: adjudicationItemKey(study, itemKey, names),
    queryFn: ({ signal }) =>
      fetchJson(`${itemUrl(study, itemKey)}${names ? '?names=1' : ''}`, adjudicationItemSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** GET …/reveal — the extractors against the fixed gold (403 before). */
export function revealQuery(study: string, itemKey: string) {
  return queryOptions({
    queryKey: [...adjudicationQueueKey(study), itemKey, 'reveal'] as const,
    queryFn: ({ signal }) => fetchJson(`${itemUrl(study, itemKey)}/reveal`, revealSchema, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST …/start — begins adjudication (idempotent): the annotators can no longer reopen the item. */
export function startAdjudication(study: string, itemKey: string): Promise<unknown> {
  return fetchJson(`${itemUrl(study, itemKey)}/start`, z.unknown(), { method: 'POST' });
}

/** PUT …/gold — an autosave or the decision that fixes the gold. */
export function putGold(study: string, itemKey: string, request: SaveGoldRequest): Promise<GoldState> {
  return fetchJson(`${itemUrl(study, itemKey)}/gold`, goldStateSchema, { method: 'PUT', body: request });
}

/** POST …/accept — bulk acceptance of items without disagreement. */
export function acceptItems(study: string, itemKeys: readonly string[]): Promise<AcceptResult> {
  return fetchJson(`${adjudicationUrl(study)}/accept`, acceptResultSchema, {
    method: 'POST',
    body: { itemKeys },
  });
}
