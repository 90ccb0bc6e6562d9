import { argumentSchema } from '../../../shared/schemas/argument.ts';
import { findArgument, insertArgument } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import { insertLlmCall } from '../../store/llm-calls.ts';
import type { StoredTriple } from '../../store/triples.ts';
import { type ChatOutcome, outcomeColumns } from './chat-client.ts';
import {
  type GenerationPlan,
  type GenerationRequestConfig,
  generatedArgumentId,
  generationRequestParameters,
} from './generation-request.ts';

/** What storing one generation outcome did. */
export type GenerationWrite =
  | { status: 'generated'; truncated: boolean }
  /** An argument with this id was stored meanwhile (by another path): only the call was recorded. */
  | { status: 'exists' }
  | { status: 'failed'; error: string };

export interface GenerationCallContext {
  studyId: number;
  triple: StoredTriple;
  startedAt: string;
  /** The `llm_batches` row whose output answered it (batch path only). */
  batchId?: number | null;
}

/**
 * Stores one generation call's outcome — from the synchronous client or a batch output line — in one
 * transaction: the argument (id `generatedArgumentId`, text, finish_reason, output_tokens), validated
 * by the arguments schema, and the call's `llm_calls` row. A truncated answer is stored with
 * `finish_reason: "length"` (annotators flag it); an empty answer or a failed call stores no
 * argument, only the call (`rejected` / `failed`), so the triple is asked again later. When the
 * argument already exists (another path got there first) only the call is recorded.
 */
export async function writeGeneration(
  db: Db,
  config: GenerationRequestConfig,
  plan: Pick<GenerationPlan, 'cacheKey' | 'inputHash'>,
  outcome: ChatOutcome,
  context: GenerationCallContext,
): Promise<GenerationWrite> {
  const { triple } = context;
  const empty = outcome.ok && outcome.content.trim() === '';
  const error = outcome.ok ? (empty ? 'the model returned no text' : null) : outcome.error;
  const argumentId = generatedArgumentId(config.model, config.test, triple.record.id);
  return await db.transaction(async (): Promise<GenerationWrite> => {
    let argumentRowId: number | null = null;
    let write: GenerationWrite = { status: 'failed', error: error ?? '' };
    if (outcome.ok && !empty) {
      const existing = await findArgument(db, context.studyId, argumentId);
      if (existing) {
        argumentRowId = existing.rowId;
        write = { status: 'exists' };
      } else {
        const argument = argumentSchema.parse({
          id: argumentId,
          triple_id: triple.record.id,
          model: config.model,
          test: config.test,
          text: outcome.content,
          ...(outcome.finishReason ? { finish_reason: outcome.finishReason } : {}),
          ...(outcome.outputTokens !== null ? { output_tokens: outcome.outputTokens } : {}),
        });
        argumentRowId = await insertArgument(db, context.studyId, argument, triple.rowId, null);
        write = { status: 'generated', truncated: outcome.finishReason === 'length' };
      }
    }
    await insertLlmCall(db, {
      studyId: context.studyId,
      purpose: 'generate',
      cacheKey: plan.cacheKey,
      endpoint: config.endpoint,
      model: config.model,
      promptHash: config.prompt.hash,
      inputHash: plan.inputHash,
      parameters: generationRequestParameters(config),
      ...outcomeColumns(outcome),
      status: outcome.ok ? (empty ? 'rejected' : 'ok') : 'failed',
      error,
      tripleRowId: triple.rowId,
      argumentRowId,
      extractionRunId: null,
      startedAt: context.startedAt,
      batchId: context.batchId ?? null,
    });
    return write;
  });
}
