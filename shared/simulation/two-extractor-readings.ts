import { accH, argumentCounts, recU } from '../scoring/argument-counts.ts';
import { type AssertedSets, assertsNothing, bitCount, type CaseMasks } from '../scoring/factor-sets.ts';

/** Per-argument values of the three compared metrics (NaN when undefined: a triple without factors). */
export interface MetricValues {
  acch: number;
  recu: number;
  abstain: number;
}

/** One reader's AccH, RecU and empty-output indicator against the triple's ground truth. */
export function metricValues(truth: CaseMasks, sets: AssertedSets): MetricValues {
  const counts = argumentCounts(truth, sets);
  return {
    acch: accH(counts) ?? Number.NaN,
    recu: recU(counts) ?? Number.NaN,
    abstain: assertsNothing(sets) ? 1 : 0,
  };
}

/**
 * The prediction f of each metric from both extractors' outputs (issue 28, "the residual predicted
 * per metric"), known before the gold:
 *
 * - AccH: the mean of the two extractors' AccH (a hallucinated unit counts by the share of the two
 *   that list it — a soft vote: an extractor's own extra factor is halved);
 * - RecU: the RecU of the union of the two sets (a triple factor counts as used when either lists
 *   it: a miss of one is repaired by the other, and listing a factor of the case is rarely wrong);
 * - the empty-output indicator: the primary's.
 *
 * Without the second reading (missing or failed) the primary's values. Every fixed f keeps the
 * difference estimator unbiased (the correction is estimated on the gold), so the intervals stay
 * valid whatever f is; only their width depends on how well f tracks the gold. The gain rests on the
 * two extractors erring independently, which the simulated population assumes (both drawn from
 * the gold independently given the mention style) and no labelled data here can check.
 */
export function ensembleValues(
  truth: CaseMasks,
  primary: AssertedSets,
  second: AssertedSets | null,
): MetricValues {
  const own = metricValues(truth, primary);
  if (second === null) return own;
  const other = metricValues(truth, second);
  const union: AssertedSets = {
    masks: [
      primary.masks[0] | second.masks[0],
      primary.masks[1] | second.masks[1],
      primary.masks[2] | second.masks[2],
    ],
    unlisted: primary.unlisted,
  };
  return {
    acch: (own.acch + other.acch) / 2,
    recu: metricValues(truth, union).recu,
    abstain: own.abstain,
  };
}

/**
 * The disagreement of the two extractors on what each metric counts, per ground-truth factor
 * (a predicted error per metric, in [0, 1]):
 *
 * - AccH: |H₁ △ H₂| / N, the hallucinated units (asserted, not in the case's G; unlisted mentions by
 *   count) that one lists and the other does not — where the primary's NH may be wrong;
 * - RecU: |U₂ ∖ U₁| / N, the case's factors the second lists and the primary does not — where the
 *   primary may have missed a used factor (the other direction is mostly the second's own misses).
 *
 * 1 for both when N = 0 or the second reading is missing (nothing known: the largest error).
 */
export function metricDisagreement(
  truth: CaseMasks,
  primary: AssertedSets,
  second: AssertedSets | null,
): { acch: number; recu: number } {
  let n = 0;
  let hallucinated = 0;
  let repaired = 0;
  for (let c = 0; c < 3; c++) {
    const g = truth[c] ?? 0;
    n += bitCount(g);
    if (second === null) continue;
    const p = primary.masks[c] ?? 0;
    const s = second.masks[c] ?? 0;
    hallucinated +=
      bitCount((p & ~g) ^ (s & ~g)) +
      Math.abs((primary.unlisted[c]?.size ?? 0) - (second.unlisted[c]?.size ?? 0));
    repaired += bitCount(s & g & ~p);
  }
  if (n === 0 || second === null) return { acch: 1, recu: 1 };
  return { acch: Math.min(1, hallucinated / n), recu: Math.min(1, repaired / n) };
}
