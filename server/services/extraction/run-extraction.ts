import { canonicalJson } from '../../../shared/canonical-json.ts';
import { errors } from '../../errors.ts';
import { listArguments } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import { extractionStatesOfExtractor } from '../../store/extractions.ts';
import {
  type ExtractorRow,
  ensureExtractor,
  findExtractor,
  finishExtractionRun,
  insertExtractionRun,
} from '../../store/extractors.ts';
import { argumentsInOpenBatches } from '../../store/llm-batches.ts';
import { latestSample, listSampleItems } from '../../store/samples.ts';
import type { StudyRow } from '../../store/studies.ts';
import { runPool } from '../concurrency/pool.ts';
import { InterruptedError } from '../concurrency/sleep.ts';
import { requireStudy } from '../study/studies.ts';
import { writeExtraction } from './extraction-writer.ts';
import type { ExtractionResult, Extractor } from './extractor.ts';

export interface ExtractionProgress {
  done: number;
  total: number;
  extracted: number;
  failed: number;
  calls: number;
  cacheHits: number;
  retries: number;
  inputTokens: number;
  outputTokens: number;
}

export interface RunExtractionRequest {
  db: Db;
  study: string;
  extractor: Extractor;
  /** Most arguments under way at once (for an LLM extractor: most calls in flight). */
  concurrency: number;
  /** Only arguments of the study's latest sample. */
  onlySampled?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: ExtractionProgress) => void;
}

export interface ExtractionSummary extends ExtractionProgress {
  extractor: string;
  /** The run row, or null when there was nothing to do (then no run is recorded). */
  runId: number | null;
  /** Arguments considered (after --only-sampled). */
  considered: number;
  /** Already extracted with the same parameters: skipped. */
  skipped: number;
  /** Waiting for a batch of this extractor: skipped (collect the batch instead). */
  inBatch: number;
  /** Per failed argument, why. */
  failures: Array<{ argumentId: string; error: string }>;
  interrupted: boolean;
  seconds: number;
}

/** Whether a stored extraction was made by a run with these parameters (`canonical`: canonicalJson of them). */
function sameParameters(stored: string | null, canonical: string): boolean {
  if (stored === null) return false;
  try {
    return canonicalJson(JSON.parse(stored)) === canonical;
  } catch {
    return false;
  }
}

/**
 * The extractor's row in the study, created on first use. An extractor name already used by another
 * kind (an imported "gpt-4.1") is refused, so a run cannot overwrite imported output.
 */
export async function extractorRowFor(
  db: Db,
  study: StudyRow,
  extractor: Pick<Extractor, 'name' | 'kind' | 'version'>,
): Promise<ExtractorRow> {
  const existing = await findExtractor(db, study.id, extractor.name);
  if (existing && existing.kind !== extractor.kind)
    throw errors.conflict(
      `study "${study.name}" already has an extractor "${extractor.name}" of kind ${existing.kind}; ` +
        `choose another name (--name) so that its extractions are not overwritten`,
    );
  return existing ?? (await ensureExtractor(db, study.id, extractor.name, extractor.kind, extractor.version));
}

/** Which arguments a run considers and which of them it has nothing left to do for. */
export interface ExtractionSelection {
  /** The latest sample's arguments with --only-sampled, else null (all arguments). */
  sampled: ReadonlySet<number> | null;
  /** Already extracted by a run with these parameters: skipped. */
  extracted(argumentRowId: number): boolean;
  /** Waiting for a batch of this extractor (submitted, not collected): skipped, not asked twice. */
  inBatch(argumentRowId: number): boolean;
}

/**
 * The selection rule every extraction path shares: an argument is done when its stored extraction
 * by this extractor is `extracted` by a run with equal parameters (failed ones, and ones made with
 * other parameters, are done again) or when a batch of this extractor still carries it.
 */
export async function extractionSelection(
  db: Db,
  study: StudyRow,
  extractorId: number,
  parameters: Record<string, unknown>,
  onlySampled: boolean,
): Promise<ExtractionSelection> {
  let sampled: Set<number> | null = null;
  if (onlySampled) {
    const sample = await latestSample(db, study.id);
    if (!sample)
      throw errors.validation(`study "${study.name}" has no sample yet; draw one or drop --only-sampled`);
    sampled = new Set((await listSampleItems(db, sample.id)).map((item) => item.argumentRowId));
  }
  const states = await extractionStatesOfExtractor(db, extractorId);
  const canonical = canonicalJson(parameters);
  const waiting = await argumentsInOpenBatches(db, extractorId);
  return {
    sampled,
    extracted(argumentRowId) {
      const state = states.get(argumentRowId);
      return state?.status === 'extracted' && sameParameters(state.runParameters, canonical);
    },
    inBatch: (argumentRowId) => waiting.has(argumentRowId),
  };
}

/**
 * Runs an extractor over a study's arguments and stores what it says, resumably:
 * - arguments already **extracted** by this extractor in a run with the same parameters are
 *   skipped, and so are those a batch of this extractor still carries; failed ones, and ones
 *   extracted with other parameters, are done again;
 * - one `extraction_runs` row records the run and its parameters (none when nothing is left to
 *   do); `finished_at` stays empty if the run was interrupted;
 * - each result is validated by the extractions schema and written as soon as it arrives
 *   (`writeExtraction`, shared with the batch path), so a Ctrl-C (the `signal`) loses only the items
 *   under way; a failed result is stored as `failed` with its error, never as an empty extraction;
 * - an extractor name already used by another kind (an imported "gpt-4.1") is refused, so a run
 *   cannot overwrite imported output.
 */
export async function runExtraction(request: RunExtractionRequest): Promise<ExtractionSummary> {
  const { db, extractor } = request;
  const started = performance.now();
  const study = await requireStudy(db, request.study);
  const row = await extractorRowFor(db, study, extractor);
  const selection = await extractionSelection(
    db,
    study,
    row.id,
    extractor.parameters,
    request.onlySampled ?? false,
  );
  const sampled = selection.sampled;
  const candidates = (await listArguments(db, study.id)).filter(
    (argument) => sampled === null || sampled.has(argument.rowId),
  );
  const waiting = candidates.filter((argument) => selection.inBatch(argument.rowId)).length;
  const pending = candidates.filter(
    (argument) => !selection.extracted(argument.rowId) && !selection.inBatch(argument.rowId),
  );

  const progress: ExtractionProgress = {
    done: 0,
    total: pending.length,
    extracted: 0,
    failed: 0,
    calls: 0,
    cacheHits: 0,
    retries: 0,
    inputTokens: 0,
    outputTokens: 0,
  };
  const failures: ExtractionSummary['failures'] = [];
  const summary = (runId: number | null, interrupted: boolean): ExtractionSummary => ({
    ...progress,
    extractor: extractor.name,
    runId,
    considered: candidates.length,
    skipped: candidates.length - pending.length - waiting,
    inBatch: waiting,
    failures,
    interrupted,
    seconds: (performance.now() - started) / 1000,
  });
  if (pending.length === 0) return summary(null, false);

  const runId = await insertExtractionRun(db, row.id, extractor.parameters, null);
  const signal = request.signal ?? new AbortController().signal;
  request.onProgress?.(progress);
  await runPool(
    pending,
    request.concurrency,
    async (argument) => {
      let result: ExtractionResult;
      try {
        result = await extractor.extract(argument, { runId, signal });
      } catch (error) {
        if (error instanceof InterruptedError) return;
        throw error;
      }
      const extraction = await writeExtraction(
        db,
        {
          argumentRowId: argument.rowId,
          argumentId: argument.record.id,
          extractorId: row.id,
          extractorName: extractor.name,
          runId,
        },
        result,
      );
      const { cost } = result;
      progress.done += 1;
      if (extraction.status === 'extracted') progress.extracted += 1;
      else {
        progress.failed += 1;
        failures.push({ argumentId: argument.record.id, error: extraction.error ?? 'failed' });
      }
      if (cost) {
        progress.calls += cost.calls;
        progress.cacheHits += cost.cacheHit ? 1 : 0;
        progress.retries += cost.retries;
        progress.inputTokens += cost.inputTokens;
        progress.outputTokens += cost.outputTokens;
      }
      request.onProgress?.(progress);
    },
    signal,
  );
  const interrupted = signal.aborted;
  if (!interrupted) await finishExtractionRun(db, runId);
  return summary(runId, interrupted);
}
