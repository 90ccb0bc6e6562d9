import { MODE_OF_TEST, type TestNumber } from '../../../shared/vocabulary.ts';
import type { Db } from '../../store/db.ts';
import { argumentIdsOfStudy, triplesArguedBy, triplesInOpenBatches } from '../../store/llm-batches.ts';
import { listTriples, type StoredTriple } from '../../store/triples.ts';
import { runPool } from '../concurrency/pool.ts';
import { InterruptedError } from '../concurrency/sleep.ts';
import { requireStudy } from '../study/studies.ts';
import { type ChatClient, FormatLadder } from './chat-client.ts';
import { type GenerationRequestConfig, generatedArgumentId, planGeneration } from './generation-request.ts';
import { writeGeneration } from './generation-writer.ts';

export interface GenerateArgumentsRequest extends GenerationRequestConfig {
  db: Db;
  study: string;
  chat: ChatClient;
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
  /** Triples a generation batch for this model and test still carries: skipped. */
  inBatch: number;
  /** Generated arguments cut off by the token limit (stored, with finish_reason "length"). */
  truncated: number;
  /** Per failed triple, why (after the last retry). */
  failures: Array<{ tripleId: string; error: string }>;
  warnings: string[];
  interrupted: boolean;
  seconds: number;
}

export { generatedArgumentId } from './generation-request.ts';

/** Which triples of the test's mode still need an argument from `model`. */
export interface GenerationSelection {
  /** The triples of the test's mode. */
  triples: StoredTriple[];
  /** Those without an argument from the model in the test, and not waiting in a batch. */
  pending: StoredTriple[];
  /** Those waiting in a generation batch for the model and test. */
  inBatch: number;
  warnings: string[];
}

/**
 * The selection rule both generation paths share: a triple of the test's mode is done when the model
 * has an argument on it in that test, or a batch for that model and test still carries it. A triple
 * whose would-be argument id is taken by another model or test is skipped with a warning.
 */
export async function generationSelection(
  db: Db,
  studyId: number,
  model: string,
  test: TestNumber,
): Promise<GenerationSelection> {
  const mode = MODE_OF_TEST[test];
  const triples = (await listTriples(db, studyId)).filter((triple) => triple.record.mode === mode);
  const done = await triplesArguedBy(db, studyId, model, test);
  const waiting = await triplesInOpenBatches(db, studyId, model, test);
  const taken = await argumentIdsOfStudy(db, studyId);
  const warnings: string[] = [];
  let inBatch = 0;
  const pending = triples.filter((triple) => {
    if (done.has(triple.rowId)) return false;
    if (waiting.has(triple.rowId)) {
      inBatch += 1;
      return false;
    }
    const id = generatedArgumentId(model, test, triple.record.id);
    if (taken.has(id)) {
      warnings.push(
        `argument "${id}" exists but belongs to another model or test; triple ${triple.record.id} skipped`,
      );
      return false;
    }
    return true;
  });
  return { triples, pending, inBatch, warnings };
}

/** A summary's counts of a selection: its triples, those skipped as argued (or id taken), those in a batch. */
export function selectionCounts({ triples, pending, inBatch }: GenerationSelection) {
  return { triples: triples.length, skipped: triples.length - pending.length - inBatch, inBatch };
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
  const study = await requireStudy(db, request.study);
  const selection = await generationSelection(db, study.id, model, test);
  const { pending, warnings } = selection;

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

  const config: GenerationRequestConfig = {
    endpoint: request.endpoint,
    model,
    test,
    prompt: request.prompt,
    temperature: request.temperature,
    maxTokens: request.maxTokens,
  };
  const generateOne = async (triple: StoredTriple): Promise<void> => {
    const plan = planGeneration(config, triple.record);
    const startedAt = new Date().toISOString();
    let outcome: Awaited<ReturnType<ChatClient['complete']>>;
    try {
      outcome = await request.chat.complete(plan.chat, ladder, signal);
    } catch (error) {
      if (error instanceof InterruptedError) return;
      throw error;
    }
    const write = await writeGeneration(db, config, plan, outcome, { studyId: study.id, triple, startedAt });
    progress.done += 1;
    progress.calls += outcome.attempts;
    progress.retries += outcome.attemptLog.length;
    if (outcome.ok) {
      progress.inputTokens += outcome.inputTokens ?? 0;
      progress.outputTokens += outcome.outputTokens ?? 0;
    }
    if (write.status === 'failed') {
      progress.failed += 1;
      failures.push({ tripleId: triple.record.id, error: write.error });
    } else {
      progress.generated += 1;
      if (write.status === 'generated' && write.truncated) truncated += 1;
    }
    request.onProgress?.(progress);
  };

  await runPool(pending, request.concurrency, generateOne, signal);
  return {
    ...progress,
    ...selectionCounts(selection),
    truncated,
    failures,
    warnings,
    interrupted: signal.aborted,
    seconds: (performance.now() - started) / 1000,
  };
}
