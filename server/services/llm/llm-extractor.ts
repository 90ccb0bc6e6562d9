import type { StoredArgument } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import type { ExtractContext, ExtractionResult, Extractor } from '../extraction/extractor.ts';
import { type ChatClient, FormatLadder } from './chat-client.ts';
import { extractionFromCache, extractionFromOutcome } from './extraction-outcome.ts';
import {
  type ExtractionRequestConfig,
  extractionRunParameters,
  planExtraction,
  startingFormat,
} from './extraction-request.ts';

export { type AnswerReading, readExtractionAnswer } from './extraction-answer.ts';
export { EXTRACTION_SCHEMA, type ResponseFormatRequest } from './extraction-request.ts';

export interface LlmExtractorOptions extends ExtractionRequestConfig {
  db: Db;
  studyId: number;
  name: string;
  chat: ChatClient;
}

/**
 * The LLM extractor: asks a chat endpoint for the factors an argument ascribes to each case, as
 * the study asked GPT-4.1. Requests are cached in `llm_calls` by (endpoint, model, prompt hash,
 * parameters, input hash): an answer already received is never asked for again. Every call is
 * recorded with its provenance; the extraction keeps the model's text as `raw`. The request is
 * built by `planExtraction` and the answer stored by `extractionFromOutcome`, as on the batch path.
 */
export function createLlmExtractor(options: LlmExtractorOptions): Extractor & { ladder: FormatLadder } {
  const ladder = new FormatLadder(startingFormat(options.responseFormat));

  async function extract(argument: StoredArgument, context: ExtractContext): Promise<ExtractionResult> {
    const plan = planExtraction(options, argument.record.text);
    const cached = await extractionFromCache(options.db, plan.cacheKey);
    if (cached) return cached;
    const startedAt = new Date().toISOString();
    const outcome = await options.chat.complete(plan.chat, ladder, context.signal);
    return extractionFromOutcome(options.db, options, plan, outcome, {
      studyId: options.studyId,
      argumentRowId: argument.rowId,
      runId: context.runId,
      startedAt,
    });
  }

  return {
    name: options.name,
    kind: 'llm',
    version: null,
    parameters: extractionRunParameters(options),
    extract,
    ladder,
  };
}
