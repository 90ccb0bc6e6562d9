import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { ResponseFormatMode } from '../../store/llm-calls.ts';
import type { ChatMessage } from './prompts.ts';

/** One chat request as the steps build it; `chatCompletionBody` turns it into the wire body. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  /** The JSON schema asked for in `json_schema` mode. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
}

/**
 * The body of `POST /v1/chat/completions` for a request in a structured-output mode: what the
 * synchronous client sends and what a batch file line carries, so the two paths ask the same thing.
 * `text` sends no `response_format`; `json_schema` needs the request's schema (strict).
 *
 * @example chatCompletionBody({ model: 'm', messages: [], temperature: 0, maxTokens: 5 }, 'json_object')
 * // { model: 'm', messages: [], temperature: 0, max_tokens: 5, response_format: { type: 'json_object' } }
 */
export function chatCompletionBody(
  request: ChatRequest,
  mode: ResponseFormatMode,
): ChatCompletionCreateParamsNonStreaming {
  const body: ChatCompletionCreateParamsNonStreaming = {
    model: request.model,
    messages: request.messages,
    temperature: request.temperature,
    max_tokens: request.maxTokens,
  };
  if (mode === 'json_object') body.response_format = { type: 'json_object' };
  if (mode === 'json_schema') {
    if (!request.jsonSchema) throw new Error('json_schema mode needs a schema');
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: request.jsonSchema.name, strict: true, schema: request.jsonSchema.schema },
    };
  }
  return body;
}

// What we need of a completion; anything else in the body is kept in the raw response only.
const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1, 'has no choices'),
  usage: z.object({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() }).nullish(),
});

/** The answer a chat completion carries: what the call stores of it besides the raw body. */
export interface CompletionAnswer {
  content: string;
  finishReason: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
}

/** What a chat completion body says, or why it is not one. */
export type CompletionReading =
  | (CompletionAnswer & {
      ok: true;
      /** The body as JSON text: stored as the call's raw response. */
      raw: string;
    })
  | { ok: false; message: string };

/**
 * Reads a chat completion body (already parsed from JSON) from a synchronous answer or from a batch
 * output line, with one schema, so both paths store the same content, finish reason and tokens.
 * A body without choices, or not an object, is "malformed" with the first problem named.
 */
export function readCompletion(body: unknown): CompletionReading {
  const parsed = completionSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      message:
        typeof body === 'object' && body !== null
          ? `the body is not a chat completion (${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'})`
          : 'the body is not JSON',
    };
  }
  const choice = parsed.data.choices[0];
  const usage = parsed.data.usage;
  return {
    ok: true,
    content: choice?.message.content ?? '',
    finishReason: choice?.finish_reason ?? null,
    inputTokens: usage?.prompt_tokens ?? null,
    outputTokens: usage?.completion_tokens ?? null,
    raw: JSON.stringify(body),
  };
}

/**
 * The error text of a call refused with an HTTP status, as every path records it:
 * `HTTP 401: bad key`, or `HTTP 500 after 7 attempts: overloaded` when retries came before.
 */
export function httpErrorText(status: number | null, message: string, attempts = 1): string {
  const after = attempts === 1 ? '' : ` after ${attempts} attempts`;
  return `HTTP ${status}${after}: ${message}`;
}

/** "malformed response: …" (with "after N attempts" when retried). */
export function malformedErrorText(message: string, attempts = 1): string {
  const after = attempts === 1 ? '' : ` after ${attempts} attempts`;
  return `malformed response${after}: ${message}`;
}
