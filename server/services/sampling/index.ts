/**
 * The next batch of a study's sample (issue 28): the undrawn arguments scored by the extractor's
 * predicted error (shared/sampling/predicted-error.ts), drawn with a design's inclusion probabilities
 * (shared/sampling/designs.ts), recorded as a new sample version with its batch (migration 014).
 */
export { drawNextBatch, previewNextBatch } from './next-batch-service.ts';
