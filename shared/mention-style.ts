import type { FactorId } from './factors.ts';
import { findCodeMentions } from './rules/code-mentions.ts';
import { findNameMentions, findPseudoNameMentions } from './rules/name-mentions.ts';
import type { MentionStyle } from './schemas/annotation.ts';

// The selection is read with the rules extractor's own code and name finders, so that the style an
// annotator is offered and the style the extractor reports follow one definition of "code" and
// "name" (and the report's per-style recall compares like with like). One addition: an underscore
// is read as a hyphen ("agreed_not_to_disclose" is a name), as models that write JSON keys spell
// names that way; the swap keeps every offset, so the finders' ranges stay valid.

function withHyphens(selected: string): string {
  return selected.replaceAll('_', '-');
}

/**
 * The style to preselect for a highlighted mention of `factor`, by the guideline rule "code wins
 * when a mention has both":
 * - `code` when the selection holds that factor's code as the rules extractor reads codes: "F4",
 *   "f4", "F 4", "F-4", "F04", "factor 4", "factors 4, 6 and 10" — but not "F40" or "F14". For
 *   `unlisted`, every code outside the catalogue ("F30", "F9") counts.
 * - else `name` when it holds the factor's catalogue name whatever the casing and hyphenation
 *   ("Agreed-not-to-disclose", "agreed not to disclose", "agreed_not_to_disclose", plural "s"
 *   allowed); the longest name wins,
 *   so "No-security-measures" is not a name mention of F6 Security-measures. For `unlisted`, a
 *   label that looks like a factor name ("Market-dominance (P)", "**Employee-Trust**").
 * - else `paraphrase`.
 * A suggestion only: the annotator may change it.
 *
 * @example suggestMentionStyle('F4 Agreed-not-to-disclose (P)', 'F4') // 'code'
 * @example suggestMentionStyle('the defendant agreed not to disclose it', 'F4') // 'name'
 * @example suggestMentionStyle('signed a confidentiality agreement', 'F4') // 'paraphrase'
 */
export function suggestMentionStyle(selected: string, factor: FactorId | 'unlisted'): MentionStyle {
  if (findCodeMentions(selected).some((mention) => mention.factor === factor)) return 'code';
  const words = withHyphens(selected);
  const names = factor === 'unlisted' ? findPseudoNameMentions(words) : findNameMentions(words);
  if (names.some((mention) => mention.factor === factor)) return 'name';
  return 'paraphrase';
}

/**
 * The one catalogue factor a selection names by code or by name, so the palette can preselect it;
 * `undefined` when it names none or more than one. A name that is the label of a code ("F6
 * Agreed-not-to-disclose") belongs to that code — the code decides, as in
 * `normaliseFactorReference` — so that selection names F6 alone. Codes outside the catalogue
 * (F9, F30) name no catalogue factor and are ignored.
 *
 * @example detectFactorInSelection('F4 Agreed-not-to-disclose (P)') // 'F4'
 * @example detectFactorInSelection('F4 and F6') // undefined
 */
export function detectFactorInSelection(selected: string): FactorId | undefined {
  const codes = findCodeMentions(selected);
  const named = new Set<FactorId>();
  for (const mention of codes) if (mention.factor !== 'unlisted') named.add(mention.factor);
  for (const mention of findNameMentions(withHyphens(selected))) {
    const insideCode = codes.some((code) => code.start <= mention.start && mention.end <= code.end);
    if (!insideCode && mention.factor !== 'unlisted') named.add(mention.factor);
  }
  if (named.size !== 1) return undefined;
  return [...named][0];
}
