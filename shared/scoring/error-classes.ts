import { type ClassifiedDecision, ERROR_CLASSES, type ErrorClass } from '../adjudication-api.ts';
import { FACTOR_IDS, type FactorId } from '../factors.ts';
import type { Judgement, MentionStyle, Span } from '../schemas/annotation.ts';
import type { UnlistedMention } from '../schemas/factor-list.ts';
import { CASES, type CaseId } from '../vocabulary.ts';
import { unlistedKey } from './factor-sets.ts';

// The order lives with the schema; reports import it from here with the rest of the scoring.
export { ERROR_CLASSES };

/** What an extractor asserts of one argument: per case the catalogue factors, and unlisted mentions. */
export interface ExtractedSets {
  current: readonly FactorId[];
  tsc1: readonly FactorId[];
  tsc2: readonly FactorId[];
  unlisted: readonly UnlistedMention[];
}

const RANK: Readonly<Record<MentionStyle, number>> = { code: 3, name: 2, paraphrase: 1 };

/** The strongest style of some spans (code > name > paraphrase), or `unmarked` when there are none. */
function strongestStyle(spans: readonly Span[]): MentionStyle | 'unmarked' {
  let best: MentionStyle | 'unmarked' = 'unmarked';
  for (const span of spans) if (best === 'unmarked' || RANK[span.style] > RANK[best]) best = span.style;
  return best;
}

/** The longest wording a classified decision carries (`classifiedDecisionSchema`); an extractor's may be longer. */
const WORDING_MAX = 500;

const ranges = (spans: readonly Span[]) => spans.map((span) => ({ start: span.start, end: span.end }));

/**
 * Every (case, factor) an extractor asserts or the gold asserts for one argument, classified against
 * the gold (docs/decisions/010-adjudication.md, "Error classes"). For a catalogue factor f in case c,
 * with G = the gold ticks (c, f) and E = the extractor asserts it:
 *
 * - G and E → `correct`;
 * - G, not E → `missed`; `goldStyle` is the strongest style of the gold's asserted spans for (c, f),
 *   code > name > paraphrase as in `mentionEvidence`, or `unmarked` when the gold ticks it without one;
 * - E, not G, in this precedence:
 *   1. the gold marks a `negated` mention of f in c → `negated_as_present` (the same unit the report's
 *      `negated_as_present` counts);
 *   2. the gold ticks f in another case → `wrong_case` (right factor, wrong case);
 *   3. otherwise → `extra` (present nowhere in the gold).
 *
 * Unlisted factors, compared by (case, `unlistedKey(text)`): in both → `correct`; the gold's only →
 * `missed` (style of its `unlisted` spans with the same folded text); the extractor's only →
 * `invented` (a factor outside the catalogue the gold does not record in that case). Their `factor`
 * is the wording (the extractor's, or the gold's for a miss), cut to 500 characters.
 *
 * `goldPolarity` is `asserted` for correct and missed units, `negated` for negated-as-present, else
 * null; `goldStyle` likewise (the negated mention's style for negated-as-present). `spans` are where
 * the gold mentions it, to highlight: its asserted spans; the negated spans; for a wrong case, the
 * asserted spans of f in the case(s) the gold has it. True negatives are not listed.
 *
 * Order: by case (current, TSC1, TSC2); catalogue factors in catalogue order, then unlisted by folded
 * text. Preconditions: a validated gold judgement. Pure. Degenerate input: both empty → [].
 *
 * @example
 * // gold current [F4] (span: code), tsc1 [F6], negated F5 in current;  extractor current [F5, F6], tsc1 [F6]
 * classifyExtraction(gold, extractor).map((d) => `${d.case} ${d.factor} ${d.class}`)
 * // ['current F4 missed', 'current F5 negated_as_present', 'current F6 wrong_case', 'tsc1 F6 correct']
 */
export function classifyExtraction(gold: Judgement, extracted: ExtractedSets): ClassifiedDecision[] {
  const decisions: ClassifiedDecision[] = [];
  const spansOf = (caseId: CaseId, factor: FactorId, polarity: Span['polarity']) =>
    gold.spans.filter((span) => span.case === caseId && span.factor === factor && span.polarity === polarity);
  for (const caseId of CASES) {
    const inGold = new Set(gold[caseId]);
    const inExtraction = new Set(extracted[caseId]);
    for (const factor of FACTOR_IDS) {
      const g = inGold.has(factor);
      const e = inExtraction.has(factor);
      if (!g && !e) continue;
      if (g) {
        const asserted = spansOf(caseId, factor, 'asserted');
        decisions.push({
          case: caseId,
          factor,
          class: e ? 'correct' : 'missed',
          goldStyle: strongestStyle(asserted),
          goldPolarity: 'asserted',
          spans: ranges(asserted),
        });
        continue;
      }
      const negated = spansOf(caseId, factor, 'negated');
      if (negated.length > 0) {
        decisions.push({
          case: caseId,
          factor,
          class: 'negated_as_present',
          goldStyle: strongestStyle(negated),
          goldPolarity: 'negated',
          spans: ranges(negated),
        });
        continue;
      }
      const elsewhere = CASES.filter((other) => other !== caseId && gold[other].includes(factor));
      decisions.push({
        case: caseId,
        factor,
        class: elsewhere.length > 0 ? 'wrong_case' : 'extra',
        goldStyle: null,
        goldPolarity: null,
        spans: ranges(elsewhere.flatMap((other) => spansOf(other, factor, 'asserted'))),
      });
    }
    decisions.push(...classifyUnlisted(gold, extracted, caseId));
  }
  return decisions;
}

function classifyUnlisted(gold: Judgement, extracted: ExtractedSets, caseId: CaseId): ClassifiedDecision[] {
  const wordingByKey = (mentions: readonly UnlistedMention[]) =>
    new Map(
      mentions
        .filter((mention) => mention.case === caseId)
        .map((m) => [unlistedKey(m.text), m.text] as const),
    );
  const goldTexts = wordingByKey(gold.unlisted);
  const extractedTexts = wordingByKey(extracted.unlisted);
  const keys = [...new Set([...goldTexts.keys(), ...extractedTexts.keys()])].sort();
  return keys.map((key): ClassifiedDecision => {
    const goldText = goldTexts.get(key);
    const extractedText = extractedTexts.get(key);
    if (goldText === undefined)
      return {
        case: caseId,
        factor: (extractedText ?? key).slice(0, WORDING_MAX),
        class: 'invented',
        goldStyle: null,
        goldPolarity: null,
        spans: [],
      };
    const asserted = gold.spans.filter(
      (span) =>
        span.case === caseId &&
        span.factor === 'unlisted' &&
        span.polarity === 'asserted' &&
        span.text !== undefined &&
        unlistedKey(span.text) === key,
    );
    return {
      case: caseId,
      factor: (extractedText ?? goldText).slice(0, WORDING_MAX),
      class: extractedText === undefined ? 'missed' : 'correct',
      goldStyle: strongestStyle(asserted),
      goldPolarity: 'asserted',
      spans: ranges(asserted),
    };
  });
}

/** How many decisions fall in each class (every class present, 0 when none). */
export function countErrorClasses(decisions: readonly ClassifiedDecision[]): Record<ErrorClass, number> {
  const counts = Object.fromEntries(ERROR_CLASSES.map((name) => [name, 0])) as Record<ErrorClass, number>;
  for (const decision of decisions) counts[decision.class] += 1;
  return counts;
}
