import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { LlmPurpose } from '../../../store/llm-calls.ts';

/** The endpoint every request of our batches goes to (OpenAI's name for it, also vLLM's). */
export const BATCH_ENDPOINT = '/v1/chat/completions';

/** A request's place in our store, as its custom_id says it. */
export interface CustomIdParts {
  jobId: number;
  purpose: LlmPurpose;
  /** The argument's row id (extraction) or the triple's (generation). */
  rowId: number;
}

const CUSTOM_ID = /^fa-j(\d+)-([xg])(\d+)$/;

/**
 * The custom_id of a request: `fa-j{job}-x{argument row}` for an extraction, `fa-j{job}-g{triple row}`
 * for a generation. Unique within a job (a job asks once per argument or triple), short (OpenAI caps
 * nothing below 64 characters here), and readable on the provider's dashboard. The store maps it
 * back by (job, custom_id); `parseCustomId` checks that a line belongs to the job being collected.
 *
 * @example customIdOf({ jobId: 3, purpose: 'extract', rowId: 120 }) // 'fa-j3-x120'
 */
export function customIdOf(parts: CustomIdParts): string {
  return `fa-j${parts.jobId}-${parts.purpose === 'extract' ? 'x' : 'g'}${parts.rowId}`;
}

/** The parts of a custom_id written by `customIdOf`, or null for every other text. */
export function parseCustomId(customId: string): CustomIdParts | null {
  const match = CUSTOM_ID.exec(customId);
  if (!match) return null;
  const jobId = Number(match[1]);
  const rowId = Number(match[3]);
  if (!Number.isSafeInteger(jobId) || !Number.isSafeInteger(rowId)) return null;
  return { jobId, purpose: match[2] === 'x' ? 'extract' : 'generate', rowId };
}

/**
 * One line of a batch input file (OpenAI's "request input" format, also read by vLLM's
 * `run_batch`): `{"custom_id", "method": "POST", "url": "/v1/chat/completions", "body"}`, without
 * the newline. The body is the one the synchronous client sends (`chatCompletionBody`).
 */
export function batchRequestLine(customId: string, body: ChatCompletionCreateParamsNonStreaming): string {
  return JSON.stringify({ custom_id: customId, method: 'POST', url: BATCH_ENDPOINT, body });
}
