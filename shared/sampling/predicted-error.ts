import type { Extraction } from '../schemas/extraction.ts';
import type { ExtractionMention } from '../schemas/extraction-mention.ts';
import { CASES } from '../vocabulary.ts';

/** What the predicted error reads of an extraction: its status, per-case lists and evidence. */
export type ExtractionReading = Pick<Extraction, 'status' | 'current' | 'tsc1' | 'tsc2' | 'mentions'>;

export interface PredictedErrorInput {
  /** Characters of the argument text. */
  textLength: number;
  /** The rules extractor's record for the argument (always computable offline); null when missing. */
  rules: ExtractionReading | null;
  /** The study's primary extractor's record; null when missing or when the primary is the rules extractor. */
  primary: ExtractionReading | null;
}

export interface PredictedError {
  /** The predicted error e ∈ [0, 1]. */
  value: number;
  /** d: Jaccard distance between the two extractors' (case, factor) sets; null without both records. */
  disagreement: number | null;
  /** u: share of the rules extractor's mentions read with an uncertain rule or wording; null without its record. */
  uncertainReadings: number | null;
  /** t: the larger of the paraphrase share of the rules mentions and the text's length score. */
  text: number;
}

/** The weights of d, u and t; renormalised over the components that exist for an argument. */
export const PREDICTED_ERROR_WEIGHTS = { disagreement: 0.5, uncertainReadings: 0.3, text: 0.2 } as const;

/** Length score: 0 up to LENGTH_FROM characters, rising linearly to 1 at LENGTH_TO and beyond. */
export const LENGTH_FROM = 1_000;
export const LENGTH_TO = 8_000;

/** Rule families whose reading is an interpretation (the sentence could be read another way). */
const UNCERTAIN_RULE_FAMILIES = new Set(['anaphora', 'modality', 'hypothetical', 'negation']);
/** Rules that guessed the case because the sentence did not say which one. */
const GUESSED_CASE_RULES = new Set(['case.default-current']);

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function pairs(reading: ExtractionReading): Set<string> {
  const set = new Set<string>();
  for (const caseId of CASES) for (const factor of reading[caseId]) set.add(`${caseId}:${factor}`);
  return set;
}

/**
 * d = 1 − |A ∩ B| / |A ∪ B| over the (case, factor) pairs the two extractors list (0 when both list
 * nothing); a failed extraction of either disagrees completely (d = 1): its reading is unusable.
 */
export function extractorDisagreement(a: ExtractionReading, b: ExtractionReading): number {
  if (a.status === 'failed' || b.status === 'failed') return a.status === b.status ? 0 : 1;
  const left = pairs(a);
  const right = pairs(b);
  const union = new Set([...left, ...right]);
  if (union.size === 0) return 0;
  let shared = 0;
  for (const pair of left) if (right.has(pair)) shared += 1;
  return 1 - shared / union.size;
}

/**
 * Whether the rules extractor read a mention with doubt: negated or hypothetical polarity, a
 * paraphrase rather than a code or name, no case named, or a rule of the anaphora, modality,
 * hypothetical or negation families (docs/RULES-EXTRACTOR.md, "The rule table") or a guessed case.
 */
export function isUncertainReading(mention: ExtractionMention): boolean {
  if (mention.polarity !== 'asserted' || mention.style === 'paraphrase' || mention.case === null) return true;
  return (mention.rules ?? []).some(
    (rule) => GUESSED_CASE_RULES.has(rule) || UNCERTAIN_RULE_FAMILIES.has(rule.split('.')[0] ?? ''),
  );
}

/** 0 up to LENGTH_FROM characters, 1 from LENGTH_TO, linear between. */
export function lengthScore(characters: number): number {
  return clamp01((characters - LENGTH_FROM) / (LENGTH_TO - LENGTH_FROM));
}

const share = (mentions: readonly ExtractionMention[], test: (mention: ExtractionMention) => boolean) =>
  mentions.length === 0 ? 0 : mentions.filter(test).length / mentions.length;

/**
 * The extractor's predicted error on an argument, from what is known before gold (issue 28; the
 * "predicted error" of active statistical inference, Zrnic & Candès 2024):
 *
 *   e = (w_d·d + w_u·u + w_t·t) / (sum of the weights of the components that exist)
 *
 * with w = (0.5, 0.3, 0.2); d the disagreement of the primary and rules extractors
 * (`extractorDisagreement`), u the share of the rules mentions read with doubt (`isUncertainReading`),
 * t = max(paraphrase share of the rules mentions, `lengthScore` of the text). Without the primary's
 * record d is left out; without the rules record d and u are. Each component is in [0, 1], so e is.
 *
 * @example predictedError({ textLength: 500, rules: null, primary: null }).value // 0
 */
export function predictedError(input: PredictedErrorInput): PredictedError {
  const mentions = input.rules?.status === 'extracted' ? (input.rules.mentions ?? []) : [];
  const disagreement =
    input.rules && input.primary ? extractorDisagreement(input.primary, input.rules) : null;
  const uncertainReadings = input.rules ? share(mentions, isUncertainReading) : null;
  const text = Math.max(
    share(mentions, (mention) => mention.style === 'paraphrase'),
    lengthScore(input.textLength),
  );
  const w = PREDICTED_ERROR_WEIGHTS;
  let sum = w.text * text;
  let weight = w.text;
  if (disagreement !== null) {
    sum += w.disagreement * disagreement;
    weight += w.disagreement;
  }
  if (uncertainReadings !== null) {
    sum += w.uncertainReadings * uncertainReadings;
    weight += w.uncertainReadings;
  }
  return { value: clamp01(sum / weight), disagreement, uncertainReadings, text };
}
