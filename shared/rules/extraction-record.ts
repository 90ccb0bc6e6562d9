import type { ExtractionInput } from '../schemas/extraction.ts';
import { type ExtractionMention, MAX_EXTRACTION_MENTIONS } from '../schemas/extraction-mention.ts';
import type { RulesExtraction } from './types.ts';

/** The extractor's name in extraction records. */
export const RULES_EXTRACTOR_NAME = 'rules';

/**
 * Version of the rules (code and the lexicon format together); bump it when a change can alter
 * an extraction, so records made by different versions are not pooled by mistake.
 */
export const RULES_EXTRACTOR_VERSION = '3.7.0';

/**
 * One line of extractions JSONL (docs/FORMATS.md#extractions--jsonl) for a rules extraction: the per-case
 * lists, the unlisted mentions, and `abstained` — true for an exact or near-miss abstention, even
 * one that still lists factors (guidelines: such a response "is abstained, and the listed factors
 * are marked as usual"). The paper's RatioAbstain ("all extracted sets empty") is computed from the
 * lists, so it is unaffected. `raw` records the extractor version. `mentions` is the evidence
 * (offsets into the argument text, case, factor, style, polarity; the quoted wording is left out,
 * the offsets find it), at most MAX_EXTRACTION_MENTIONS, the first ones in text order kept. The
 * exact-phrase and truncation flags have no place in this format; keep the `RulesExtraction` for them.
 *
 * @example toExtractionRecord('a1', extraction) // { argument_id: 'a1', extractor: 'rules', current: ['F4'], … }
 */
export function toExtractionRecord(argumentId: string, result: RulesExtraction): ExtractionInput {
  return {
    argument_id: argumentId,
    extractor: RULES_EXTRACTOR_NAME,
    current: [...result.current],
    tsc1: [...result.tsc1],
    tsc2: [...result.tsc2],
    unlisted: result.unlisted.map((mention) => ({ ...mention })),
    abstained: result.abstention !== 'none',
    raw: `rules ${RULES_EXTRACTOR_VERSION}`,
    status: 'extracted',
    mentions: result.mentions.slice(0, MAX_EXTRACTION_MENTIONS).map(
      (mention): ExtractionMention => ({
        start: mention.start,
        end: mention.end,
        case: mention.case,
        factor: mention.factor,
        style: mention.style,
        polarity: mention.polarity,
        rules: [...mention.rules],
      }),
    ),
  };
}
