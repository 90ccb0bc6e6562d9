import type { Judgement, MentionStyle } from '../schemas/annotation.ts';
import { type CaseMasks, caseIndex, factorIndex, factorMask, unlistedKey } from './factor-sets.ts';

/** The style a gold unit is scored under: that of its asserted span(s), or `unspanned` when it has none. */
export type GoldStyle = MentionStyle | 'unspanned';

export const GOLD_STYLES: readonly GoldStyle[] = ['code', 'name', 'paraphrase', 'unspanned'];

/** What the gold's spans say about its units. */
export interface MentionEvidence {
  /** Style of the catalogue unit (case, factor position), or `unspanned`. */
  factorStyle: (caseIndex: number, factorIndex: number) => GoldStyle;
  /** Style of the unlisted unit (case, `unlistedKey`), or `unspanned`. */
  unlistedStyle: (caseIndex: number, key: string) => GoldStyle;
  /**
   * Per case, the factors the gold marks only as negated mentions: some span with polarity `negated`
   * for (case, factor), and the case does not assert the factor.
   */
  negated: CaseMasks;
}

const RANK: Readonly<Record<MentionStyle, number>> = { code: 3, name: 2, paraphrase: 1 };

/**
 * The mention style and polarity evidence of a judgement's spans (data/guidelines/ANNOTATION-GUIDELINES.md,
 * "What counts as a mention"; docs/STATISTICS.md §3.3):
 *
 * - style of a gold unit (c, f): over its *asserted* spans for case c and factor f, the strongest
 *   style, code > name > paraphrase (a unit mentioned once by code and once in a paraphrase is a
 *   code unit: the extractor had the easy cue available); no asserted span → `unspanned`. An
 *   unlisted unit (c, text) takes the style of asserted spans with factor `unlisted` in case c whose
 *   `text` has the same `unlistedKey`; spans without a text cannot be matched and leave it unspanned.
 * - negated units: (c, f) with a `negated` span and f not asserted for c — the mentions an
 *   extractor should not count as present (rule 3 of the guidelines).
 *
 * Preconditions: a judgement validated by `judgementSchema`. Never throws.
 * Degenerate input: no spans → every unit `unspanned`, no negated unit.
 *
 * @example
 * // spans: (current, F4, paraphrase, asserted), (current, F4, code, asserted), (tsc1, F5, name, negated)
 * mentionEvidence(judgement).factorStyle(0, factorIndex('F4')) // 'code'
 * mentionEvidence(judgement).negated // [0, 1 << factorIndex('F5'), 0] when TSC1 does not list F5
 */
export function mentionEvidence(judgement: Judgement): MentionEvidence {
  const factorRank = new Map<number, number>();
  const unlistedRank = new Map<string, number>();
  const negated: [number, number, number] = [0, 0, 0];
  const asserted: CaseMasks = [
    factorMask(judgement.current),
    factorMask(judgement.tsc1),
    factorMask(judgement.tsc2),
  ];
  for (const span of judgement.spans) {
    const c = caseIndex(span.case);
    if (span.factor === 'unlisted') {
      if (span.polarity !== 'asserted' || span.text === undefined) continue;
      const key = `${c}\u0000${unlistedKey(span.text)}`;
      unlistedRank.set(key, Math.max(unlistedRank.get(key) ?? 0, RANK[span.style]));
      continue;
    }
    const f = factorIndex(span.factor);
    if (span.polarity === 'negated') {
      if ((((asserted[c] ?? 0) >>> f) & 1) === 0) negated[c] |= 1 << f;
      continue;
    }
    const key = c * 32 + f;
    factorRank.set(key, Math.max(factorRank.get(key) ?? 0, RANK[span.style]));
  }
  return {
    factorStyle: (c, f) => styleOfRank(factorRank.get(c * 32 + f) ?? 0),
    unlistedStyle: (c, key) => styleOfRank(unlistedRank.get(`${c}\u0000${key}`) ?? 0),
    negated,
  };
}

function styleOfRank(rank: number): GoldStyle {
  return rank === 3 ? 'code' : rank === 2 ? 'name' : rank === 1 ? 'paraphrase' : 'unspanned';
}
