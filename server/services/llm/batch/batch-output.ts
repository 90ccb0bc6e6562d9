import { z } from 'zod';
import type { ResponseFormatMode } from '../../../store/llm-calls.ts';
import type { ChatOutcome } from '../chat-client.ts';
import { httpErrorText, malformedErrorText, readCompletion } from '../chat-request.ts';

// One line of a batch output or error file (OpenAI's "request output" format; vLLM writes the same):
//   {"id", "custom_id", "response": {"status_code", "request_id", "body"} | null, "error": {"code", "message"} | null}
// A request that ran has a response (its body a chat completion, or an error object for a non-2xx
// status); one that never ran (the batch expired or was cancelled first) has only an error.
const batchOutputLineSchema = z.object({
  custom_id: z.string().min(1),
  response: z
    .object({
      status_code: z.number().int(),
      request_id: z.string().nullish(),
      body: z.unknown(),
    })
    .nullish(),
  error: z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
});

// The error object of a refused request's body: {"error": {"message", "type", "code"}}.
const errorBodySchema = z.object({ error: z.object({ message: z.string().nullish() }).nullish() });

/** What one output line says happened to its request. */
export type BatchLineResult =
  /** The request ran: a chat completion (2xx) or the endpoint's refusal. */
  | { kind: 'ran'; statusCode: number; body: unknown }
  /** The request never ran (batch_expired, batch_cancelled, …). */
  | { kind: 'not_run'; reason: string };

export type BatchLineReading =
  | { ok: true; customId: string; result: BatchLineResult }
  | { ok: false; error: string };

/**
 * Reads one line of a batch output or error file, validated by its schema; a line that is not JSON,
 * not the format, or says neither a response nor an error is refused with why (the collector counts
 * such lines and names the first).
 */
export function readBatchOutputLine(line: string): BatchLineReading {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { ok: false, error: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = batchOutputLineSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: `not a batch output line (${issue?.path.join('.') || 'line'}: ${issue?.message})`,
    };
  }
  const { custom_id: customId, response, error } = parsed.data;
  if (response)
    return {
      ok: true,
      customId,
      result: { kind: 'ran', statusCode: response.status_code, body: response.body },
    };
  if (error) {
    const reason = [error.code, error.message].filter((part) => part).join(': ') || 'no reason given';
    return { ok: true, customId, result: { kind: 'not_run', reason } };
  }
  return { ok: false, error: `line for ${customId} has neither a response nor an error` };
}

/**
 * The outcome a request that ran gives, in the terms of the synchronous client, so the same writer
 * stores both: a 2xx body read by `readCompletion` (a body that is not a chat completion is a
 * malformed response), every other status an HTTP error with the body's message. A batch request is
 * one attempt (the provider's own retries are not reported) and has no latency of its own.
 */
export function outcomeOfBatchLine(
  result: Extract<BatchLineResult, { kind: 'ran' }>,
  responseFormat: ResponseFormatMode,
): ChatOutcome {
  const common = { attempts: 1, attemptLog: [], responseFormat, latencyMs: null };
  if (result.statusCode >= 200 && result.statusCode < 300) {
    const reading = readCompletion(result.body);
    if (reading.ok)
      return {
        ok: true,
        ...common,
        content: reading.content,
        finishReason: reading.finishReason,
        inputTokens: reading.inputTokens,
        outputTokens: reading.outputTokens,
        rawResponse: reading.raw,
      };
    return { ok: false, ...common, error: malformedErrorText(reading.message), httpStatus: null };
  }
  const parsed = errorBodySchema.safeParse(result.body);
  const message = (parsed.success ? parsed.data.error?.message : null) || `status ${result.statusCode}`;
  return {
    ok: false,
    ...common,
    error: httpErrorText(result.statusCode, message),
    httpStatus: result.statusCode,
  };
}
