import type { Db } from '../../store/db.ts';
import { findCachedLlmCall, insertLlmCall } from '../../store/llm-calls.ts';
import type { ExtractionCost, ExtractionResult } from '../extraction/extractor.ts';
import { type ChatOutcome, outcomeColumns } from './chat-client.ts';
import { type AnswerReading, readExtractionAnswer } from './extraction-answer.ts';
import {
  type ExtractionPlan,
  type ExtractionRequestConfig,
  extractionRequestParameters,
} from './extraction-request.ts';

function pick(reading: { current: string[]; tsc1: string[]; tsc2: string[] }) {
  return { current: reading.current, tsc1: reading.tsc1, tsc2: reading.tsc2 };
}

/**
 * The result an earlier usable answer to the same request gives (a cache hit: no call, no new
 * `llm_calls` row), or null when there is none or it no longer reads as an extraction.
 */
export async function extractionFromCache(db: Db, cacheKey: string): Promise<ExtractionResult | null> {
  const cached = await findCachedLlmCall(db, cacheKey);
  if (!cached || cached.content === null) return null;
  const reading = readExtractionAnswer(cached.content, cached.finishReason);
  if (!reading.ok) return null;
  const cost: ExtractionCost = { calls: 0, cacheHit: true, retries: 0, inputTokens: 0, outputTokens: 0 };
  return { status: 'extracted', ...pick(reading), raw: cached.content, cost };
}

/** Who asked, for the call's provenance row. */
export interface ExtractionCallContext {
  studyId: number;
  argumentRowId: number;
  runId: number | null;
  startedAt: string;
  /** The `llm_batches` row whose output answered it (batch path only). */
  batchId?: number | null;
}

/**
 * The result of one extraction call's outcome — from the synchronous client or from a batch output
 * line — read by `readExtractionAnswer`, with `alsoWrite` recording the call in `llm_calls` (status
 * `ok`, `rejected` for an answer that cannot be used, `failed` for no answer). Both paths go through
 * here, so the same answer is stored the same way.
 */
export function extractionFromOutcome(
  db: Db,
  config: ExtractionRequestConfig,
  plan: Pick<ExtractionPlan, 'cacheKey' | 'inputHash'>,
  outcome: ChatOutcome,
  context: ExtractionCallContext,
): ExtractionResult {
  const reading: AnswerReading = outcome.ok
    ? readExtractionAnswer(outcome.content, outcome.finishReason)
    : { ok: false, error: outcome.error };
  const cost: ExtractionCost = {
    calls: outcome.attempts,
    cacheHit: false,
    retries: outcome.attemptLog.length,
    inputTokens: outcome.ok ? (outcome.inputTokens ?? 0) : 0,
    outputTokens: outcome.ok ? (outcome.outputTokens ?? 0) : 0,
  };
  const alsoWrite = async () => {
    await insertLlmCall(db, {
      studyId: context.studyId,
      purpose: 'extract',
      cacheKey: plan.cacheKey,
      endpoint: config.endpoint,
      model: config.model,
      promptHash: config.prompt.hash,
      inputHash: plan.inputHash,
      parameters: extractionRequestParameters(config),
      ...outcomeColumns(outcome),
      status: outcome.ok ? (reading.ok ? 'ok' : 'rejected') : 'failed',
      error: reading.ok ? null : reading.error,
      tripleRowId: null,
      argumentRowId: context.argumentRowId,
      extractionRunId: context.runId,
      startedAt: context.startedAt,
      batchId: context.batchId ?? null,
    });
  };
  const raw = outcome.ok ? { raw: outcome.content } : {};
  if (!reading.ok) return { status: 'failed', error: reading.error, ...raw, cost, alsoWrite };
  return { status: 'extracted', ...pick(reading), ...raw, cost, alsoWrite };
}
