import { parseDistilledFactors, stripThinking } from '../../../shared/parse/distilled-factors.ts';
import type { StoredArgument } from '../../store/arguments.ts';
import type { Db } from '../../store/db.ts';
import { findCachedLlmCall, insertLlmCall, type ResponseFormatMode } from '../../store/llm-calls.ts';
import { type ChatClient, type ChatOutcome, FormatLadder, outcomeColumns } from './chat-client.ts';
import { type ExtractionInputMode, extractionInput } from './extraction-input.ts';
import { cacheKeyOf, sha256Hex } from './hash.ts';
import { extractionPromptValues, type PromptTemplate, renderPrompt } from './prompts.ts';
import type { ExtractContext, ExtractionCost, ExtractionResult, Extractor } from './run-extraction.ts';

/** The keys the study's extractor answered with, and what our JSON schema asks for. */
export const EXTRACTION_SCHEMA = {
  name: 'factor_extraction',
  schema: {
    type: 'object',
    properties: {
      'Input Case': { type: 'array', items: { type: 'string' } },
      TSC1: { type: 'array', items: { type: 'string' } },
      TSC2: { type: 'array', items: { type: 'string' } },
    },
    required: ['Input Case', 'TSC1', 'TSC2'],
    additionalProperties: false,
  },
} as const;

/** `auto` asks for json_schema and steps down when the endpoint refuses it. */
export type ResponseFormatRequest = 'auto' | ResponseFormatMode;

export interface LlmExtractorOptions {
  db: Db;
  studyId: number;
  name: string;
  chat: ChatClient;
  endpoint: string;
  model: string;
  prompt: PromptTemplate;
  temperature: number;
  maxTokens: number;
  input: ExtractionInputMode;
  responseFormat: ResponseFormatRequest;
}

/** What reading the model's answer gives: an extraction, or why the answer cannot be used. */
export type AnswerReading =
  | { ok: true; current: string[]; tsc1: string[]; tsc2: string[] }
  | { ok: false; error: string };

// After the object: nothing, or the closing fence of a ```json block.
const ENDS_AFTER_OBJECT = /[}\]]\s*(?:```\s*)?$/;

/**
 * Reads an extractor's answer with `parseDistilledFactors` (any notation the study's logs show,
 * `<think>` traces dropped). An answer cut off by the token limit (`finish_reason: "length"`) is
 * accepted only when it still parses **and** the answer ends right after the object (or its closing
 * fence): then the cut fell after a complete answer. Otherwise it is a truncated extraction — its
 * lists may lack factors the model was about to write, and counting them would score an omission
 * the argument never made.
 *
 * @example readExtractionAnswer('{"Input Case": ["F4"], "TSC1": [], "TSC2": []}', 'stop') // { ok: true, current: ['F4'], … }
 */
export function readExtractionAnswer(content: string, finishReason: string | null): AnswerReading {
  const parsed = parseDistilledFactors(content);
  if (finishReason === 'length') {
    const answer = stripThinking(content).answer;
    if (parsed.status === 'extracted' && ENDS_AFTER_OBJECT.test(answer))
      return { ok: true, current: parsed.current, tsc1: parsed.tsc1, tsc2: parsed.tsc2 };
    const why = parsed.status === 'failed' ? parsed.error : 'the answer goes on after the object';
    return { ok: false, error: `truncated extraction (finish_reason "length"): ${why}` };
  }
  if (parsed.status === 'failed') return { ok: false, error: `unreadable extraction: ${parsed.error}` };
  return { ok: true, current: parsed.current, tsc1: parsed.tsc1, tsc2: parsed.tsc2 };
}

/**
 * The LLM extractor: asks a chat endpoint for the factors an argument ascribes to each case, as
 * the study asked GPT-4.1. Requests are cached in `llm_calls` by (endpoint, model, prompt hash,
 * parameters, input hash): an answer already received is never asked for again. Every call is
 * recorded with its provenance; the extraction keeps the model's text as `raw`.
 */
export function createLlmExtractor(options: LlmExtractorOptions): Extractor & { ladder: FormatLadder } {
  const ladder = new FormatLadder(options.responseFormat === 'auto' ? 'json_schema' : options.responseFormat);
  // What shapes the answer, besides the prompt and the input: the cache key and the run record.
  const requestParameters = {
    temperature: options.temperature,
    max_tokens: options.maxTokens,
    input: options.input,
    response_format: options.responseFormat,
  };
  const parameters = {
    model: options.model,
    endpoint: options.endpoint,
    prompt_hash: options.prompt.hash,
    ...requestParameters,
  };

  async function extract(argument: StoredArgument, context: ExtractContext): Promise<ExtractionResult> {
    const input = extractionInput(argument.record.text, options.input);
    const inputHash = sha256Hex(input);
    const cacheKey = cacheKeyOf({
      purpose: 'extract',
      endpoint: options.endpoint,
      model: options.model,
      promptHash: options.prompt.hash,
      parameters: requestParameters,
      inputHash,
    });
    const cached = findCachedLlmCall(options.db, cacheKey);
    if (cached && cached.content !== null) {
      const reading = readExtractionAnswer(cached.content, cached.finishReason);
      const cost: ExtractionCost = { calls: 0, cacheHit: true, retries: 0, inputTokens: 0, outputTokens: 0 };
      if (reading.ok) return { status: 'extracted', ...pick(reading), raw: cached.content, cost };
    }

    const startedAt = new Date().toISOString();
    const outcome: ChatOutcome = await options.chat.complete(
      {
        model: options.model,
        messages: renderPrompt(options.prompt, extractionPromptValues(input)),
        temperature: options.temperature,
        maxTokens: options.maxTokens,
        jsonSchema: { name: EXTRACTION_SCHEMA.name, schema: EXTRACTION_SCHEMA.schema },
      },
      ladder,
      context.signal,
    );
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
    const alsoWrite = () => {
      insertLlmCall(options.db, {
        studyId: options.studyId,
        purpose: 'extract',
        cacheKey,
        endpoint: options.endpoint,
        model: options.model,
        promptHash: options.prompt.hash,
        inputHash,
        parameters: requestParameters,
        ...outcomeColumns(outcome),
        status: outcome.ok ? (reading.ok ? 'ok' : 'rejected') : 'failed',
        error: reading.ok ? null : reading.error,
        tripleRowId: null,
        argumentRowId: argument.rowId,
        extractionRunId: context.runId,
        startedAt,
      });
    };
    const raw = outcome.ok ? { raw: outcome.content } : {};
    if (!reading.ok) return { status: 'failed', error: reading.error, ...raw, cost, alsoWrite };
    return { status: 'extracted', ...pick(reading), ...raw, cost, alsoWrite };
  }

  return {
    name: options.name,
    kind: 'llm',
    version: null,
    parameters,
    extract,
    ladder,
  };
}

function pick(reading: { current: string[]; tsc1: string[]; tsc2: string[] }) {
  return { current: reading.current, tsc1: reading.tsc1, tsc2: reading.tsc2 };
}
