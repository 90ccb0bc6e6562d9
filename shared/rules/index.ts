export { classifyAbstention } from './abstention.ts';
export { type ExtractOptions, extractFactors } from './extract.ts';
export { RULES_EXTRACTOR_NAME, RULES_EXTRACTOR_VERSION, toExtractionRecord } from './extraction-record.ts';
export { type Lexicon, lexiconSchema, parsePhrase } from './lexicon.ts';
export type { Abstention, RulesExtraction, RulesMention, RulesPolarity } from './types.ts';
