import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { z } from 'zod';
import { ChatClient } from '../../server/services/llm/chat-client.ts';
import { resolveEndpoint } from '../../server/services/llm/endpoint.ts';
import { EXTRACTION_INPUT_MODES } from '../../server/services/llm/extraction-input.ts';
import { generateArguments } from '../../server/services/llm/generate-arguments.ts';
import { createLlmExtractor } from '../../server/services/llm/llm-extractor.ts';
import { loadPromptTemplate } from '../../server/services/llm/prompts.ts';
import { SpacedStartLimiter } from '../../server/services/llm/rate-limiter.ts';
import { type Extractor, runExtraction } from '../../server/services/llm/run-extraction.ts';
import { requireStudy } from '../../server/services/studies.ts';
import type { Db } from '../../server/store/db.ts';
import { testSchema } from '../../shared/vocabulary.ts';
import { CliExit, type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../io.ts';

// ---------------------------------------------------------------------------------------------
// Options shared by every command that calls an LLM endpoint.

const positiveInt = z.coerce.number().int().min(1);
const endpointOptionsSchema = z.object({
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
type EndpointOptions = z.infer<typeof endpointOptionsSchema>;

function addEndpointOptions(
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

/** Camel-case option names back to the flags the user typed: maxRpm → --max-rpm. */
function chatClientFor(options: EndpointOptions, endpoint: { baseURL: string; apiKey: string }): ChatClient {
  return new ChatClient({
    baseURL: endpoint.baseURL,
    apiKey: endpoint.apiKey,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    backoff: { baseMs: options.retryBaseMs, maxMs: Math.max(options.retryMaxMs, options.retryBaseMs) },
    ...(options.maxRpm === undefined ? {} : { limiter: new SpacedStartLimiter(options.maxRpm) }),
  });
}

/**
 * Runs `work` with an abort signal that the first Ctrl-C fires (the calls under way are abandoned,
 * what was stored stays stored); a second Ctrl-C quits at once.
 */
async function interruptible<T>(io: CliIo, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    io.stderr('\ninterrupted: stopping; run the same command again to continue (Ctrl-C again quits now)\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

interface RunCounters {
  done: number;
  total: number;
  failed: number;
  inputTokens: number;
  outputTokens: number;
}

/** A progress bar on stderr with rate, ETA, tokens and failures, when stderr is a terminal; else silent. */
function createRunProgress(io: CliIo, label: string) {
  if (!io.interactive) return { update: (_counters: RunCounters) => {}, stop: () => {} };
  const bar = new SingleBar({
    format: `${label} [{bar}] {value}/{total} | {rate}/s | ETA {eta_formatted} | tokens {tokens} | failed {failed}`,
    stream: process.stderr,
    hideCursor: true,
    clearOnComplete: true,
    etaBuffer: 50,
  });
  const started = performance.now();
  let running = false;
  const payload = (counters: RunCounters) => ({
    rate: (counters.done / Math.max(0.001, (performance.now() - started) / 1000)).toFixed(1),
    tokens: (counters.inputTokens + counters.outputTokens).toLocaleString('en-US'),
    failed: counters.failed,
  });
  return {
    update(counters: RunCounters) {
      if (!running) {
        bar.start(counters.total, counters.done, payload(counters));
        running = true;
      } else bar.update(counters.done, payload(counters));
    },
    stop() {
      if (running) bar.stop();
    },
  };
}

function tokens(input: number, output: number): string {
  return `${input.toLocaleString('en-US')} in / ${output.toLocaleString('en-US')} out`;
}

// ---------------------------------------------------------------------------------------------
// generate arguments

const generateArgumentsSchema = endpointOptionsSchema.extend({
  model: z.string().trim().min(1),
  test: z.coerce.number().pipe(testSchema),
});

/** `generate arguments`: one argument per triple of the test's mode, from an OpenAI-compatible endpoint. */
export function registerGenerateArguments(generate: Command, io: CliIo, globals: () => GlobalOptions): void {
  const command = generate
    .command('arguments')
    .description(
      "ask a model for a 3-ply argument on every triple of the test's mode that has none from it yet (resumable)",
    )
    .requiredOption('--model <name>', 'the model that writes the arguments (as the endpoint names it)')
    .requiredOption('--test <n>', '1 (arguable triples), 2 (reordered) or 3 (non-arguable)');
  addEndpointOptions(command, { temperature: '0.1', maxTokens: '2000', concurrency: '8' }).action(
    async (rawOptions: unknown) => {
      const options = parseOptions(generateArgumentsSchema, rawOptions, io);
      const endpoint = resolveEndpoint(options.baseUrl, io.env);
      const prompt = loadPromptTemplate('argument', options.prompt, io.cwd);
      const test = options.test;
      await withDatabase(globals, io, async (db) => {
        const progress = createRunProgress(io, `test ${test}`);
        const summary = await interruptible(io, (signal) =>
          generateArguments({
            db,
            study: globals().study,
            chat: chatClientFor(options, endpoint),
            endpoint: endpoint.baseURL,
            model: options.model,
            test,
            prompt,
            temperature: options.temperature,
            maxTokens: options.maxTokens,
            concurrency: options.concurrency,
            signal,
            onProgress: (counters) => progress.update(counters),
          }),
        ).finally(() => progress.stop());
        for (const warning of summary.warnings) io.stderr(`warning: ${warning}\n`);
        const lines = [
          `generate arguments: model ${options.model}, test ${test}, ${endpoint.baseURL}, prompt ${prompt.source} (${prompt.hash.slice(0, 12)})`,
          `  triples ${summary.triples}: ${summary.skipped} already argued, ${summary.total} to do`,
          `  generated ${summary.generated} (${summary.truncated} cut off at --max-tokens), failed ${summary.failed}, calls ${summary.calls} (${summary.retries} retries), tokens ${tokens(summary.inputTokens, summary.outputTokens)}, ${summary.seconds.toFixed(1)} s`,
          ...summary.failures.slice(0, 10).map((failure) => `  failed ${failure.tripleId}: ${failure.error}`),
          ...(summary.failures.length > 10 ? [`  … and ${summary.failures.length - 10} more`] : []),
          ...(summary.failed > 0 ? ['  run the same command again to retry the failed triples'] : []),
          ...(summary.interrupted ? ['  interrupted: run the same command again to continue'] : []),
        ];
        io.stdout(`${lines.join('\n')}\n`);
        if (summary.interrupted) throw new CliExit(130);
      });
    },
  );
}

// ---------------------------------------------------------------------------------------------
// extract

/** What an extractor implementation is given to build itself. */
export interface ExtractCommandContext {
  db: Db;
  studyId: number;
  io: CliIo;
}

/** A built extractor, with lines to add to the run's summary (e.g. the structured-output mode). */
export interface ExtractorSetup {
  extractor: Extractor;
  /** Shown before the run, e.g. "llm gpt-4.1 at https://…". */
  label: string;
  notes?: () => string[];
}

/**
 * One choice of `extract --extractor NAME`: its own options (added to the command) and how to build
 * it from the parsed options. The common options (--name, --concurrency, --only-sampled) are the
 * command's; `options` holds them all, as commander parsed them.
 */
export interface ExtractorImplementation {
  addOptions?: (command: Command) => void;
  create: (options: Record<string, unknown>, context: ExtractCommandContext) => ExtractorSetup;
}

const llmExtractOptionsSchema = endpointOptionsSchema.extend({
  model: z.string().trim().min(1),
  name: z.string().trim().min(1).optional(),
  input: z.enum(EXTRACTION_INPUT_MODES),
  responseFormat: z.enum(['auto', 'json_schema', 'json_object', 'text']),
});

/** `extract --extractor llm`: the study's GPT-4.1 extractor, through any OpenAI-compatible endpoint. */
export const llmExtractorImplementation: ExtractorImplementation = {
  addOptions(command) {
    command
      .option('--model <name>', '[llm] the extracting model', 'gpt-4.1')
      .option(
        '--input <mode>',
        "[llm] last-json: the argument's last ```json block, else all of it (as the study did); full: all of it",
        'last-json',
      )
      .option(
        '--response-format <mode>',
        '[llm] auto (json_schema, falling back to json_object, then text on HTTP 400)|json_schema|json_object|text',
        'auto',
      );
    addEndpointOptions(command, { temperature: '0.6', maxTokens: '1000', concurrency: '8' });
  },
  create(rawOptions, context) {
    const options = parseOptions(llmExtractOptionsSchema, rawOptions, context.io);
    const endpoint = resolveEndpoint(options.baseUrl, context.io.env);
    const prompt = loadPromptTemplate('extraction', options.prompt, context.io.cwd);
    const extractor = createLlmExtractor({
      db: context.db,
      studyId: context.studyId,
      name: options.name ?? options.model,
      chat: chatClientFor(options, endpoint),
      endpoint: endpoint.baseURL,
      model: options.model,
      prompt,
      temperature: options.temperature,
      maxTokens: options.maxTokens,
      input: options.input,
      responseFormat: options.responseFormat,
    });
    return {
      extractor,
      label: `llm ${options.model} at ${endpoint.baseURL}, prompt ${prompt.source} (${prompt.hash.slice(0, 12)}), input ${options.input}`,
      notes: () => {
        const mode = extractor.ladder.current();
        if (mode === extractor.ladder.start) return [`  structured output: ${mode}`];
        return [
          `  structured output: ${mode} (the endpoint refused ${extractor.ladder.start} with HTTP 400)`,
        ];
      },
    };
  },
};

const extractOptionsSchema = z.object({
  extractor: z.string().min(1),
  name: z.string().trim().min(1).optional(),
  concurrency: positiveInt.max(1024),
  onlySampled: z.boolean().default(false),
});

/**
 * `extract --extractor NAME`: runs an extractor over the study's arguments (resumable). Each entry
 * of `implementations` is one `--extractor` choice; the lead adds `rules` here.
 */
export function registerExtract(
  program: Command,
  io: CliIo,
  globals: () => GlobalOptions,
  implementations: Readonly<Record<string, ExtractorImplementation>> = { llm: llmExtractorImplementation },
): void {
  const choices = Object.keys(implementations);
  const command = program
    .command('extract')
    .description(
      'list the factors each argument asserts, per case, with an extractor; resumable (extracted arguments are skipped, failed ones retried)',
    )
    .requiredOption('--extractor <kind>', choices.join('|'))
    .option('--name <name>', 'the extractor name stored with its extractions (default: the model, for llm)')
    .option('--only-sampled', "only the arguments of the study's latest sample", false);
  for (const implementation of Object.values(implementations)) implementation.addOptions?.(command);
  if (!command.options.some((option) => option.long === '--concurrency'))
    command.option('--concurrency <n>', 'the most arguments under way at once', '8');

  command.action(async (rawOptions: Record<string, unknown>) => {
    const common = parseOptions(extractOptionsSchema, rawOptions, io);
    const implementation = implementations[common.extractor];
    if (!implementation) {
      io.stderr(`error: --extractor: "${common.extractor}" is not one of ${choices.join(', ')}\n`);
      throw new CliExit(1);
    }
    await withDatabase(globals, io, async (db) => {
      const study = requireStudy(db, globals().study);
      const setup = implementation.create(rawOptions, { db, studyId: study.id, io });
      const progress = createRunProgress(io, setup.extractor.name);
      const summary = await interruptible(io, (signal) =>
        runExtraction({
          db,
          study: study.name,
          extractor: setup.extractor,
          concurrency: common.concurrency,
          onlySampled: common.onlySampled,
          signal,
          onProgress: (counters) => progress.update(counters),
        }),
      ).finally(() => progress.stop());
      const lines = [
        `extract: extractor "${summary.extractor}" (${setup.label})`,
        `  arguments ${summary.considered}${common.onlySampled ? ' (latest sample)' : ''}: ${summary.skipped} already extracted with these parameters, ${summary.total} to do`,
      ];
      if (summary.total > 0) {
        const calls =
          summary.calls + summary.cacheHits > 0
            ? `, calls ${summary.calls} (${summary.retries} retries), cache hits ${summary.cacheHits}, tokens ${tokens(summary.inputTokens, summary.outputTokens)}`
            : '';
        lines.push(
          `  extracted ${summary.extracted}, failed ${summary.failed}${calls}, ${summary.seconds.toFixed(1)} s`,
          ...(setup.notes?.() ?? []),
        );
        for (const failure of summary.failures.slice(0, 10))
          lines.push(`  failed ${failure.argumentId}: ${failure.error}`);
        if (summary.failures.length > 10) lines.push(`  … and ${summary.failures.length - 10} more`);
        if (summary.failed > 0)
          lines.push(
            `  ${summary.failed} failed extraction(s) are stored as failed with their error; run the same command again to retry them`,
          );
      }
      if (summary.interrupted) lines.push('  interrupted: run the same command again to continue');
      io.stdout(`${lines.join('\n')}\n`);
      if (summary.interrupted) throw new CliExit(130);
    });
  });
}
