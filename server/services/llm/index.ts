export { type BatchApi, openAiBatchApi } from './batch/batch-api.ts';
export { type BatchLimits, OPENAI_BATCH_LIMITS } from './batch/batch-split.ts';
export { type CollectedBatch, collectBatchJobs } from './batch/collect.ts';
export {
  type BatchJobState,
  type BatchWaitProgress,
  cancelBatchJob,
  listBatchJobStates,
  type RefreshRequest,
  refreshBatchJobs,
  waitForBatchJobs,
} from './batch/status.ts';
export {
  resubmitBatchJob,
  type SubmissionSummary,
  type SubmitProgress,
  submitExtractionBatch,
  submitGenerationBatch,
} from './batch/submit.ts';
export { ChatClient } from './chat-client.ts';
export { type Endpoint, resolveEndpoint } from './endpoint.ts';
export { EXTRACTION_INPUT_MODES } from './extraction-input.ts';
export { generateArguments } from './generate-arguments.ts';
export { createLlmExtractor } from './llm-extractor.ts';
export { loadPromptTemplate, type PromptKind, type PromptTemplate } from './prompts.ts';
export { SpacedStartLimiter } from './rate-limiter.ts';
