import { FACTOR_IDS, type FactorId } from '../factors.ts';
import { type Lexicon, lexiconSchema } from './lexicon.ts';

/**
 * A small valid lexicon for unit tests: one unlikely placeholder phrase per factor, replaced by
 * `phrases` where given, with the near-synonym classes `synonyms` and the concept `frames`. Tests of the real lexicon load `data/lexicon.json` instead.
 */
export function testLexicon(
  phrases: Partial<Record<FactorId, string[]>> = {},
  synonyms: Record<string, string[]> = {},
  frames: Partial<Record<FactorId, string[]>> = {},
): Lexicon {
  const factors: Record<string, string[]> = {};
  for (const id of FACTOR_IDS) factors[id] = phrases[id] ?? [`placeholder ${id.toLowerCase()} phrase`];
  return lexiconSchema.parse({ version: 'test', synonyms, factors, frames });
}
