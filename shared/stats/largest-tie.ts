/**
 * How many of the values equal the most common one (0 for none): the size of the largest tie,
 * which the planners use to say how much of a pilot's differences depart from the commonest value.
 *
 * @example largestTie([0, 0, 1, 0, 2]) // 3
 */
export function largestTie(values: readonly number[]): number {
  const counts = new Map<number, number>();
  let most = 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    most = Math.max(most, count);
  }
  return most;
}
