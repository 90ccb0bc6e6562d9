/**
 * The matching key of a word, shared by the lexicon (its phrases' keys, `compileLexicon`) and the
 * text's words (`matchWords`); a module of its own so that neither imports the other for it.
 */

// Suffixes stripped by `stemWord`, longest first, with the shortest stem each may leave.
const SUFFIXES: ReadonlyArray<readonly [suffix: string, replacement: string, minStem: number]> = [
  ['ingly', '', 3],
  ['edly', '', 3],
  ['ings', '', 3],
  ['ing', '', 3],
  ['ies', 'y', 2],
  ['ied', 'y', 2],
  ['ly', '', 4],
  ['ed', '', 2],
  ['es', '', 2],
  ['s', '', 2],
  ['e', '', 2],
];

/**
 * A deliberately crude suffix stripper (no dictionary, no Porter steps): lower case, drop a
 * possessive "'s", then strip the first matching suffix of -ingly -edly -ings -ing -ies -ied -ly
 * -ed -es -s -e, so that inflections meet: disclose/disclosed/discloses/disclosing → "disclos",
 * measure/measures → "measur", copies/copied → "copy". A final "ss" is kept ("access").
 * Irregular forms (took/take, made/make) do not meet; the lexicon lists them as alternatives.
 *
 * @example stemWord('Disclosed') // 'disclos'
 */
export function stemWord(word: string): string {
  const cached = STEMS.get(word);
  if (cached !== undefined) return cached;
  if (STEMS.size >= STEM_CACHE_SIZE) STEMS.clear();
  const stem = stemUncached(word);
  STEMS.set(word, stem);
  return stem;
}

// Arguments reuse a small vocabulary, so stems are remembered (a bounded cache: cleared when full).
const STEM_CACHE_SIZE = 50_000;
const STEMS = new Map<string, string>();

function stemUncached(word: string): string {
  let lower = word.toLowerCase().replace(/['’]s$/, '');
  if (lower.endsWith("n't") || lower.endsWith('n’t')) return lower.replace('’', "'");
  if (lower.endsWith('ss')) return lower;
  for (const [suffix, replacement, minStem] of SUFFIXES) {
    if (lower.endsWith(suffix) && lower.length - suffix.length >= minStem) {
      lower = lower.slice(0, lower.length - suffix.length) + replacement;
      break;
    }
  }
  return lower;
}
