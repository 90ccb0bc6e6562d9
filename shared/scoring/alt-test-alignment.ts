import type { Judgement } from '../schemas/annotation.ts';
import type { Extraction } from '../schemas/extraction.ts';
import {
  type AssertedSets,
  assertedSets,
  assertsNothing,
  bitCount,
  type CaseMasks,
  FACTOR_COUNT,
} from './factor-sets.ts';

/** How two readings of one argument are compared in the alternative annotator test. */
export const ALT_ALIGNMENTS = ['jaccard', 'accuracy'] as const;
export type AltAlignment = (typeof ALT_ALIGNMENTS)[number];

/** What the alternative annotator test compares: the catalogue factors asserted per case, and abstention. */
export interface AltReading {
  masks: CaseMasks;
  abstained: boolean;
}

/** The 26 catalogue factors in each of the three cases: the decisions `accuracy` counts. */
export const ALT_DECISIONS = 3 * FACTOR_COUNT;

/** An annotator's (or the gold's) reading: its factor lists, and its `abstained` flag. */
export function judgementReading(judgement: Judgement): AltReading {
  return { masks: assertedSets(judgement).masks, abstained: judgement.abstained };
}

/**
 * An extractor's reading. Abstention is the record's `abstained` flag where the extractor sets it
 * (the rules extractor does); an extractor that does not say (an LLM asked only for factor lists)
 * abstains when it asserts nothing at all — no catalogue factor and no unlisted mention case-insensitively —
 * the paper's own rule for RatioAbstain ("all extracted sets empty", docs/STATISTICS.md §2.3).
 */
export function extractionReading(extraction: Extraction): AltReading {
  const sets: AssertedSets = assertedSets(extraction);
  return { masks: sets.masks, abstained: extraction.abstained ?? assertsNothing(sets) };
}

/**
 * The alignment of two readings of one argument, in [0, 1]:
 *
 * - `jaccard`: |A ∩ B| / |A ∪ B| over the sets of asserted (case, factor) pairs — the 26 catalogue
 *   factors in the current case, TSC1 and TSC2 — each with one more element, "abstained", when the
 *   reading abstains. Two empty sets (neither asserts a factor nor abstains) align at 1: they agree
 *   on everything. Unlisted mentions are left out (their wording is free, so sets of them align
 *   poorly by chance).
 * - `accuracy`: the share of the 78 (case, factor) decisions on which the two agree, 1 − |A △ B| / 78
 *   (abstention is not one of them).
 *
 * @example altAlignment({ masks: [0b11, 0, 0], abstained: false }, { masks: [0b1, 0, 0], abstained: false }, 'jaccard') // 0.5
 */
export function altAlignment(a: AltReading, b: AltReading, kind: AltAlignment): number {
  let both = 0;
  let either = 0;
  for (let c = 0; c < 3; c++) {
    const first = a.masks[c] ?? 0;
    const second = b.masks[c] ?? 0;
    both += bitCount(first & second);
    either += bitCount(first | second);
  }
  if (kind === 'accuracy') return 1 - (either - both) / ALT_DECISIONS;
  if (a.abstained && b.abstained) both++;
  if (a.abstained || b.abstained) either++;
  return either === 0 ? 1 : both / either;
}
