/**
 * Compares two strings by UTF-16 code units — JavaScript's default `<` on strings, the order of
 * `Array.prototype.sort()` without a comparator — for use as a sort comparator.
 *
 * Every stratum key, item id and annotator name in this folder is ordered this way before anything
 * random happens, so a seed gives the same sample and the same queues whatever order the caller
 * passed them in, on every machine. `localeCompare` is avoided on purpose: its order depends on the
 * runtime's locale data (ICU version, default locale), which would make a seed's result differ
 * between a laptop and the server.
 *
 * Preconditions: both arguments are strings. Degenerate input: equal strings compare as 0.
 *
 * @example ['b', 'B', 'a'].sort(byCodeUnits) // ['B', 'a', 'b'] (capitals first: 'B' is U+0042)
 */
export function byCodeUnits(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}
