import type { Triple } from '../../../shared/schemas/triple.ts';
import type { TestNumber } from '../../../shared/vocabulary.ts';
import type { ChatRequest } from './chat-request.ts';
import { cacheKeyOf, sha256Hex } from './hash.ts';
import { argumentPromptValues, type PromptTemplate, renderPrompt } from './prompts.ts';

/** How an argument-generation request is made: the same for the synchronous and the batch path. */
export interface GenerationRequestConfig {
  endpoint: string;
  model: string;
  test: TestNumber;
  prompt: PromptTemplate;
  temperature: number;
  maxTokens: number;
}

/** What shapes the answer besides the prompt and the input: part of the cache key, recorded on every call. */
export function generationRequestParameters(
  config: Pick<GenerationRequestConfig, 'temperature' | 'maxTokens'>,
) {
  return { temperature: config.temperature, max_tokens: config.maxTokens };
}

/** The id of the argument `model` writes for a triple in a test: `${model}-test${test}-${tripleId}`. */
export function generatedArgumentId(model: string, test: TestNumber, tripleId: string): string {
  return `${model}-test${test}-${tripleId}`;
}

/** One triple's generation request: the rendered messages, their hash, the cache key and the chat request. */
export interface GenerationPlan {
  inputHash: string;
  cacheKey: string;
  chat: ChatRequest;
}

/**
 * The request for one triple: the prompt filled with the triple's values (the study's scenario
 * block, the cases' labels, the outcomes), the SHA-256 of the rendered messages, and the cache key
 * over (endpoint, model, prompt hash, temperature and max tokens, input hash). No
 * `response_format`: the study's models wrote free text.
 */
export function planGeneration(config: GenerationRequestConfig, triple: Triple): GenerationPlan {
  const messages = renderPrompt(config.prompt, argumentPromptValues(triple));
  const inputHash = sha256Hex(JSON.stringify(messages));
  const cacheKey = cacheKeyOf({
    purpose: 'generate',
    endpoint: config.endpoint,
    model: config.model,
    promptHash: config.prompt.hash,
    parameters: generationRequestParameters(config),
    inputHash,
  });
  return {
    inputHash,
    cacheKey,
    chat: { model: config.model, messages, temperature: config.temperature, maxTokens: config.maxTokens },
  };
}
