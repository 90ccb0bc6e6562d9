import type { z } from 'zod';
import {
  nextBatchDrawnSchema,
  nextBatchPreviewSchema,
  type nextBatchRequestSchema,
} from '../../shared/sampling/next-batch.ts';
import { fetchJson } from './fetchJson.ts';
import { studyPathSegment } from './studies.ts';

export type NextBatchInput = z.input<typeof nextBatchRequestSchema>;

/** POST /api/studies/:study/samples/next/preview — what the batch would draw; nothing is written. */
export function previewNextBatch(study: string, body: NextBatchInput) {
  return fetchJson(`${studyPathSegment(study)}/samples/next/preview`, nextBatchPreviewSchema, {
    method: 'POST',
    body,
  });
}

/** POST /api/studies/:study/samples/next — draws the batch as a new sample version (`sample --next`). */
export function drawNextBatch(study: string, body: NextBatchInput) {
  return fetchJson(`${studyPathSegment(study)}/samples/next`, nextBatchDrawnSchema, { method: 'POST', body });
}
