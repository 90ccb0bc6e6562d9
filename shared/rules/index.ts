export { classifyAbstention } from './abstention.ts';
export { explainExtraction } from './explain.ts';
export { type ExtractOptions, extractFactors } from './extract.ts';
export { RULES_EXTRACTOR_NAME, RULES_EXTRACTOR_VERSION, toExtractionRecord } from './extraction-record.ts';
export { structuralProblems } from './grammar.ts';
export { type Lexicon, lexiconSchema, parsePhrase } from './lexicon.ts';
export type { NamedRule, RuleFamily } from './named-rule.ts';
export { RULE_TABLE, ruleNamed } from './rule-table.ts';
export type { Abstention, RuleName, RulesExtraction, RulesMention, RulesPolarity } from './types.ts';
