import { FACTORS, type FactorId } from '../factors.ts';
import type { FoundMention } from './types.ts';

/** Letters and digits only, lower case, one plural "s" dropped: "Non-competition agreements" → "noncompetitionagreement". */
function nameKey(text: string): string {
  const key = text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return key.endsWith('s') ? key.slice(0, -1) : key;
}

const ID_BY_NAME_KEY: ReadonlyMap<string, FactorId> = new Map(
  FACTORS.map((factor) => [nameKey(factor.name), factor.id]),
);

/**
 * The catalogue factor a label names, compared without case, spaces, hyphens or a plural "s"
 * ("agreed not to disclose", "Non-competition agreement", "UNIQUE PRODUCTS"), or null.
 *
 * @example catalogueIdOfName('Info reverse-engineerable') // 'F16'
 */
export function catalogueIdOfName(text: string): FactorId | null {
  return ID_BY_NAME_KEY.get(nameKey(text)) ?? null;
}

// Each catalogue name as words with a space, a hyphen or nothing between them and an optional plural
// "s"; the alternation lists longer names first so "No-security-measures" beats "Security-measures".
const NAMES = new RegExp(
  `\\b(?:${[...FACTORS]
    .map((factor) => factor.name.split('-'))
    .sort((a, b) => b.join('').length - a.join('').length)
    .map((words) => words.join('[\\s\\-‐–]*'))
    .join('|')})s?\\b`,
  'gi',
);

// A hyphenated label that looks like a factor name: "Market-dominance (P)", "the Customer-loyalty
// factor", "**Employee-Trust**". Group 1 is the label.
const PSEUDO_NAME =
  /\*\*([A-Z][a-z]+(?:-[A-Za-z]+)+)\*\*|\b([A-Za-z][a-z]+(?:-[A-Za-z]+)+)(?=\s*\((?:P|D)\))|\b([A-Z][a-z]+(?:-[A-Za-z]+)+)(?=\s+factor\b)/g;
const SIDE_AFTER = /^\s*\((?:P|D)\)/;

/**
 * Mentions by name, whatever the casing and hyphenation: "Agreed-not-to-disclose", "Agreed-Not-To-Disclose",
 * "agreed not to disclose", "security measures", "Non-competition agreement", "identical products".
 * A name is its words in order and nothing between them but spaces or hyphens; "disclosure in a
 * public forum" is a paraphrase, not the name. A following "(P)"/"(D)" belongs to the mention.
 *
 * @example findNameMentions('the defendant agreed not to disclose it').map((m) => m.factor) // ['F4']
 */
export function findNameMentions(text: string): FoundMention[] {
  const mentions: FoundMention[] = [];
  NAMES.lastIndex = 0;
  for (let match = NAMES.exec(text); match; match = NAMES.exec(text)) {
    const factor = catalogueIdOfName(match[0]);
    if (!factor) continue;
    const side = SIDE_AFTER.exec(
      text.slice(match.index + match[0].length, match.index + match[0].length + 8),
    );
    const end = match.index + match[0].length + (side ? side[0].length : 0);
    mentions.push({
      start: match.index,
      end,
      factor,
      style: 'name',
      text: text.slice(match.index, end),
      found: 'find.name',
    });
  }
  return mentions;
}

/**
 * Labels that look like factor names but are not in the catalogue — a hyphenated word followed by
 * a side marker ("Market-dominance (P)"), by the word "factor" ("the Customer-loyalty factor"), or
 * set in bold ("**Employee-Trust**") — as `unlisted` mentions whose text is the bare label.
 *
 * @example findPseudoNameMentions('and Customer-loyalty (D) favours')[0]?.text // 'Customer-loyalty'
 */
export function findPseudoNameMentions(text: string): FoundMention[] {
  const mentions: FoundMention[] = [];
  // Every label has a hyphen: a text without one is not searched (two in five of the demo's).
  if (!text.includes('-')) return mentions;
  PSEUDO_NAME.lastIndex = 0;
  for (let match = PSEUDO_NAME.exec(text); match; match = PSEUDO_NAME.exec(text)) {
    const label = match[1] ?? match[2] ?? match[3] ?? '';
    if (catalogueIdOfName(label)) continue;
    const start = match.index;
    let end = match.index + match[0].length;
    const side = SIDE_AFTER.exec(text.slice(end, end + 8));
    if (side) end += side[0].length;
    mentions.push({ start, end, factor: 'unlisted', style: 'name', text: label, found: 'find.label' });
  }
  return mentions;
}
