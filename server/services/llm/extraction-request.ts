import type { ResponseFormatMode } from '../../store/llm-calls.ts';
import type { ChatRequest } from './chat-request.ts';
import { type ExtractionInputMode, extractionInput } from './extraction-input.ts';
import { cacheKeyOf, sha256Hex } from './hash.ts';
import { extractionPromptValues, type PromptTemplate, renderPrompt } from './prompts.ts';

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

/** How an extraction request is made: the same for the synchronous and the batch path. */
export interface ExtractionRequestConfig {
  endpoint: string;
  model: string;
  prompt: PromptTemplate;
  temperature: number;
  maxTokens: number;
  input: ExtractionInputMode;
  responseFormat: ResponseFormatRequest;
}

/** The structured-output mode a run starts in: `auto` starts at json_schema. */
export function startingFormat(request: ResponseFormatRequest): ResponseFormatMode {
  return request === 'auto' ? 'json_schema' : request;
}

/**
 * What shapes the answer besides the prompt and the input: part of the cache key and recorded on
 * every call. `response_format` is the one *requested* (`auto` included), so a run that fell back to
 * json_object and a batch that asked for json_schema share their cache.
 */
export function extractionRequestParameters(config: ExtractionRequestConfig) {
  return {
    temperature: config.temperature,
    max_tokens: config.maxTokens,
    input: config.input,
    response_format: config.responseFormat,
  };
}

/**
 * The parameters of an extraction run (model, endpoint, prompt hash and the request parameters): an
 * argument extracted by a run with equal parameters is not asked for again, whichever path ran it.
 */
export function extractionRunParameters(config: ExtractionRequestConfig): Record<string, unknown> {
  return {
    model: config.model,
    endpoint: config.endpoint,
    prompt_hash: config.prompt.hash,
    ...extractionRequestParameters(config),
  };
}

/** One argument's extraction request: what the extractor is shown, its hashes and the chat request. */
export interface ExtractionPlan {
  input: string;
  inputHash: string;
  cacheKey: string;
  chat: ChatRequest;
}

/**
 * The request for one argument's text: the input by `config.input` (the study's last ```json block
 * by default), its SHA-256, the cache key over (endpoint, model, prompt hash, request parameters,
 * input hash), and the rendered messages with the extraction schema.
 */
export function planExtraction(config: ExtractionRequestConfig, argumentText: string): ExtractionPlan {
  const input = extractionInput(argumentText, config.input);
  const inputHash = sha256Hex(input);
  const cacheKey = cacheKeyOf({
    purpose: 'extract',
    endpoint: config.endpoint,
    model: config.model,
    promptHash: config.prompt.hash,
    parameters: extractionRequestParameters(config),
    inputHash,
  });
  return {
    input,
    inputHash,
    cacheKey,
    chat: {
      model: config.model,
      messages: renderPrompt(config.prompt, extractionPromptValues(input)),
      temperature: config.temperature,
      maxTokens: config.maxTokens,
      jsonSchema: { name: EXTRACTION_SCHEMA.name, schema: EXTRACTION_SCHEMA.schema },
    },
  };
}
