export { extractionFailures, extractorRuns } from './extraction-runs.ts';
export type { ExtractContext, ExtractionCost, ExtractionResult, Extractor } from './extractor.ts';
export { createRulesExtractor, explainRulesExtraction } from './rules-extractor.ts';
export { runExtraction } from './run-extraction.ts';
