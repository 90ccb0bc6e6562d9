import type { Judgement } from '../schemas/annotation.ts';
import { type AssertedSets, assertedSets, bitCount, FACTOR_COUNT } from './factor-sets.ts';
import { type GoldStyle, mentionEvidence } from './mention-evidence.ts';

/** How one unit of comparison came out: both present (tp), extractor only (fp), gold only (fn). */
export type UnitOutcome = 'tp' | 'fp' | 'fn';

/** One unit (argument, case, factor) or (argument, case, unlisted text) that either side asserts. */
export interface ComparedUnit {
  caseIndex: 0 | 1 | 2;
  /** Catalogue position 0…25 (`factorAt`), or −1 for an unlisted unit. */
  factor: number;
  /** The unlisted unit's `unlistedKey`, else `null`. */
  unlisted: string | null;
  outcome: UnitOutcome;
  /** The gold unit's mention style (tp and fn only; `null` for fp, which has no gold mention). */
  style: GoldStyle | null;
  /** An fp on a mention the gold marks as negated (`negated_as_present`). */
  negatedAsPresent: boolean;
}

/** The comparison of one extraction with the gold for one argument. */
export interface GoldComparison {
  units: ComparedUnit[];
  /** Units (case, factor) the gold marks only as negated mentions. */
  negatedMentions: number;
  /** Of those, how many the extractor counted as present. */
  negatedAsPresent: number;
}

/**
 * An extractor's output against the adjudicated gold for one argument, unit by unit
 * (docs/STATISTICS.md §3.1): every (case, factor) either side asserts present is tp (both), fp (extractor
 * only) or fn (gold only); unlisted mentions are extra units (case, `unlistedKey(text)`), compared by
 * their normalised text. Pairs neither side asserts (true negatives) are not listed: there are
 * 78 − tp − fp − fn of them among the catalogue decisions.
 *
 * Gold units carry their mention style (`mentionEvidence`: code > name > paraphrase, or unspanned),
 * so recall can be broken down by how the argument worded the factor. A gold span with polarity
 * `negated` for (case, factor) that the gold does not assert is a negated mention; when the
 * extractor asserts it, that fp is also counted in `negatedAsPresent`.
 *
 * Units are listed case by case, catalogue factors in catalogue order, then unlisted keys sorted.
 * Preconditions: a validated judgement and the extractor's sets (`assertedSets`). Never throws.
 * Degenerate input: both sides empty → no units.
 *
 * @example
 * // gold current {F4, F6} (F4 by code), tsc1 {F4}; extractor current {F4}, tsc1 {F4, F5}; gold negates F5 in tsc1
 * // → current F4 tp (code), current F6 fn (unspanned), tsc1 F4 tp, tsc1 F5 fp (negatedAsPresent)
 */
export function compareWithGold(gold: Judgement, extracted: AssertedSets): GoldComparison {
  const goldSets = assertedSets(gold);
  const evidence = mentionEvidence(gold);
  const units: ComparedUnit[] = [];
  let negatedMentions = 0;
  let negatedAsPresent = 0;
  for (let c = 0 as 0 | 1 | 2; c < 3; c = (c + 1) as 0 | 1 | 2) {
    const g = goldSets.masks[c] ?? 0;
    const e = extracted.masks[c] ?? 0;
    const negated = evidence.negated[c] ?? 0;
    negatedMentions += bitCount(negated);
    for (let f = 0; f < FACTOR_COUNT; f++) {
      const inGold = ((g >>> f) & 1) === 1;
      const inExtraction = ((e >>> f) & 1) === 1;
      if (!inGold && !inExtraction) continue;
      const outcome: UnitOutcome = inGold && inExtraction ? 'tp' : inGold ? 'fn' : 'fp';
      const isNegated = outcome === 'fp' && ((negated >>> f) & 1) === 1;
      if (isNegated) negatedAsPresent++;
      units.push({
        caseIndex: c,
        factor: f,
        unlisted: null,
        outcome,
        style: inGold ? evidence.factorStyle(c, f) : null,
        negatedAsPresent: isNegated,
      });
    }
    const goldUnlisted = goldSets.unlisted[c] ?? new Set<string>();
    const extractedUnlisted = extracted.unlisted[c] ?? new Set<string>();
    const keys = [...new Set([...goldUnlisted, ...extractedUnlisted])].sort();
    for (const key of keys) {
      const inGold = goldUnlisted.has(key);
      const outcome: UnitOutcome = inGold && extractedUnlisted.has(key) ? 'tp' : inGold ? 'fn' : 'fp';
      units.push({
        caseIndex: c,
        factor: -1,
        unlisted: key,
        outcome,
        style: inGold ? evidence.unlistedStyle(c, key) : null,
        negatedAsPresent: false,
      });
    }
  }
  return { units, negatedMentions, negatedAsPresent };
}
