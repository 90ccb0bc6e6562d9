import type { ExtractionMention } from '../../../shared/schemas/extraction-mention.ts';
import type { UnlistedMention } from '../../../shared/schemas/factor-list.ts';
import type { StoredArgument } from '../../store/arguments.ts';
import type { ExtractorKind } from '../../store/extractors.ts';

/*
 * The extractor contract: what every extractor (the LLM one, the rules, the demo's) gives the runner
 * and the writer, on its own so neither depends on the other to name it.
 */

/** What one extraction cost, for the progress bar and the summary (LLM extractors fill it in). */
export interface ExtractionCost {
  /** HTTP requests made (0 on a cache hit). */
  calls: number;
  cacheHit: boolean;
  retries: number;
  inputTokens: number;
  outputTokens: number;
}

/**
 * What an extractor says about one argument, in the extractions format's terms (factor references
 * as written). `alsoWrite` stores what belongs with the extraction (an LLM call's provenance row);
 * the runner calls it in the same transaction as the extraction, so neither is stored without the
 * other.
 */
export type ExtractionResult =
  | {
      status: 'extracted';
      current: string[];
      tsc1: string[];
      tsc2: string[];
      unlisted?: UnlistedMention[];
      abstained?: boolean;
      raw?: string;
      /** Evidence spans, where the extractor has them (the rules extractor). */
      mentions?: ExtractionMention[];
      cost?: ExtractionCost;
      alsoWrite?: () => Promise<void>;
    }
  | { status: 'failed'; error: string; raw?: string; cost?: ExtractionCost; alsoWrite?: () => Promise<void> };

export interface ExtractContext {
  /** The extraction_runs row of this run (an LLM extractor links its calls to it). */
  runId: number;
  /** Aborts on Ctrl-C: stop and reject with `InterruptedError`; nothing is written for the item. */
  signal: AbortSignal;
}

/**
 * Anything that lists the factors an argument asserts: the LLM extractor (server/services/llm/
 * llm-extractor.ts), the rule-based one, … `runExtraction` drives it.
 */
export interface Extractor {
  /** The extractor's name in the study (extractions are stored per name). */
  name: string;
  kind: Exclude<ExtractorKind, 'imported'>;
  version: string | null;
  /**
   * How it runs (model, endpoint, prompt hash, temperature, …, or a lexicon version). Recorded on
   * the run; an argument already extracted by a run with equal parameters is skipped.
   */
  parameters: Record<string, unknown>;
  extract(argument: StoredArgument, context: ExtractContext): Promise<ExtractionResult>;
}
