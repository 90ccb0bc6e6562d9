import { z } from 'zod';
import {
  createLlmExtractor,
  type Endpoint,
  EXTRACTION_INPUT_MODES,
  type PromptTemplate,
  submitExtractionBatch,
} from '../../server/services/llm/index.ts';
import type { CliIo } from '../io.ts';
import { createSubmitProgress } from './batch/options.ts';
import { submissionExitCode, submissionLines } from './batch/print.ts';
import type { ExtractorImplementation } from './extract.ts';
import {
  addBatchLimitOptions,
  addEndpointOptions,
  batchSubmissionFor,
  chatClientFor,
  modelRunOptionsSchema,
  parseModelRun,
} from './llm-options.ts';
import { interruptible } from './progress.ts';

const llmExtractOptionsSchema = modelRunOptionsSchema.extend({
  name: z.string().trim().min(1).optional(),
  input: z.enum(EXTRACTION_INPUT_MODES),
  responseFormat: z.enum(['auto', 'json_schema', 'json_object', 'text']),
});

const parseLlmExtract = (rawOptions: unknown, io: CliIo) =>
  parseModelRun(llmExtractOptionsSchema, rawOptions, io, 'extraction');

type LlmExtractOptions = z.infer<typeof llmExtractOptionsSchema>;

/** What the requests are, the same call by call and in a batch (and so the same cache key). */
const extractionConfigOf = (options: LlmExtractOptions, endpoint: Endpoint, prompt: PromptTemplate) => ({
  endpoint: endpoint.baseURL,
  model: options.model,
  prompt,
  temperature: options.temperature,
  maxTokens: options.maxTokens,
  input: options.input,
  responseFormat: options.responseFormat,
});

/** The extractor as the output names it: model, endpoint, prompt (its hash's start) and input. */
const describe = (options: LlmExtractOptions, endpoint: Endpoint, prompt: PromptTemplate) =>
  `llm ${options.model} at ${endpoint.baseURL}, prompt ${prompt.source} (${prompt.hash.slice(0, 12)}), input ${options.input}`;

/**
 * `extract --extractor llm`: the study's GPT-4.1 extractor, through an OpenAI-compatible endpoint of your choice,
 * call by call or (`--batch`) as Batch API jobs.
 */
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
      )
      .option(
        '--batch',
        '[llm] submit the requests to the Batch API (half price, within 24 h) instead',
        false,
      );
    addBatchLimitOptions(command, '[llm --batch] ');
    addEndpointOptions(command, { temperature: '0.6', maxTokens: '1000', concurrency: '8' });
  },
  create(rawOptions, context) {
    const { options, endpoint, prompt } = parseLlmExtract(rawOptions, context.io);
    const extractor = createLlmExtractor({
      db: context.db,
      studyId: context.studyId,
      name: options.name ?? options.model,
      chat: chatClientFor(options, endpoint),
      ...extractionConfigOf(options, endpoint, prompt),
    });
    return {
      extractor,
      label: describe(options, endpoint, prompt),
      notes: () => {
        const mode = extractor.ladder.current();
        if (mode === extractor.ladder.start) return [`  structured output: ${mode}`];
        return [
          `  structured output: ${mode} (the endpoint refused ${extractor.ladder.start} with HTTP 400)`,
        ];
      },
    };
  },
  async submitBatch(rawOptions, context) {
    const { options, endpoint, prompt } = parseLlmExtract(rawOptions, context.io);
    const name = options.name ?? options.model;
    const progress = createSubmitProgress(context.io, name);
    const summary = await interruptible(context.io, (signal) =>
      submitExtractionBatch({
        db: context.db,
        study: context.studyName,
        extractorName: name,
        config: extractionConfigOf(options, endpoint, prompt),
        onlySampled: context.onlySampled,
        ...batchSubmissionFor(context.io, options, endpoint),
        signal,
        onProgress: (counters) => progress.update(counters),
      }),
    ).finally(() => progress.stop());
    const waiting = summary.inBatch > 0 ? `, ${summary.inBatch} in a batch job already` : '';
    const toDo = summary.considered - summary.skipped - summary.inBatch;
    return {
      lines: [
        `extract --batch: extractor "${summary.extractor}" (${describe(options, endpoint, prompt)})`,
        `  arguments ${summary.considered}${context.onlySampled ? ' (latest sample)' : ''}: ${summary.skipped} already extracted with these parameters${waiting}, ${toDo} to do`,
        ...submissionLines(summary),
      ],
      exitCode: submissionExitCode(summary),
    };
  },
};
