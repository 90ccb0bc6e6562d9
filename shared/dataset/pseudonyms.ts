import { byCodeUnits } from '../sampling/code-unit-order.ts';

/**
 * The n-th pseudonym (0-based) of a sequence whose code-unit order is its own order, so that accounts
 * named after pseudonyms sort like the pseudonyms and a re-imported dataset pseudonymises the same way:
 * `A` … `Y` for the first 25, then `Z` followed by the sequence again (`ZA` … `ZY`, `ZZA` …). Plain
 * spreadsheet order (…, `Z`, `AA`) would sort `AA` before `B`.
 *
 * Preconditions: n is a non-negative integer (RangeError otherwise).
 *
 * @example [0, 1, 24, 25, 49, 50].map(pseudonymAt) // ['A', 'B', 'Y', 'ZA', 'ZY', 'ZZA']
 */
export function pseudonymAt(n: number): string {
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`pseudonymAt: n must be a natural number, got ${n}`);
  let prefix = '';
  let rest = n;
  while (rest >= 25) {
    prefix += 'Z';
    rest -= 25;
  }
  return prefix + String.fromCharCode(65 + rest);
}

/**
 * The order in which a dataset lists the annotators of one argument, and so their pseudonyms A, B, …:
 * first the pair its adjudication compares, in the order the adjudicator saw them as A and B (so the
 * gold's decisions "a" and "b" name the dataset's A and B), then everyone else by name in code-unit
 * order. Without a compared pair (no adjudication key yet), everyone by name.
 *
 * Preconditions: distinct names; `comparedPair` names are among `names` (others are ignored).
 *
 * @example datasetAnnotatorOrder(['alice', 'bob', 'dan'], ['bob', 'alice']) // ['bob', 'alice', 'dan']
 */
export function datasetAnnotatorOrder(names: readonly string[], comparedPair: readonly string[]): string[] {
  const pair = comparedPair.filter((name) => names.includes(name));
  const rest = names.filter((name) => !pair.includes(name)).sort(byCodeUnits);
  return [...pair, ...rest];
}

/**
 * The account an imported dataset's pseudonymous annotator gets: `annotator-<pseudonym>`, a valid user
 * name (shared/username.ts) that sorts like the pseudonym, so exporting the imported study gives the
 * annotators the same letters. One account stands for "annotator A" of every argument: pseudonyms are
 * per argument, so it is not one person.
 *
 * @example annotatorAccount('B') // 'annotator-B'
 */
export function annotatorAccount(pseudonym: string): string {
  return `annotator-${pseudonym}`;
}

/**
 * The pseudonym of every adjudicator of a dataset: `adjudicator-A`, `adjudicator-B`, … by name in
 * code-unit order. Unlike annotators' letters they hold across the dataset (one adjudicator decides
 * many arguments, and their consistency is worth studying); they are valid user names that sort like
 * the letters, so a re-imported dataset maps them to themselves.
 *
 * @example adjudicatorPseudonyms(['carol', 'ann', 'carol']) // Map { 'ann' => 'adjudicator-A', 'carol' => 'adjudicator-B' }
 */
export function adjudicatorPseudonyms(names: readonly string[]): Map<string, string> {
  const distinct = [...new Set(names)].sort(byCodeUnits);
  return new Map(distinct.map((name, index) => [name, `adjudicator-${pseudonymAt(index)}`]));
}
