import { z } from 'zod';
import {
  createLlmExtractor,
  EXTRACTION_INPUT_MODES,
  loadPromptTemplate,
  resolveEndpoint,
  submitExtractionBatch,
} from '../../server/services/llm/index.ts';
import { parseOptions } from '../io.ts';
import { submissionExitCode, submissionLines } from './batch/print.ts';
import type { ExtractorImplementation } from './extract.ts';
import {
  addBatchLimitOptions,
  addEndpointOptions,
  batchApiFor,
  batchLimitOptionsSchema,
  batchLimitsOf,
  chatClientFor,
  endpointOptionsSchema,
} from './llm-options.ts';
import { createProgress, interruptible } from './progress.ts';

const llmExtractOptionsSchema = endpointOptionsSchema.extend({
  model: z.string().trim().min(1),
  name: z.string().trim().min(1).optional(),
  input: z.enum(EXTRACTION_INPUT_MODES),
  responseFormat: z.enum(['auto', 'json_schema', 'json_object', 'text']),
  ...batchLimitOptionsSchema.shape,
});

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
  async submitBatch(rawOptions, context) {
    const options = parseOptions(llmExtractOptionsSchema, rawOptions, context.io);
    const endpoint = resolveEndpoint(options.baseUrl, context.io.env);
    const prompt = loadPromptTemplate('extraction', options.prompt, context.io.cwd);
    const name = options.name ?? options.model;
    const progress = createProgress<{ done: number; total: number; phase: string }>(
      context.io,
      `${name} batch {phase} [{bar}] {value}/{total}`,
      (counters) => ({ phase: counters.phase }),
    );
    const summary = await interruptible(context.io, (signal) =>
      submitExtractionBatch({
        db: context.db,
        study: context.studyName,
        extractorName: name,
        config: {
          endpoint: endpoint.baseURL,
          model: options.model,
          prompt,
          temperature: options.temperature,
          maxTokens: options.maxTokens,
          input: options.input,
          responseFormat: options.responseFormat,
        },
        onlySampled: context.onlySampled,
        api: batchApiFor(context.io, options)(endpoint.baseURL),
        limits: batchLimitsOf(options),
        signal,
        onProgress: (counters) => progress.update(counters),
      }),
    ).finally(() => progress.stop());
    const waiting = summary.inBatch > 0 ? `, ${summary.inBatch} in a batch job already` : '';
    const toDo = summary.considered - summary.skipped - summary.inBatch;
    return {
      lines: [
        `extract --batch: extractor "${summary.extractor}" (llm ${options.model} at ${endpoint.baseURL}, prompt ${prompt.source} (${prompt.hash.slice(0, 12)}), input ${options.input})`,
        `  arguments ${summary.considered}${context.onlySampled ? ' (latest sample)' : ''}: ${summary.skipped} already extracted with these parameters${waiting}, ${toDo} to do`,
        ...submissionLines(summary),
      ],
      exitCode: submissionExitCode(summary),
    };
  },
};
