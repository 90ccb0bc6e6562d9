import type { Command } from 'commander';
import { z } from 'zod';
import {
  type BatchApi,
  type BatchLimits,
  ChatClient,
  type Endpoint,
  loadPromptTemplate,
  OPENAI_BATCH_LIMITS,
  openAiBatchApi,
  type PromptKind,
  type PromptTemplate,
  resolveEndpoint,
  SpacedStartLimiter,
} from '../../server/services/llm/index.ts';
import { type CliIo, parseOptions } from '../io.ts';

// Options shared by every command that calls an LLM endpoint.

export const positiveInt = z.coerce.number().int().min(1);

export const endpointOptionsSchema = z.object({
  baseUrl: z.string().min(1).optional(),
  prompt: z.string().min(1).optional(),
  temperature: z.coerce.number().min(0).max(2),
  maxTokens: positiveInt.max(1_000_000),
  concurrency: positiveInt.max(1024),
  maxRpm: z.coerce.number().positive().optional(),
  maxRetries: z.coerce.number().int().min(0).max(100),
  timeoutMs: positiveInt,
  retryBaseMs: z.coerce.number().int().min(0),
  retryMaxMs: z.coerce.number().int().min(0),
});
export type EndpointOptions = z.infer<typeof endpointOptionsSchema>;

export function addEndpointOptions(
  command: Command,
  defaults: { temperature: string; maxTokens: string; concurrency: string },
): Command {
  return command
    .option(
      '--base-url <url>',
      'OpenAI-compatible base URL (default: $OPENAI_BASE_URL, else https://api.openai.com/v1)',
    )
    .option('--prompt <file>', 'prompt template (default: the shipped one in data/prompts/)')
    .option('--temperature <t>', 'sampling temperature', defaults.temperature)
    .option('--max-tokens <n>', 'the most tokens the model may write per answer', defaults.maxTokens)
    .option('--concurrency <n>', 'the most calls in flight at once', defaults.concurrency)
    .option('--max-rpm <n>', 'the most call starts per minute (retries included), evenly spaced')
    .option('--max-retries <n>', 'retries per call for 429/5xx/timeouts/connection errors', '6')
    .option('--timeout-ms <ms>', 'give up on an attempt after this long (then retry)', '60000')
    .option('--retry-base-ms <ms>', 'backoff base: retry k waits up to base·2^(k−1) (full jitter)', '1000')
    .option('--retry-max-ms <ms>', 'the longest wait between attempts (caps Retry-After too)', '60000');
}

export function chatClientFor(
  options: EndpointOptions,
  endpoint: { baseURL: string; apiKey: string },
): ChatClient {
  return new ChatClient({
    baseURL: endpoint.baseURL,
    apiKey: endpoint.apiKey,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    backoff: { baseMs: options.retryBaseMs, maxMs: Math.max(options.retryMaxMs, options.retryBaseMs) },
    ...(options.maxRpm === undefined ? {} : { limiter: new SpacedStartLimiter(options.maxRpm) }),
  });
}

// The Batch API: the file limits of a submission, and the provider client of the batch commands.

export const batchLimitOptionsSchema = z.object({
  batchMaxRequests: positiveInt,
  batchMaxBytes: z.coerce.number().int().min(1000),
});

export function addBatchLimitOptions(command: Command, tag = ''): Command {
  return command
    .option(
      '--batch-max-requests <n>',
      `${tag}requests per batch file (OpenAI: 50,000)`,
      String(OPENAI_BATCH_LIMITS.maxRequests),
    )
    .option(
      '--batch-max-bytes <n>',
      `${tag}bytes per batch file (OpenAI: 200 MB)`,
      String(OPENAI_BATCH_LIMITS.maxBytes),
    );
}

export function batchLimitsOf(options: z.infer<typeof batchLimitOptionsSchema>): BatchLimits {
  return { maxRequests: options.batchMaxRequests, maxBytes: options.batchMaxBytes };
}

// An upload of a 200 MB file takes minutes on an ordinary line; the per-call timeout of the chat
// path (a minute) would cut it off.
const UPLOAD_TIMEOUT_FLOOR_MS = 600_000;

/**
 * The provider client for a batch's endpoint, with the key from `OPENAI_API_KEY` (required, as for
 * every LLM command). The `openai` client retries 429/5xx/connection errors `maxRetries` times.
 */
export function batchApiFor(
  io: CliIo,
  options: { timeoutMs: number; maxRetries: number },
): (endpoint: string) => BatchApi {
  const clients = new Map<string, BatchApi>();
  return (endpoint) => {
    let api = clients.get(endpoint);
    if (!api) {
      const resolved = resolveEndpoint(endpoint, io.env);
      api = openAiBatchApi({
        baseURL: resolved.baseURL,
        apiKey: resolved.apiKey,
        timeoutMs: options.timeoutMs,
        uploadTimeoutMs: Math.max(options.timeoutMs, UPLOAD_TIMEOUT_FLOOR_MS),
        maxRetries: options.maxRetries,
      });
      clients.set(endpoint, api);
    }
    return api;
  };
}

// A command that asks one model (`generate arguments`, `extract --extractor llm`), call by call or
// (`--batch`) as Batch API jobs.

export const modelRunOptionsSchema = endpointOptionsSchema.extend({
  model: z.string().trim().min(1),
  ...batchLimitOptionsSchema.shape,
});
type ModelRunOptions = z.infer<typeof modelRunOptionsSchema>;

/** The command's options, the endpoint they name (with its key) and the prompt template of `kind`. */
export function parseModelRun<Schema extends z.ZodType<ModelRunOptions>>(
  schema: Schema,
  rawOptions: unknown,
  io: CliIo,
  kind: PromptKind,
): { options: z.output<Schema>; endpoint: Endpoint; prompt: PromptTemplate } {
  const options = parseOptions(schema, rawOptions, io);
  return {
    options,
    endpoint: resolveEndpoint(options.baseUrl, io.env),
    prompt: loadPromptTemplate(kind, options.prompt, io.cwd),
  };
}

/** Where a `--batch` submission goes and how its files are split. */
export function batchSubmissionFor(
  io: CliIo,
  options: ModelRunOptions,
  endpoint: Endpoint,
): { api: BatchApi; limits: BatchLimits } {
  return { api: batchApiFor(io, options)(endpoint.baseURL), limits: batchLimitsOf(options) };
}
