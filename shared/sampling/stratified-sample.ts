import { sampleWithoutReplacement } from '../generate/sampling.ts';
import { createRng } from '../stats/rng.ts';
import { type Allocation, allocateSample, type StratumAllocation } from './allocate-sample.ts';
import { byCodeUnits } from './code-unit-order.ts';

export interface StratifiedSampleOptions<T> {
  /** Every item that could be sampled (in this project: every generated argument). */
  population: readonly T[];
  /** The item's id; ids must be distinct. */
  id: (item: T) => string;
  /** The item's stratum key, e.g. `stratumKey({ model, test })`. */
  stratumOf: (item: T) => string;
  /** n, the total to draw. */
  size: number;
  allocation: Allocation;
  /** Fixes the draw: the same seed and population give the same sample. A safe integer. */
  seed: number;
  /** Ids not to draw (already sampled in an earlier version); ids not in the population are ignored. */
  exclude?: ReadonlySet<string>;
}

/** One sampled item with its design quantities. */
export interface SampledItem {
  id: string;
  stratum: string;
  /** π_i = n_h / N_h, the chance this draw had of including the item. */
  inclusionProbability: number;
  /** The design weight w_i = 1/π_i = N_h / n_h: how many eligible items of its stratum it stands for. */
  weight: number;
}

export interface StratifiedSample {
  /** Sorted by stratum key, then in the order drawn within the stratum. */
  items: SampledItem[];
  /** Every stratum (sorted by key) with N_h, what its allocation asked for and n_h. */
  strata: StratumAllocation[];
  /** Short strata, a population smaller than the sample, an unmet minimum. */
  warnings: string[];
}

/**
 * A stratified simple random sample (Cochran, "Sampling Techniques", 3rd ed. 1977, ch. 5): the
 * population is divided into strata by `stratumOf`, n is shared among the strata by
 * `allocateSample` (equal, proportional, or a minimum per stratum then proportional; see there for
 * rounding, redistribution of a short stratum's shortfall and the warnings), and n_h items are
 * drawn from each stratum h by simple random sampling without replacement (`sampleWithoutReplacement`, shared/generate/sampling.ts).
 *
 * Design quantities, per stratum h with N_h eligible items of which n_h are drawn:
 *
 *   inclusion probability π_i = n_h / N_h,   design weight w_i = N_h / n_h,   Σ_{i drawn in h} w_i = N_h
 *
 * so a weighted sum over the sample estimates the population total (Horvitz–Thompson), and the
 * difference estimator (docs/STATISTICS.md §6.2) uses exactly these N_h, n_h.
 * The total drawn is exactly min(n, Σ N_h).
 *
 * Exclusion: items whose id is in `exclude` are removed before anything else, and N_h counts only
 * the remaining eligible items, so π and w describe this draw from what was left. That is the
 * right frame for a top-up: within a stratum, an earlier simple random sample of n₁ followed by a
 * simple random sample of n₂ from the N_h − n₁ left is together a simple random sample of n₁ + n₂
 * from all N_h, so the caller combining versions gives every item of the union weight
 * N_h / (n₁ + n₂) over the full stratum. A stratum whose items were all excluded is still listed,
 * with N_h = 0.
 *
 * Reproducibility: strata are taken in key order and each stratum's items sorted by id (UTF-16
 * code units) before drawing, so the sample depends only on the seed and on the set of
 * (id, stratum) pairs — not on the order of `population`. One seeded generator (`createRng(seed)`)
 * first breaks allocation ties, then draws the strata in key order.
 *
 * Preconditions: `size` is a non-negative integer, `seed` a safe integer, ids distinct strings and
 * stratum keys strings; otherwise throws (RangeError for a bad number or a repeated id, TypeError
 * for a non-string id or key).
 * Degenerate input: size 0 draws nothing and lists every stratum with 0 drawn; an empty population
 * gives no items and no strata (with a warning when size > 0); a stratum with n_h = 0 is listed in
 * `strata` with drawn 0 and contributes no items.
 *
 * @example
 * // 8 models × 3 tests, 30 arguments each (720), n = 50, equal allocation: 22 strata give 2
 * // arguments (weight 15 each) and 2 strata give 3 (weight 10 each): 22·2 + 2·3 = 50.
 * drawStratifiedSample({ population: args, id: (a) => a.id,
 *   stratumOf: (a) => stratumKey({ model: a.model, test: a.test }), size: 50, allocation: 'equal', seed: 2024 })
 */
export function drawStratifiedSample<T>(options: StratifiedSampleOptions<T>): StratifiedSample {
  const { population, id, stratumOf, size, allocation, seed, exclude } = options;
  if (!Number.isInteger(size) || size < 0) {
    throw new RangeError(`drawStratifiedSample: size must be a non-negative integer (got ${String(size)})`);
  }
  const rng = createRng(seed);

  const eligibleByStratum = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const item of population) {
    const itemId = id(item);
    const stratum = stratumOf(item);
    if (typeof itemId !== 'string') {
      throw new TypeError(`drawStratifiedSample: id must return a string (got ${String(itemId)})`);
    }
    if (typeof stratum !== 'string') {
      throw new TypeError(`drawStratifiedSample: stratumOf must return a string for item ${itemId}`);
    }
    if (seen.has(itemId)) throw new RangeError(`drawStratifiedSample: item ${itemId} appears twice`);
    seen.add(itemId);
    let members = eligibleByStratum.get(stratum);
    if (members === undefined) {
      members = [];
      eligibleByStratum.set(stratum, members);
    }
    if (exclude?.has(itemId) !== true) members.push(itemId);
  }
  for (const members of eligibleByStratum.values()) members.sort(byCodeUnits);

  const { strata, warnings } = allocateSample({
    strata: [...eligibleByStratum].map(([stratum, members]) => ({ stratum, populationSize: members.length })),
    size,
    allocation,
    rng,
  });

  const items: SampledItem[] = [];
  for (const { stratum, populationSize, drawn } of strata) {
    const members = eligibleByStratum.get(stratum) ?? [];
    for (const itemId of sampleWithoutReplacement(rng, members, drawn)) {
      items.push({
        id: itemId,
        stratum,
        inclusionProbability: drawn / populationSize,
        weight: populationSize / drawn,
      });
    }
  }
  return { items, strata, warnings };
}
