import { z } from 'zod';
import { testSchema } from '../../../../shared/vocabulary.ts';
import type { BatchJobRow } from '../../../store/llm-batches.ts';
import { EXTRACTION_INPUT_MODES } from '../extraction-input.ts';
import type { ExtractionRequestConfig } from '../extraction-request.ts';
import type { GenerationRequestConfig } from '../generation-request.ts';
import type { PromptTemplate } from '../prompts.ts';

// A job keeps the whole request configuration, the prompt's sections included, so that a retry
// after a restart rebuilds byte-identical requests without the prompt file (which may have changed).
const promptSchema = z.object({
  kind: z.enum(['argument', 'extraction']),
  source: z.string(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  sections: z.array(z.object({ role: z.enum(['system', 'user']), text: z.string() })).min(1),
});

const common = {
  endpoint: z.string().min(1),
  model: z.string().min(1),
  temperature: z.number().min(0).max(2),
  maxTokens: z.number().int().positive(),
};

export const extractionJobConfigSchema = z.object({
  purpose: z.literal('extract'),
  ...common,
  /** The extractor name the results are stored under. */
  extractor: z.string().min(1),
  prompt: promptSchema.extend({ kind: z.literal('extraction') }),
  input: z.enum(EXTRACTION_INPUT_MODES),
  responseFormat: z.enum(['auto', 'json_schema', 'json_object', 'text']),
});

export const generationJobConfigSchema = z.object({
  purpose: z.literal('generate'),
  ...common,
  test: testSchema,
  prompt: promptSchema.extend({ kind: z.literal('argument') }),
});

export const batchJobConfigSchema = z.discriminatedUnion('purpose', [
  extractionJobConfigSchema,
  generationJobConfigSchema,
]);
export type ExtractionJobConfig = z.infer<typeof extractionJobConfigSchema>;
export type GenerationJobConfig = z.infer<typeof generationJobConfigSchema>;
export type BatchJobConfig = z.infer<typeof batchJobConfigSchema>;

/** What a job's config column says, checked: a hand-edited or foreign row fails loudly. */
export function readJobConfig(job: BatchJobRow): BatchJobConfig {
  const parsed = batchJobConfigSchema.safeParse(JSON.parse(job.config));
  if (!parsed.success)
    throw new Error(
      `batch job ${job.id}: its stored configuration is unreadable (${parsed.error.issues[0]?.message})`,
    );
  return parsed.data;
}

function promptOf(prompt: ExtractionJobConfig['prompt'] | GenerationJobConfig['prompt']): PromptTemplate {
  return { kind: prompt.kind, source: prompt.source, hash: prompt.hash, sections: prompt.sections };
}

export function extractionJobConfig(extractor: string, config: ExtractionRequestConfig): ExtractionJobConfig {
  return extractionJobConfigSchema.parse({
    purpose: 'extract',
    extractor,
    endpoint: config.endpoint,
    model: config.model,
    temperature: config.temperature,
    maxTokens: config.maxTokens,
    prompt: config.prompt,
    input: config.input,
    responseFormat: config.responseFormat,
  });
}

export function generationJobConfig(config: GenerationRequestConfig): GenerationJobConfig {
  return generationJobConfigSchema.parse({ purpose: 'generate', ...config });
}

/** The request configuration a job was submitted with. */
export function extractionRequestConfigOf(config: ExtractionJobConfig): ExtractionRequestConfig {
  return {
    endpoint: config.endpoint,
    model: config.model,
    prompt: promptOf(config.prompt),
    temperature: config.temperature,
    maxTokens: config.maxTokens,
    input: config.input,
    responseFormat: config.responseFormat,
  };
}

export function generationRequestConfigOf(config: GenerationJobConfig): GenerationRequestConfig {
  return {
    endpoint: config.endpoint,
    model: config.model,
    test: config.test,
    prompt: promptOf(config.prompt),
    temperature: config.temperature,
    maxTokens: config.maxTokens,
  };
}
