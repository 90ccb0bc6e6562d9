import { FACTORS, type FactorId, isFactorId } from './factors.ts';

/**
 * What a free-text factor reference resolves to: one of the 26 catalogue factors, or an
 * `unlisted` mention that keeps its original wording (an invented "F30 Market-dominance", a
 * made-up name) so it can be counted as a hallucination.
 */
export type FactorReference =
  | { kind: 'factor'; id: FactorId; text: string }
  | { kind: 'unlisted'; text: string };

/** Lower case, every run of non-alphanumerics one space: "Agreed-Not-To-Disclose" → "agreed not to disclose". */
export function foldFactorText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const ID_BY_FOLDED_NAME: ReadonlyMap<string, FactorId> = new Map(
  FACTORS.map((factor) => [foldFactorText(factor.name), factor.id]),
);

// "F4", "f 4", "F4:", "F4 Agreed-not-to-disclose (P)": a code, then optionally a name.
const CODE_PREFIX = /^f\s?(\d{1,3})\b[\s:.\-–—]*(.*)$/i;
// A trailing side marker "(P)" / "(D)" / "(p)" as the study prints it.
const SIDE_SUFFIX = /\s*\((?:p|d)\)\s*$/i;
// Quotes, brackets and list punctuation that surround items in the extractor's raw text.
const WRAPPING = /^[\s"'`“”‘’,;[\]{}]+|[\s"'`“”‘’,;[\]{}]+$/g;

/**
 * Resolves one factor reference by this rule: strip wrapping quotes/punctuation and a "(P)"/"(D)"
 * side marker; if the text starts with a factor code ("F4", "f4", "F 4"), the code decides (a
 * code outside the catalogue, such as F9 or F30, makes the whole text unlisted); otherwise the
 * name decides, compared case- and punctuation-insensitively ("agreed not to disclose" =
 * "Agreed-Not-To-Disclose"). Anything else is unlisted, with its text kept.
 *
 * @example normaliseFactorReference('F4 Agreed-not-to-disclose (P)') // { kind: 'factor', id: 'F4', … }
 * @example normaliseFactorReference('F30 Market-dominance') // { kind: 'unlisted', text: 'F30 Market-dominance' }
 */
export function normaliseFactorReference(raw: string): FactorReference {
  const text = raw.replace(WRAPPING, '').replace(/\s+/g, ' ');
  const withoutSide = text.replace(SIDE_SUFFIX, '');
  const coded = CODE_PREFIX.exec(withoutSide);
  if (coded) {
    const id = `F${Number(coded[1])}`;
    return isFactorId(id) ? { kind: 'factor', id, text } : { kind: 'unlisted', text };
  }
  const byName = ID_BY_FOLDED_NAME.get(foldFactorText(withoutSide));
  return byName ? { kind: 'factor', id: byName, text } : { kind: 'unlisted', text };
}

/**
 * The key two unlisted mentions are compared by: the text without wrapping punctuation or a
 * "(P)"/"(D)" side marker, folded — so "F30 Market-dominance (P)" and "f30 market dominance" match.
 */
export function unlistedMentionKey(text: string): string {
  return foldFactorText(text.replace(WRAPPING, '').replace(SIDE_SUFFIX, ''));
}
