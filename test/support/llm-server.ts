import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { cliSandbox } from './cli.ts';

/** A chat-completions request as the test server received it. */
export interface RecordedRequest {
  /** 0-based arrival order. */
  index: number;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    temperature?: number;
    max_tokens?: number;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  };
  authorization: string | null;
  /** performance.now() when the body had arrived, and when the answer was sent (if ever). */
  receivedAt: number;
  answeredAt: number | null;
}

/** What the server does with one request. `delayMs` is added to the server's `latencyMs`. */
export type Reply =
  | {
      kind: 'answer';
      content: string;
      finishReason?: string;
      usage?: { prompt_tokens: number; completion_tokens: number };
      delayMs?: number;
    }
  | { kind: 'error'; status: number; message?: string; headers?: Record<string, string>; delayMs?: number }
  /** Never answers: the client's timeout must fire. */
  | { kind: 'hang' }
  /** HTTP 200, JSON content type, a body cut off mid-object. */
  | { kind: 'malformed'; delayMs?: number };

export type Script = (request: RecordedRequest, server: LlmServer) => Reply | Promise<Reply>;

export interface LlmServerOptions {
  script?: Script;
  /** Added before every reply, ms. */
  latencyMs?: number;
  /** Answer 400 to requests asking for these structured-output modes (an endpoint without them). */
  rejectResponseFormats?: ReadonlyArray<'json_schema' | 'json_object'>;
}

export interface LlmServer {
  /** The OpenAI-compatible base URL, http://127.0.0.1:PORT/v1. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Requests received but not yet answered, now and at the most. */
  inFlight: number;
  maxInFlight: number;
  script: Script;
  options: LlmServerOptions;
  /** Earlier requests (before `request`) whose last user message equals this one's. */
  previousAttempts(request: RecordedRequest): RecordedRequest[];
  close(): Promise<void>;
}

/** The last user message of a request: the argument (extraction) or the scenario (generation). */
export function userContent(request: RecordedRequest): string {
  const users = (request.body.messages ?? []).filter((message) => message.role === 'user');
  return users.at(-1)?.content ?? '';
}

/** The system message of a request. */
export function systemContent(request: RecordedRequest): string {
  return (request.body.messages ?? []).find((message) => message.role === 'system')?.content ?? '';
}

/** An extraction answer in the study's keys. */
export function extractionAnswer(lists: { current?: string[]; tsc1?: string[]; tsc2?: string[] }): string {
  return JSON.stringify({
    'Input Case': lists.current ?? [],
    TSC1: lists.tsc1 ?? [],
    TSC2: lists.tsc2 ?? [],
  });
}

/** The default script: every request is answered with a small, valid extraction. */
export const answerExtraction: Script = () => ({
  kind: 'answer',
  content: extractionAnswer({ current: ['F4 Agreed-not-to-disclose (P)'], tsc1: ['F4'], tsc2: [] }),
});

function roughTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function completionBody(request: RecordedRequest, reply: Extract<Reply, { kind: 'answer' }>) {
  const promptText = (request.body.messages ?? []).map((message) => message.content).join('\n');
  return {
    id: `chatcmpl-test-${request.index}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.body.model ?? 'test-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.content },
        finish_reason: reply.finishReason ?? 'stop',
      },
    ],
    usage: reply.usage ?? {
      prompt_tokens: roughTokens(promptText),
      completion_tokens: roughTokens(reply.content),
      total_tokens: roughTokens(promptText) + roughTokens(reply.content),
    },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * An OpenAI-compatible `POST /v1/chat/completions` on 127.0.0.1 (a free port), answering from a
 * script: fixed answers chosen by a function of the request, latency, errors with headers (429 with
 * Retry-After, 500), hangs, malformed bodies, truncated answers, `<think>` traces, and a 400 for
 * structured-output modes it "does not support". It records every request (body, arrival and
 * answer times) and the most requests it ever had in flight.
 */
export async function startLlmServer(options: LlmServerOptions = {}): Promise<LlmServer> {
  const state: LlmServer = {
    baseURL: '',
    requests: [],
    inFlight: 0,
    maxInFlight: 0,
    script: options.script ?? answerExtraction,
    options,
    previousAttempts(request) {
      const content = userContent(request);
      return state.requests.filter((other) => other.index < request.index && userContent(other) === content);
    },
    close: async () => {},
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      sendJson(response, 404, { error: { message: `no route ${request.method} ${request.url}` } });
      return;
    }
    const text = await readBody(request);
    let body: RecordedRequest['body'];
    try {
      body = JSON.parse(text) as RecordedRequest['body'];
    } catch {
      sendJson(response, 400, { error: { message: 'the request body is not JSON' } });
      return;
    }
    const recorded: RecordedRequest = {
      index: state.requests.length,
      body,
      authorization: request.headers.authorization ?? null,
      receivedAt: performance.now(),
      answeredAt: null,
    };
    state.requests.push(recorded);
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    let counted = true;
    const settle = () => {
      if (counted) {
        counted = false;
        state.inFlight -= 1;
      }
    };
    response.on('close', settle);

    const format = body.response_format?.type;
    const rejected = (options.rejectResponseFormats ?? []).some((mode) => mode === format);
    const reply: Reply = rejected
      ? {
          kind: 'error',
          status: 400,
          message: `response_format "${format}" is not supported by this server`,
        }
      : await state.script(recorded, state);
    if (reply.kind === 'hang') return;
    await wait((options.latencyMs ?? 0) + (reply.delayMs ?? 0));
    recorded.answeredAt = performance.now();
    if (reply.kind === 'answer') sendJson(response, 200, completionBody(recorded, reply));
    else if (reply.kind === 'error')
      sendJson(
        response,
        reply.status,
        { error: { message: reply.message ?? `status ${reply.status}`, type: 'test_error', code: null } },
        reply.headers,
      );
    else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"id": "chatcmpl-broken", "choices": [{"message": {"content": "{\\"Input');
    }
    settle();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 500, {
          error: { message: error instanceof Error ? error.message : String(error) },
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseURL = `http://127.0.0.1:${port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** cliSandbox (a temporary folder and database) whose `run` passes an API key, as the LLM commands need. */
export function llmSandbox(env: NodeJS.ProcessEnv = { OPENAI_API_KEY: 'test-key' }) {
  return cliSandbox(env);
}

// ---------------------------------------------------------------------------------------------
// Fixtures for the LLM tests.

/**
 * An argument's text in the shape the study's models wrote: prose, then a ```json block. The
 * block carries `[id]`, so a script can tell which argument a request is about from the text the
 * extractor is shown (by default, that block).
 */
export function argumentText(id: string): string {
  return [
    `Plaintiff's Argument: the defendant agreed not to disclose (F4), as in TSC1 (${id}).`,
    '```json',
    JSON.stringify({ "Plaintiff's Argument": `F4 Agreed-not-to-disclose (P) is shared with TSC1 [${id}]` }),
    '```',
  ].join('\n');
}

/** The argument id a request is about (the `[id]` in its user message), or null. */
export function argumentIdOf(request: RecordedRequest): string | null {
  return /\[([^\]]+)\]/.exec(userContent(request))?.[1] ?? null;
}

/** Triples and arguments JSONL for a study of `count` arguments (ids a1…aN) by `model` over one arguable triple. */
export function studyJsonl(count: number, model = 'gpt-4o'): { triples: string; arguments: string } {
  const triple = {
    id: 't1',
    mode: 'arguable',
    current: { factors: ['F4', 'F6', 'F10'] },
    tsc1: { factors: ['F4', 'F15'], outcome: 'plaintiff' },
    tsc2: { factors: ['F10', 'F16'], outcome: 'defendant' },
  };
  const records = Array.from({ length: count }, (_, index) => {
    const id = `a${index + 1}`;
    return JSON.stringify({ id, triple_id: 't1', model, test: 1, text: argumentText(id) });
  });
  return { triples: `${JSON.stringify(triple)}\n`, arguments: `${records.join('\n')}\n` };
}

/** A starter of test LLM servers for one test file; every server it started is closed after each test. */
export function llmServers(): (options: LlmServerOptions) => Promise<LlmServer> {
  const servers: LlmServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (options) => {
    const server = await startLlmServer(options);
    servers.push(server);
    return server;
  };
}
