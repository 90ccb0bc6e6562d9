import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { AttemptRecord, ResponseFormatMode } from '../../store/llm-calls.ts';
import { InterruptedError, sleep } from '../concurrency/sleep.ts';
import { type BackoffPolicy, retryAfterMs, retryWaitMs } from './backoff.ts';
import {
  type ChatRequest,
  type CompletionAnswer,
  chatCompletionBody,
  httpErrorText,
  malformedErrorText,
  readCompletion,
} from './chat-request.ts';
import { type StartLimiter, UNLIMITED } from './rate-limiter.ts';

export interface ChatClientOptions {
  /** The endpoint's OpenAI-compatible base URL, e.g. https://api.openai.com/v1. */
  baseURL: string;
  apiKey: string;
  /** Per attempt: no complete answer within this many ms aborts the attempt (then retried). */
  timeoutMs: number;
  /** Retries after the first attempt for 408/409/429/5xx, timeouts, connection errors, malformed bodies. */
  maxRetries: number;
  backoff: BackoffPolicy;
  /** Paces attempt starts (every attempt, retries included); shared by all calls of a run. */
  limiter?: StartLimiter;
  random?: () => number;
}

export type { ChatRequest } from './chat-request.ts';

export type ChatOutcome =
  | (CompletionAnswer & {
      ok: true;
      /** The answering attempt's duration (null for a batch request: the provider does not say). */
      latencyMs: number | null;
      attempts: number;
      attemptLog: AttemptRecord[];
      responseFormat: ResponseFormatMode;
      rawResponse: string;
    })
  | {
      ok: false;
      error: string;
      httpStatus: number | null;
      latencyMs: number | null;
      attempts: number;
      attemptLog: AttemptRecord[];
      responseFormat: ResponseFormatMode;
    };

const FORMAT_ORDER: readonly ResponseFormatMode[] = ['json_schema', 'json_object', 'text'];

/**
 * The structured-output mode a run asks for, remembered across its calls. It starts at the mode
 * requested; a call whose request is refused with HTTP 400 steps down (json_schema → json_object →
 * text) and, once a lower mode gets an answer, `settle` makes it the run's mode, so later calls do
 * not pay for the refused attempts again. A ladder that starts at `text` never asks for JSON output.
 */
export class FormatLadder {
  private mode: ResponseFormatMode;
  constructor(readonly start: ResponseFormatMode) {
    this.mode = start;
  }
  current(): ResponseFormatMode {
    return this.mode;
  }
  /** The mode below `mode`, or null below text. */
  static below(mode: ResponseFormatMode): ResponseFormatMode | null {
    return FORMAT_ORDER[FORMAT_ORDER.indexOf(mode) + 1] ?? null;
  }
  /** `mode` answered: never go back above it in this run. */
  settle(mode: ResponseFormatMode): void {
    if (FORMAT_ORDER.indexOf(mode) > FORMAT_ORDER.indexOf(this.mode)) this.mode = mode;
  }
}

type Failure = {
  kind: 'http' | 'timeout' | 'connection' | 'malformed' | 'unexpected';
  status: number | null;
  message: string;
  serverWaitMs: number | null;
};

type AttemptResult =
  | { ok: true; completion: Extract<ReturnType<typeof readCompletion>, { ok: true }> }
  | { ok: false; failure: Failure };

/** 408 (timeout), 409 (lock), 429 (rate limit) and every 5xx are worth another try; other 4xx are not. */
function retryable(failure: Failure): boolean {
  if (failure.kind !== 'http') return failure.kind !== 'unexpected';
  const status = failure.status ?? 0;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

function describeFailure(failure: Failure, attempts: number, timeoutMs: number): string {
  const after = attempts === 1 ? '' : ` after ${attempts} attempts`;
  switch (failure.kind) {
    case 'http':
      return httpErrorText(failure.status, failure.message, attempts);
    case 'timeout':
      return `no answer within ${timeoutMs} ms${after}`;
    case 'connection':
      return `connection failed${after}: ${failure.message}`;
    case 'malformed':
      return malformedErrorText(failure.message, attempts);
    case 'unexpected':
      return `unexpected error${after}: ${failure.message}`;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One OpenAI-compatible chat endpoint, through the `openai` client with its own retries turned off
 * (`maxRetries: 0`): this class retries, so that it can honour Retry-After, pace starts, log every
 * attempt and stop on Ctrl-C.
 */
export class ChatClient {
  private readonly client: OpenAI;
  private readonly limiter: StartLimiter;
  private readonly random: () => number;

  constructor(private readonly options: ChatClientOptions) {
    this.client = new OpenAI({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      maxRetries: 0,
      timeout: options.timeoutMs,
    });
    this.limiter = options.limiter ?? UNLIMITED;
    this.random = options.random ?? Math.random;
  }

  /**
   * One logical call: attempts until an answer, a failure that is not worth retrying, or the last
   * retry. A 400 to a request asking for structured output steps the `ladder` down and tries again
   * at once (not counted as a retry). Never throws for what the endpoint does; rejects with
   * `InterruptedError` when `signal` aborts.
   */
  async complete(request: ChatRequest, ladder: FormatLadder, signal?: AbortSignal): Promise<ChatOutcome> {
    let mode = ladder.current();
    let attempts = 0;
    let retries = 0;
    const attemptLog: AttemptRecord[] = [];
    for (;;) {
      await this.limiter.acquire(signal);
      attempts += 1;
      const started = performance.now();
      const result = await this.attempt(request, mode, signal);
      const latencyMs = Math.round(performance.now() - started);
      if (result.ok) {
        ladder.settle(mode);
        const { content, finishReason, inputTokens, outputTokens, raw } = result.completion;
        return {
          ok: true,
          content,
          finishReason,
          inputTokens,
          outputTokens,
          latencyMs,
          attempts,
          attemptLog,
          responseFormat: mode,
          rawResponse: raw,
        };
      }
      const { failure } = result;
      const lower = FormatLadder.below(mode);
      if (failure.kind === 'http' && failure.status === 400 && lower !== null) {
        attemptLog.push({ error: failure.message, status: 400, waitMs: 0, responseFormat: mode });
        mode = lower;
        continue;
      }
      if (!retryable(failure) || retries >= this.options.maxRetries) {
        return {
          ok: false,
          error: describeFailure(failure, attempts, this.options.timeoutMs),
          httpStatus: failure.status,
          latencyMs: failure.kind === 'timeout' ? null : latencyMs,
          attempts,
          attemptLog,
          responseFormat: mode,
        };
      }
      retries += 1;
      const waitMs = retryWaitMs(retries, failure.serverWaitMs, this.options.backoff, this.random);
      attemptLog.push({
        error: describeFailure(failure, 1, this.options.timeoutMs),
        status: failure.status,
        waitMs,
        responseFormat: mode,
      });
      await sleep(waitMs, signal);
    }
  }

  private async attempt(
    request: ChatRequest,
    mode: ResponseFormatMode,
    signal: AbortSignal | undefined,
  ): Promise<AttemptResult> {
    // The client's own timeout covers the wait for the response headers only; this deadline also
    // covers a body that never finishes.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.options.timeoutMs);
    const abort = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
    const body = chatCompletionBody(request, mode);
    try {
      const completion: unknown = await this.client.chat.completions.create(body, {
        signal: abort,
        timeout: this.options.timeoutMs,
      });
      const reading = readCompletion(completion);
      if (!reading.ok)
        return {
          ok: false,
          failure: { kind: 'malformed', status: null, message: reading.message, serverWaitMs: null },
        };
      return { ok: true, completion: reading };
    } catch (error) {
      if (signal?.aborted) throw new InterruptedError();
      if (deadline.signal.aborted || error instanceof APIConnectionTimeoutError)
        return {
          ok: false,
          failure: { kind: 'timeout', status: null, message: 'timed out', serverWaitMs: null },
        };
      if (error instanceof APIError && typeof error.status === 'number') {
        return {
          ok: false,
          failure: {
            kind: 'http',
            status: error.status,
            message: error.message.replace(/^\d{3}\s*/, '') || `status ${error.status}`,
            serverWaitMs: retryAfterMs(error.headers),
          },
        };
      }
      if (error instanceof APIConnectionError) {
        const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
        return {
          ok: false,
          failure: {
            kind: 'connection',
            status: null,
            message: `${error.message}${cause}`,
            serverWaitMs: null,
          },
        };
      }
      if (error instanceof SyntaxError)
        return {
          ok: false,
          failure: {
            kind: 'malformed',
            status: null,
            message: `the body is not valid JSON (${error.message})`,
            serverWaitMs: null,
          },
        };
      return {
        ok: false,
        failure: { kind: 'unexpected', status: null, message: messageOf(error), serverWaitMs: null },
      };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The columns of an `llm_calls` row that come from the call's outcome, whichever step made it. */
export function outcomeColumns(outcome: ChatOutcome) {
  return {
    responseFormat: outcome.responseFormat,
    httpStatus: outcome.ok ? 200 : outcome.httpStatus,
    attempts: outcome.attempts,
    attemptLog: outcome.attemptLog,
    finishReason: outcome.ok ? outcome.finishReason : null,
    inputTokens: outcome.ok ? outcome.inputTokens : null,
    outputTokens: outcome.ok ? outcome.outputTokens : null,
    latencyMs: outcome.latencyMs,
    content: outcome.ok ? outcome.content : null,
    rawResponse: outcome.ok ? outcome.rawResponse : null,
  };
}
