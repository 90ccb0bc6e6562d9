import { argumentSchema } from '../../../shared/schemas/argument.ts';
import { MODE_OF_TEST, type TestNumber } from '../../../shared/vocabulary.ts';
import { findArgument, insertArgument, listArguments } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import { insertLlmCall } from '../../store/llm-calls.ts';
import { listTriples, type StoredTriple } from '../../store/triples.ts';
import { requireStudy } from '../studies.ts';
import { type ChatClient, FormatLadder, outcomeColumns } from './chat-client.ts';
import { cacheKeyOf, sha256Hex } from './hash.ts';
import { runPool } from './pool.ts';
import { argumentPromptValues, type PromptTemplate, renderPrompt } from './prompts.ts';
import { InterruptedError } from './sleep.ts';

export interface GenerateArgumentsRequest {
  db: Db;
  study: string;
  chat: ChatClient;
  endpoint: string;
  model: string;
  test: TestNumber;
  prompt: PromptTemplate;
  temperature: number;
  maxTokens: number;
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: (progress: GenerationProgress) => void;
}

export interface GenerationProgress {
  done: number;
  total: number;
  generated: number;
  failed: number;
  calls: number;
  retries: number;
  inputTokens: number;
  outputTokens: number;
}

export interface GenerationSummary extends GenerationProgress {
  /** Triples of the test's mode in the study. */
  triples: number;
  /** Triples that already had an argument from this model in this test. */
  skipped: number;
  /** Generated arguments cut off by the token limit (stored, with finish_reason "length"). */
  truncated: number;
  /** Per failed triple, why (after the last retry). */
  failures: Array<{ tripleId: string; error: string }>;
  warnings: string[];
  interrupted: boolean;
  seconds: number;
}

/** The id of the argument `model` writes for a triple in a test: `${model}-test${test}-${tripleId}`. */
export function generatedArgumentId(model: string, test: TestNumber, tripleId: string): string {
  return `${model}-test${test}-${tripleId}`;
}

/**
 * Asks `model` for one 3-ply argument per triple of the test's mode (1 arguable, 2 reordered,
 * 3 non-arguable) that has no argument from that model in that test yet, `concurrency` at a time.
 * Each answer is stored at once, in one transaction with its `llm_calls` provenance row: the
 * argument (id `generatedArgumentId`, text, finish_reason, output_tokens) and the call (tokens,
 * latency, prompt hash, parameters, endpoint, model, raw response). A truncated answer is stored
 * with `finish_reason: "length"` (annotators flag it); an empty answer or a call that failed after
 * its retries stores no argument, only the failed call, so a rerun tries that triple again. Ctrl-C
 * (the `signal`) stops at once; a rerun continues where it stopped.
 */
export async function generateArguments(request: GenerateArgumentsRequest): Promise<GenerationSummary> {
  const { db, test, model } = request;
  const started = performance.now();
  const study = requireStudy(db, request.study);
  const mode = MODE_OF_TEST[test];
  const triples = listTriples(db, study.id).filter((triple) => triple.record.mode === mode);
  const done = new Set(
    listArguments(db, study.id)
      .filter((argument) => argument.record.model === model && argument.record.test === test)
      .map((argument) => argument.tripleRowId),
  );
  const warnings: string[] = [];
  const pending = triples.filter((triple) => {
    if (done.has(triple.rowId)) return false;
    const id = generatedArgumentId(model, test, triple.record.id);
    if (findArgument(db, study.id, id)) {
      warnings.push(
        `argument "${id}" exists but belongs to another model or test; triple ${triple.record.id} skipped`,
      );
      return false;
    }
    return true;
  });

  const requestParameters = { temperature: request.temperature, max_tokens: request.maxTokens };
  const progress: GenerationProgress = {
    done: 0,
    total: pending.length,
    generated: 0,
    failed: 0,
    calls: 0,
    retries: 0,
    inputTokens: 0,
    outputTokens: 0,
  };
  const failures: GenerationSummary['failures'] = [];
  let truncated = 0;
  const ladder = new FormatLadder('text');
  const signal = request.signal ?? new AbortController().signal;
  request.onProgress?.(progress);

  const generateOne = async (triple: StoredTriple): Promise<void> => {
    const values = argumentPromptValues(triple.record);
    const messages = renderPrompt(request.prompt, values);
    const inputHash = sha256Hex(JSON.stringify(messages));
    const cacheKey = cacheKeyOf({
      purpose: 'generate',
      endpoint: request.endpoint,
      model,
      promptHash: request.prompt.hash,
      parameters: requestParameters,
      inputHash,
    });
    const startedAt = new Date().toISOString();
    let outcome: Awaited<ReturnType<ChatClient['complete']>>;
    try {
      outcome = await request.chat.complete(
        { model, messages, temperature: request.temperature, maxTokens: request.maxTokens },
        ladder,
        signal,
      );
    } catch (error) {
      if (error instanceof InterruptedError) return;
      throw error;
    }
    const empty = outcome.ok && outcome.content.trim() === '';
    const error = outcome.ok ? (empty ? 'the model returned no text' : null) : outcome.error;
    const argumentId = generatedArgumentId(model, test, triple.record.id);
    db.transaction(() => {
      let argumentRowId: number | null = null;
      if (outcome.ok && !empty) {
        const argument = argumentSchema.parse({
          id: argumentId,
          triple_id: triple.record.id,
          model,
          test,
          text: outcome.content,
          ...(outcome.finishReason ? { finish_reason: outcome.finishReason } : {}),
          ...(outcome.outputTokens !== null ? { output_tokens: outcome.outputTokens } : {}),
        });
        argumentRowId = insertArgument(db, study.id, argument, triple.rowId, null);
      }
      insertLlmCall(db, {
        studyId: study.id,
        purpose: 'generate',
        cacheKey,
        endpoint: request.endpoint,
        model,
        promptHash: request.prompt.hash,
        inputHash,
        parameters: requestParameters,
        ...outcomeColumns(outcome),
        status: outcome.ok ? (empty ? 'rejected' : 'ok') : 'failed',
        error,
        tripleRowId: triple.rowId,
        argumentRowId,
        extractionRunId: null,
        startedAt,
      });
    });
    progress.done += 1;
    progress.calls += outcome.attempts;
    progress.retries += outcome.attemptLog.length;
    if (outcome.ok) {
      progress.inputTokens += outcome.inputTokens ?? 0;
      progress.outputTokens += outcome.outputTokens ?? 0;
    }
    if (error === null) {
      progress.generated += 1;
      if (outcome.ok && outcome.finishReason === 'length') truncated += 1;
    } else {
      progress.failed += 1;
      failures.push({ tripleId: triple.record.id, error });
    }
    request.onProgress?.(progress);
  };

  await runPool(pending, request.concurrency, generateOne, signal);
  return {
    ...progress,
    triples: triples.length,
    skipped: triples.length - pending.length,
    truncated,
    failures,
    warnings,
    interrupted: signal.aborted,
    seconds: (performance.now() - started) / 1000,
  };
}
