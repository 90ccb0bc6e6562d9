export {
  assignmentLog,
  assignmentLogPage,
  assignmentRecords,
  assignSample,
  previewAssignment,
  reassign,
} from './assignments.ts';
// The next batch (issue 28): undrawn arguments scored by the extractor's predicted error
// (shared/sampling/predicted-error.ts), drawn with a design's inclusion probabilities
// (shared/sampling/designs.ts), recorded as a new sample version with its batch (migration 014).
export { drawNextBatch, previewNextBatch } from './next-batch.ts';
export { drawSample, listSampleSummaries } from './samples.ts';
