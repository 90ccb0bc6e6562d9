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
  /** How it came: a synchronous chat completion, or a line of a batch (its custom_id). */
  via: 'http' | 'batch';
  customId?: string;
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
  /** Added before every reply, ms (synchronous calls only). */
  latencyMs?: number;
  /** Answer 400 to requests asking for these structured-output modes (an endpoint without them). */
  rejectResponseFormats?: ReadonlyArray<'json_schema' | 'json_object'>;
  /** How batches run (see `TestBatch`). */
  batches?: BatchBehaviour;
}

/** How the server runs the batches it is given. */
export interface BatchBehaviour {
  /** Batches stay `in_progress`, doing nothing, until `server.releaseBatches()`. */
  hold?: boolean;
  /**
   * Decides, when a batch starts running, whether it expires after its first N lines (the rest are
   * written to the error file as `batch_expired`, as OpenAI does), by its 0-based creation order.
   */
  expireAfterLines?: (batchIndex: number) => number | null;
}

/** A file uploaded to (or written by) the server. */
export interface TestFile {
  id: string;
  filename: string;
  purpose: string;
  bytes: number;
  content: Buffer;
  createdAt: number;
}

/** A batch on the server, as OpenAI's Batch object describes it. */
export interface TestBatch {
  id: string;
  index: number;
  inputFileId: string;
  status:
    | 'validating'
    | 'failed'
    | 'in_progress'
    | 'finalizing'
    | 'completed'
    | 'expired'
    | 'cancelling'
    | 'cancelled';
  outputFileId: string | null;
  errorFileId: string | null;
  total: number;
  completed: number;
  failed: number;
  errors: Array<{ code: string; message: string; line: number | null }>;
  metadata: Record<string, string>;
  createdAt: number;
  cancelRequested: boolean;
  /** Settles when the batch has ended (completed, expired, cancelled, failed). */
  ended: Promise<void>;
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
  /** Uploaded and written files, by id; batches by id, in creation order. */
  files: Map<string, TestFile>;
  batches: Map<string, TestBatch>;
  /** Requests to the files and batches routes, as "METHOD /path". */
  apiCalls: string[];
  /** The next `count` calls to a route ("POST /v1/batches", "POST /v1/files", …) fail with `status`. */
  failRoute(route: string, status: number, count?: number): void;
  /** Runs every held batch; resolves when all batches have ended. */
  releaseBatches(): Promise<void>;
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

function readBytes(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  return (await readBytes(request)).toString('utf8');
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

// ---------------------------------------------------------------------------------------------
// The Files and Batches API: upload (multipart), retrieve, content; create, retrieve, cancel.

interface BatchRouteHooks {
  /** The reply a request gets (the script, after the structured-output check). */
  answer: (request: RecordedRequest) => Promise<Reply>;
  isHeld: () => boolean;
  /** Keep a batch's start for `releaseBatches`. */
  hold: (start: () => void) => void;
}

function fileObject(file: TestFile) {
  return {
    id: file.id,
    object: 'file',
    bytes: file.bytes,
    created_at: file.createdAt,
    filename: file.filename,
    purpose: file.purpose,
    status: 'processed',
  };
}

function batchObject(batch: TestBatch) {
  return {
    id: batch.id,
    object: 'batch',
    endpoint: '/v1/chat/completions',
    completion_window: '24h',
    input_file_id: batch.inputFileId,
    status: batch.status,
    output_file_id: batch.outputFileId,
    error_file_id: batch.errorFileId,
    created_at: batch.createdAt,
    request_counts: { total: batch.total, completed: batch.completed, failed: batch.failed },
    errors: batch.errors.length > 0 ? { object: 'list', data: batch.errors } : null,
    metadata: batch.metadata,
  };
}

/** One line of an input file, as the server checks it. */
interface InputLine {
  custom_id: string;
  method: string;
  url: string;
  body: RecordedRequest['body'];
}

function parseInputLines(content: Buffer): { lines: InputLine[]; errors: TestBatch['errors'] } {
  const lines: InputLine[] = [];
  const errors: TestBatch['errors'] = [];
  const seen = new Set<string>();
  content
    .toString('utf8')
    .split('\n')
    .forEach((text, index) => {
      if (text.trim() === '') return;
      const line = index + 1;
      let value: Partial<InputLine>;
      try {
        value = JSON.parse(text) as Partial<InputLine>;
      } catch {
        errors.push({
          code: 'invalid_json_line',
          message: 'This line is not parseable as valid JSON.',
          line,
        });
        return;
      }
      if (typeof value.custom_id !== 'string' || seen.has(value.custom_id))
        errors.push({ code: 'duplicate_custom_id', message: 'custom_id missing or repeated', line });
      else if (
        value.method !== 'POST' ||
        value.url !== '/v1/chat/completions' ||
        typeof value.body !== 'object'
      )
        errors.push({ code: 'invalid_request', message: 'method, url or body is wrong', line });
      else {
        seen.add(value.custom_id);
        lines.push(value as InputLine);
      }
    });
  return { lines, errors };
}

function batchRoutes(state: LlmServer, hooks: BatchRouteHooks) {
  let fileCount = 0;
  const storeFile = (filename: string, purpose: string, content: Buffer): TestFile => {
    fileCount += 1;
    const file: TestFile = {
      id: `file-${fileCount}`,
      filename,
      purpose,
      bytes: content.length,
      content,
      createdAt: Math.floor(Date.now() / 1000),
    };
    state.files.set(file.id, file);
    return file;
  };

  /** Runs a batch's lines through the script, then writes its output and error files. */
  const run = async (batch: TestBatch, lines: InputLine[], end: () => void): Promise<void> => {
    const expireAfter = state.options.batches?.expireAfterLines?.(batch.index) ?? null;
    const output: string[] = [];
    const errorLines: string[] = [];
    const notRun = (line: InputLine, code: string, message: string) =>
      errorLines.push(
        JSON.stringify({
          id: `batch_req_${line.custom_id}`,
          custom_id: line.custom_id,
          response: null,
          error: { code, message },
        }),
      );
    let stopped: 'expired' | 'cancelled' | null = null;
    for (const [index, line] of lines.entries()) {
      if (batch.cancelRequested) stopped = 'cancelled';
      else if (expireAfter !== null && index >= expireAfter) stopped = 'expired';
      if (stopped === 'cancelled') {
        notRun(line, 'batch_cancelled', 'This request was not executed because the batch was cancelled.');
        continue;
      }
      if (stopped === 'expired') {
        notRun(
          line,
          'batch_expired',
          'This request could not be executed before the completion window expired.',
        );
        continue;
      }
      const recorded: RecordedRequest = {
        index: state.requests.length,
        body: line.body,
        authorization: null,
        receivedAt: performance.now(),
        answeredAt: performance.now(),
        via: 'batch',
        customId: line.custom_id,
      };
      state.requests.push(recorded);
      const reply = await hooks.answer(recorded);
      const id = `batch_req_${batch.id}_${index}`;
      if (reply.kind === 'answer') {
        output.push(
          JSON.stringify({
            id,
            custom_id: line.custom_id,
            response: { status_code: 200, request_id: `req_${index}`, body: completionBody(recorded, reply) },
            error: null,
          }),
        );
        batch.completed += 1;
      } else if (reply.kind === 'malformed') {
        output.push(
          JSON.stringify({
            id,
            custom_id: line.custom_id,
            response: { status_code: 200, body: { id: 'chatcmpl-broken' } },
            error: null,
          }),
        );
        batch.completed += 1;
      } else if (reply.kind === 'error') {
        errorLines.push(
          JSON.stringify({
            id,
            custom_id: line.custom_id,
            response: {
              status_code: reply.status,
              request_id: `req_${index}`,
              body: {
                error: { message: reply.message ?? `status ${reply.status}`, type: 'test_error', code: null },
              },
            },
            error: null,
          }),
        );
        batch.failed += 1;
      } else {
        // A line that hangs never finishes: the batch runs out of time.
        stopped = 'expired';
        notRun(
          line,
          'batch_expired',
          'This request could not be executed before the completion window expired.',
        );
      }
    }
    batch.status = 'finalizing';
    if (output.length > 0)
      batch.outputFileId = storeFile(
        `${batch.id}_output.jsonl`,
        'batch_output',
        Buffer.from(`${output.join('\n')}\n`),
      ).id;
    if (errorLines.length > 0)
      batch.errorFileId = storeFile(
        `${batch.id}_error.jsonl`,
        'batch_output',
        Buffer.from(`${errorLines.join('\n')}\n`),
      ).id;
    batch.status = stopped ?? 'completed';
    end();
  };

  return async (request: IncomingMessage, response: ServerResponse, path: string): Promise<void> => {
    const method = request.method ?? 'GET';
    if (method === 'POST' && path === '/v1/files') {
      const bytes = await readBytes(request);
      const form = await new Request('http://test/', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: new Uint8Array(bytes),
      }).formData();
      const file = form.get('file');
      const purpose = form.get('purpose');
      if (!(file instanceof Blob) || typeof purpose !== 'string') {
        sendJson(response, 400, { error: { message: 'file and purpose are required' } });
        return;
      }
      const name = 'name' in file && typeof file.name === 'string' ? file.name : 'upload';
      sendJson(response, 200, fileObject(storeFile(name, purpose, Buffer.from(await file.arrayBuffer()))));
      return;
    }
    const fileMatch = /^\/v1\/files\/([^/]+)(\/content)?$/.exec(path);
    if (method === 'GET' && fileMatch) {
      const file = state.files.get(fileMatch[1] ?? '');
      if (!file) {
        sendJson(response, 404, { error: { message: `no file ${fileMatch[1]}` } });
        return;
      }
      if (fileMatch[2]) {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.end(file.content);
      } else sendJson(response, 200, fileObject(file));
      return;
    }
    if (method === 'POST' && path === '/v1/batches') {
      const body = JSON.parse(await readBody(request)) as {
        input_file_id?: string;
        endpoint?: string;
        completion_window?: string;
        metadata?: Record<string, string>;
      };
      const input = state.files.get(body.input_file_id ?? '');
      if (
        input?.purpose !== 'batch' ||
        body.endpoint !== '/v1/chat/completions' ||
        body.completion_window !== '24h'
      ) {
        sendJson(response, 400, {
          error: { message: 'input_file_id (purpose batch), endpoint or completion_window is wrong' },
        });
        return;
      }
      let end = () => {};
      const batch: TestBatch = {
        id: `batch_${state.batches.size + 1}`,
        index: state.batches.size,
        inputFileId: input.id,
        status: 'validating',
        outputFileId: null,
        errorFileId: null,
        total: 0,
        completed: 0,
        failed: 0,
        errors: [],
        metadata: body.metadata ?? {},
        createdAt: Math.floor(Date.now() / 1000),
        cancelRequested: false,
        ended: new Promise<void>((resolve) => {
          end = resolve;
        }),
      };
      state.batches.set(batch.id, batch);
      const { lines, errors } = parseInputLines(input.content);
      if (errors.length > 0) {
        batch.status = 'failed';
        batch.errors = errors;
        end();
      } else {
        batch.status = 'in_progress';
        batch.total = lines.length;
        const start = () => {
          setImmediate(() => {
            run(batch, lines, end).catch(() => {
              batch.status = 'failed';
              end();
            });
          });
        };
        if (hooks.isHeld()) hooks.hold(start);
        else start();
      }
      sendJson(response, 200, batchObject(batch));
      return;
    }
    const batchMatch = /^\/v1\/batches\/([^/]+)(\/cancel)?$/.exec(path);
    const batch = batchMatch ? state.batches.get(batchMatch[1] ?? '') : undefined;
    if (batchMatch && !batch) {
      sendJson(response, 404, { error: { message: `no batch ${batchMatch[1]}` } });
      return;
    }
    if (batch && method === 'GET' && !batchMatch?.[2]) {
      sendJson(response, 200, batchObject(batch));
      return;
    }
    if (batch && method === 'POST' && batchMatch?.[2]) {
      if (batch.status === 'validating' || batch.status === 'in_progress') {
        // The lines not yet run are written as batch_cancelled when the batch next runs (a held
        // batch: when released), as OpenAI keeps what a cancelled batch had finished.
        batch.cancelRequested = true;
        batch.status = 'cancelling';
      }
      sendJson(response, 200, batchObject(batch));
      return;
    }
    sendJson(response, 404, { error: { message: `no route ${method} ${path}` } });
  };
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
    files: new Map(),
    batches: new Map(),
    apiCalls: [],
    failRoute(route, status, count = 1) {
      faults.set(route, { status, count });
    },
    releaseBatches: async () => {
      held = false;
      for (const start of waiting.splice(0)) start();
      await Promise.all([...state.batches.values()].map((batch) => batch.ended));
    },
    close: async () => {},
  };
  const faults = new Map<string, { status: number; count: number }>();
  let held = options.batches?.hold ?? false;
  const waiting: Array<() => void> = [];
  const batchApi = batchRoutes(state, {
    answer: (recorded) => answerOf(recorded),
    isHeld: () => held,
    hold: (start) => waiting.push(start),
  });

  /** The reply a request gets: a 400 for a refused structured-output mode, else the script's. */
  const answerOf = async (recorded: RecordedRequest): Promise<Reply> => {
    const format = recorded.body.response_format?.type;
    const rejected = (options.rejectResponseFormats ?? []).some((mode) => mode === format);
    if (rejected)
      return {
        kind: 'error',
        status: 400,
        message: `response_format "${format}" is not supported by this server`,
      };
    return state.script(recorded, state);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (path.startsWith('/v1/files') || path.startsWith('/v1/batches')) {
      const route = `${request.method} ${path.replace(/\/(file-|batch_)[^/]+/, '/{id}')}`;
      state.apiCalls.push(`${request.method} ${path}`);
      const fault = faults.get(route);
      if (fault && fault.count > 0) {
        fault.count -= 1;
        sendJson(response, fault.status, {
          error: { message: `injected failure of ${route}`, type: 'test_error' },
        });
        return;
      }
      await batchApi(request, response, path);
      return;
    }
    if (request.method !== 'POST' || path !== '/v1/chat/completions') {
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
      via: 'http',
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

    const reply = await answerOf(recorded);
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
