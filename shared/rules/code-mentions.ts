import { type FactorId, isFactorId } from '../factors.ts';
import { catalogueIdOfName } from './name-mentions.ts';
import type { FoundMention } from './types.ts';

// "F4", "f 4", "F-4", "Factor F6", "factor 4", "factors 4, 6 and 10": the number(s) are groups 1/2/3.
const CODE = /\b(?:F[ -]?(\d{1,2})|factors?\s+F?(\d{1,2})((?:\s*(?:,|and|&|or)\s*F?\d{1,2}\b)*))\b/gi;
const MORE_NUMBERS = /\d{1,2}/g;
// What may follow a code and belong to it: a label in parentheses "(Agreed-not-to-disclose)", or
// after optional ":"/"-" a hyphenated label "Agreed-not-to-disclose" or one capitalised word
// "Deception"; then an optional side marker "(P)".
const PARENTHESISED = /^\s*\(([^()\n]{2,60})\)/;
const HYPHENATED = /^\s*[:\-–—]?\s*([A-Za-z]+(?:-[A-Za-z]+)+)/;
const ONE_WORD = /^\s*[:\-–—]?\s*([A-Z][a-z]+)\b/;
const SIDE = /^\s*\((?:P|D)\)/i;

/** The label after a code that belongs to the mention, as [consumed length, label text], when there is one. */
function labelAfter(rest: string): { length: number; label: string } | null {
  const parenthesised = PARENTHESISED.exec(rest);
  if (parenthesised?.[1] && catalogueIdOfName(parenthesised[1]))
    return { length: parenthesised[0].length, label: parenthesised[1] };
  const hyphenated = HYPHENATED.exec(rest);
  if (hyphenated?.[1] && (catalogueIdOfName(hyphenated[1]) || /^[A-Z]/.test(hyphenated[1])))
    return { length: hyphenated[0].length, label: hyphenated[1] };
  const word = ONE_WORD.exec(rest);
  if (word?.[1] && catalogueIdOfName(word[1])) return { length: word[0].length, label: word[1] };
  return null;
}

function mentionOf(number: string, start: number, end: number, text: string): FoundMention {
  const id = `F${Number(number)}`;
  return isFactorId(id)
    ? { start, end, factor: id as FactorId, style: 'code', text: text.slice(start, end), found: 'find.code' }
    : { start, end, factor: 'unlisted', style: 'code', text: text.slice(start, end), found: 'find.code' };
}

/**
 * Mentions by code: "F4", "F 4", "F-4", "F4:", "Factor F6", "factor 4", and a list after the word
 * "factors" ("factors 4, 6 and 10" gives three). The label that follows a code is part of the
 * mention — "F4 Agreed-not-to-disclose (P)", "F16:Info-reverse-engineerable", "F10 -
 * Secrets-disclosed-outsiders", "factor 4 (agreed not to disclose)" — and the code decides the
 * factor even when the label names another ("F6 Agreed-not-to-disclose" is F6), as
 * `normaliseFactorReference` does. A code outside the catalogue (F9, F30) is `unlisted`, its text
 * the code with its label and without the side marker ("F30 Market-dominance").
 *
 * @example findCodeMentions('as in TSC1 (F4 Agreed-not-to-disclose (P))')[0] // { start: 12, end: 42, factor: 'F4', style: 'code', … }
 */
export function findCodeMentions(text: string): FoundMention[] {
  const mentions: FoundMention[] = [];
  CODE.lastIndex = 0;
  for (let match = CODE.exec(text); match; match = CODE.exec(text)) {
    const start = match.index;
    const single = match[1] ?? (match[3] ? undefined : match[2]);
    if (single !== undefined) {
      let end = start + match[0].length;
      const label = labelAfter(text.slice(end, end + 80));
      let recorded = end;
      if (label) {
        end += label.length;
        recorded = end;
      }
      const side = SIDE.exec(text.slice(end, end + 8));
      if (side) end += side[0].length;
      const mention = mentionOf(single, start, end, text);
      if (mention.factor === 'unlisted') mention.text = text.slice(start, recorded).replace(/\s+/g, ' ');
      mentions.push(mention);
      CODE.lastIndex = end;
      continue;
    }
    // "factors 4, 6 and 10": one mention per number, each spanning its own digits (the first also
    // the word "factors").
    const first = match[2] ?? '';
    const firstEnd = start + match[0].length - (match[3] ?? '').length;
    mentions.push(mentionOf(first, start, firstEnd, text));
    const tail = match[3] ?? '';
    MORE_NUMBERS.lastIndex = 0;
    for (let more = MORE_NUMBERS.exec(tail); more; more = MORE_NUMBERS.exec(tail)) {
      const moreStart = firstEnd + more.index;
      const withF = text[moreStart - 1]?.toUpperCase() === 'F' ? moreStart - 1 : moreStart;
      mentions.push(mentionOf(more[0], withF, moreStart + more[0].length, text));
    }
  }
  return mentions;
}
