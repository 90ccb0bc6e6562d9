/**
 * Splits a whole number `total` into whole shares proportional to `weights` so that the shares add
 * up to `total` exactly: the largest-remainder (Hamilton, or Hare–Niemeyer) method of
 * apportionment (Balinski & Young, "Fair Representation", 2nd ed. 2001, ch. 2).
 *
 *   quota_i = total · w_i / W,   W = Σ w_i
 *   share_i = ⌊quota_i⌋, then the total − Σ⌊quota_i⌋ seats left over go one each to the entries
 *             with the largest fractional remainders quota_i − ⌊quota_i⌋.
 *
 * Every share is therefore ⌊quota_i⌋ or ⌈quota_i⌉ (the "quota rule"), which is what proportional
 * allocation of a sample over strata needs: n_h ∝ N_h as closely as whole items allow, and the
 * total is exact. Remainders are compared exactly in integer arithmetic (total · w_i mod W), not as
 * floating fractions, so two equal remainders are recognised as a tie.
 *
 * Ties between equal remainders go to the entry with the smaller `priority` value; without
 * `priority` to the earlier index. A caller that wants ties broken at random passes a seeded random
 * permutation of 0..k−1 as `priority` (`allocateSample` does).
 *
 * Preconditions: `total` and every weight are non-negative integers; `priority`, if given, has one
 * finite number per weight; total · w_i stays below 2⁵³ (always so for sample sizes and population
 * counts). A positive `total` over weights that are all zero (or no weights) cannot be split and
 * throws a RangeError, as does every other violation.
 * Degenerate input: `total` = 0 gives all zeros; a zero weight gets 0 (its remainder is 0, and the
 * leftover seats are fewer than the entries with a positive remainder, so it never gets one).
 *
 * @example largestRemainder(10, [47000, 16000, 15800, 12000, 6100, 3100]) // [5, 2, 1, 1, 1, 0]
 */
export function largestRemainder(
  total: number,
  weights: readonly number[],
  priority?: readonly number[],
): number[] {
  if (!Number.isInteger(total) || total < 0) {
    throw new RangeError(`largestRemainder: total must be a non-negative integer (got ${String(total)})`);
  }
  let weightSum = 0;
  weights.forEach((weight, i) => {
    if (!Number.isInteger(weight) || weight < 0) {
      throw new RangeError(
        `largestRemainder: weights[${i}] must be a non-negative integer (got ${String(weight)})`,
      );
    }
    if (!Number.isSafeInteger(total * weight)) {
      throw new RangeError(
        `largestRemainder: total · weights[${i}] exceeds 2^53, too large to split exactly`,
      );
    }
    weightSum += weight;
  });
  if (priority !== undefined && priority.length !== weights.length) {
    throw new RangeError(
      `largestRemainder: priority must have one entry per weight (got ${priority.length} for ${weights.length})`,
    );
  }
  priority?.forEach((value, i) => {
    if (!Number.isFinite(value)) {
      throw new RangeError(`largestRemainder: priority[${i}] must be a finite number (got ${String(value)})`);
    }
  });
  if (total === 0) return weights.map(() => 0);
  if (weightSum === 0) {
    throw new RangeError(`largestRemainder: cannot split a total of ${total} over weights that are all zero`);
  }

  const shares: number[] = [];
  const remainders: number[] = [];
  let given = 0;
  for (const weight of weights) {
    // Exact integer division: the floating quotient is corrected by at most a step either way, so
    // floor and remainder are exact even where total·w/W lands within rounding of an integer.
    const product = total * weight;
    let quotient = Math.floor(product / weightSum);
    while (quotient * weightSum > product) quotient -= 1;
    while ((quotient + 1) * weightSum <= product) quotient += 1;
    shares.push(quotient);
    remainders.push(product - quotient * weightSum);
    given += quotient;
  }

  const rank = (i: number): number => priority?.[i] ?? i;
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => (remainders[b] ?? 0) - (remainders[a] ?? 0) || rank(a) - rank(b));
  for (const i of order.slice(0, total - given)) shares[i] = (shares[i] ?? 0) + 1;
  return shares;
}
