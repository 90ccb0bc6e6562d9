import shipped from '../../data/lexicon.json' with { type: 'json' };
import { FACTOR_IDS, type FactorId } from '../factors.ts';
import { type Lexicon, lexiconSchema } from './lexicon.ts';

/** The lexicon the project ships (data/lexicon.json), validated once: for tests of the structural rules. */
export const SHIPPED_LEXICON: Lexicon = lexiconSchema.parse(shipped);

/**
 * A small valid lexicon for unit tests: one unlikely placeholder phrase per factor, replaced by
 * `phrases` where given, with the near-synonym classes `synonyms` and the concept `frames`. The
 * structural word classes (negation words, outsiders …) are the shipped lexicon's, with the synonym
 * classes they name (a class the test defines itself wins), so the structural rules read as they
 * do in production. Tests of the real phrases use `SHIPPED_LEXICON`.
 */
export function testLexicon(
  phrases: Partial<Record<FactorId, string[]>> = {},
  synonyms: Record<string, string[]> = {},
  frames: Partial<Record<FactorId, string[]>> = {},
): Lexicon {
  const factors: Record<string, string[]> = {};
  for (const id of FACTOR_IDS) factors[id] = phrases[id] ?? [`placeholder ${id.toLowerCase()} phrase`];
  const named = new Set(
    Object.values(SHIPPED_LEXICON.structure).flatMap(({ words }) =>
      words.filter((word) => word.startsWith('@')).map((word) => word.replace(/^@|\*$/g, '')),
    ),
  );
  const structural = Object.fromEntries(
    Object.entries(SHIPPED_LEXICON.synonyms).filter(([name]) => named.has(name)),
  );
  return lexiconSchema.parse({
    version: 'test',
    synonyms: { ...structural, ...synonyms },
    factors,
    frames,
    structure: SHIPPED_LEXICON.structure,
  });
}
