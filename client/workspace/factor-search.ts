import { FACTORS, type Factor } from '../../shared/factors.ts';

/**
 * How a factor matched a type-ahead query, best first: its code exactly ("4", "f4", "F 4" → F4), a
 * code that starts with the query ("f1" → F10…F19), its name from the start ("agreed" →
 * Agreed-not-to-disclose), a word of its name or of its meaning from the start ("disclose"), or
 * anywhere inside its name or meaning. `all` is every factor for an empty query.
 */
export type MatchKind =
  | 'all'
  | 'code'
  | 'code-prefix'
  | 'name-prefix'
  | 'name-word'
  | 'meaning-word'
  | 'name-substring'
  | 'meaning-substring';

export interface FactorMatch {
  readonly factor: Factor;
  readonly kind: MatchKind;
  /**
   * The matched characters [start, end) of the factor's `id`, `name` or `meaning` as written, for
   * highlighting; absent for `all`.
   */
  readonly highlight?: {
    readonly field: 'id' | 'name' | 'meaning';
    readonly start: number;
    readonly end: number;
  };
}

const RANK: Readonly<Record<MatchKind, number>> = {
  all: 0,
  code: 1,
  'code-prefix': 2,
  'name-prefix': 3,
  'name-word': 4,
  'meaning-word': 5,
  'name-substring': 6,
  'meaning-substring': 7,
};

// A query that is a code or the start of one: "4", "f4", "F 4", "F-4", "F04", or a lone "f".
const CODE_QUERY = /^(?:f[ -]?)?0*([1-9]\d?)$|^f$/;

/**
 * Lower-cases ASCII letters and turns every other non-alphanumeric character into a space, one for
 * one, so that an index into the folded text is an index into the original ("Plaintiff's" →
 * "plaintiff s"). Letters outside ASCII become spaces too: the catalogue is ASCII.
 */
function foldKeepingLength(text: string): string {
  let folded = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code >= 65 && code <= 90) folded += String.fromCharCode(code + 32);
    else if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) folded += char;
    // A character outside the BMP is two code units; keep the lengths equal.
    else folded += ' '.repeat(char.length);
  }
  return folded;
}

/** The query's words, folded: "Agreed-Not" → ["agreed", "not"]. */
function queryWords(query: string): string[] {
  return foldKeepingLength(query)
    .split(' ')
    .filter((word) => word !== '');
}

/**
 * Where the query's words occur in `haystack` (folded), in order, separated by runs of
 * non-alphanumerics — "agreed not" matches "Agreed-not-to-disclose" and "agreed, not" — at the
 * start (`prefix`), at the start of a word (`word`) or anywhere (`substring`).
 */
function find(haystack: string, words: readonly string[], where: 'prefix' | 'word' | 'substring') {
  const lead = where === 'prefix' ? '^' : where === 'word' ? '(?<![a-z0-9])' : '';
  // The words are [a-z0-9]+ only, so they need no escaping; ` +` cannot backtrack badly here.
  const pattern = new RegExp(`${lead}${words.join(' +')}`);
  const found = pattern.exec(foldKeepingLength(haystack));
  return found ? { start: found.index, end: found.index + found[0].length } : undefined;
}

/** A factor's best match for a query that is not a code, or undefined. */
function wordMatch(factor: Factor, words: readonly string[]): FactorMatch | undefined {
  const tries = [
    ['name-prefix', 'name', 'prefix'],
    ['name-word', 'name', 'word'],
    ['meaning-word', 'meaning', 'word'],
    ['name-substring', 'name', 'substring'],
    ['meaning-substring', 'meaning', 'substring'],
  ] as const;
  for (const [kind, field, where] of tries) {
    const range = find(factor[field], words, where);
    if (range) return { factor, kind, highlight: { field, ...range } };
  }
  return undefined;
}

/**
 * The factors for a type-ahead query, best first, each once at its best match (see `MatchKind`);
 * ties keep catalogue order, so "f1" gives F1, then F10…F19. A query that reads as a code is matched
 * as a code only ("9" gives nothing: CATO dropped F9); every other query is matched as words against
 * names and meanings, case-, hyphen- and punctuation-insensitively. An empty or blank query gives
 * all 26 in catalogue order. The caller adds its own "unlisted" option.
 *
 * @example searchFactors('f1').map((m) => m.factor.id) // ['F1', 'F10', 'F11', …, 'F19']
 * @example searchFactors('secur')[0]?.factor.id // 'F6' (name prefix), then F19 (name word)
 */
export function searchFactors(query: string): FactorMatch[] {
  const trimmed = query.trim();
  if (trimmed === '') return FACTORS.map((factor) => ({ factor, kind: 'all' }));
  const code = CODE_QUERY.exec(trimmed.toLowerCase());
  const matches: FactorMatch[] = [];
  if (code) {
    const digits = code[1] ?? '';
    for (const factor of FACTORS) {
      const number = factor.id.slice(1);
      if (number === digits)
        matches.push({ factor, kind: 'code', highlight: { field: 'id', start: 0, end: factor.id.length } });
      else if (number.startsWith(digits))
        matches.push({
          factor,
          kind: 'code-prefix',
          highlight: { field: 'id', start: 0, end: 1 + digits.length },
        });
    }
  } else {
    const words = queryWords(trimmed);
    if (words.length === 0) return [];
    for (const factor of FACTORS) {
      const match = wordMatch(factor, words);
      if (match) matches.push(match);
    }
  }
  // Array.prototype.sort is stable, so equal ranks stay in catalogue order.
  return matches.sort((a, b) => RANK[a.kind] - RANK[b.kind]);
}
