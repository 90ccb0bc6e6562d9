import { z } from 'zod';
import { sampleWithoutReplacement, shuffle } from '../generate/sampling.ts';
import { createRng } from '../stats/rng.ts';
import { byCodeUnits } from './code-unit-order.ts';

/**
 * The three designs a batch can be drawn with (docs/decisions/019-unequal-probability-batches.md):
 * `stratified` — proportional to N_h, equal chances within a stratum (today's design);
 * `neyman` — n_h ∝ N_h·S_h (Neyman 1934), equal chances within a stratum;
 * `active` — n_h ∝ N_h, and within a stratum chances rising with the extractor's predicted error
 * (active statistical inference, Zrnic & Candès, PNAS 2024).
 */
export const designNameSchema = z.enum(['stratified', 'neyman', 'active']);
export type DesignName = z.infer<typeof designNameSchema>;

/** One unit the batch may draw. */
export interface DesignUnit {
  id: string;
  stratum: string;
  /** The extractor's predicted error e ∈ [0, 1] (`predictedError`, shared/sampling/predicted-error.ts). */
  predictedError: number;
}

export interface DesignOptions {
  /** Every π_i ≥ floor (0 ≤ floor ≤ n/N); `defaultFloor(n, N)` when the caller has no reason for another. */
  floor: number;
  /** S_h, the residual (gold − extractor) SD per stratum from the pilot; required for `neyman`. */
  stratumSd?: ReadonlyMap<string, number>;
}

/** The floor as a share of the uniform chance n/N: every unit keeps at least this share of it. */
export const DEFAULT_FLOOR_SHARE = 0.2;

/** The default floor of π: DEFAULT_FLOOR_SHARE · n/N (0 for an empty population). */
export function defaultFloor(n: number, populationSize: number): number {
  return populationSize === 0 ? 0 : (DEFAULT_FLOOR_SHARE * Math.min(n, populationSize)) / populationSize;
}

/**
 * How the batch is drawn from its π: `stratified-srs` — in every stratum a simple random sample of
 * exactly n_h = Σ_h π_i units (π is constant in a stratum, so n_h is whole); `poisson` — every unit
 * independently with chance π_i (Hájek 1964; Särndal, Swensson & Wretman 1992, §3.5);
 * `systematic` — systematic πps (Madow 1949; SSW 1992 §3.6) over every unit, strata in key order
 * and units in a seeded random order within each: exactly Σπ units when Σπ is whole, each stratum
 * ⌊Σ_h π⌋ or ⌈Σ_h π⌉ of them, π_i exact — a fixed-size πps draw (issue 28, lever 3; measured in
 * the design comparison only: its variance has no unbiased estimate, the Poisson formula stands in).
 */
export type DrawMethod = 'stratified-srs' | 'poisson' | 'systematic';

/** The draw method of a design: equal chances within strata draw a fixed n_h, the active design by Poisson. */
export function drawMethodOf(design: DesignName): DrawMethod {
  return design === 'active' ? 'poisson' : 'stratified-srs';
}

/**
 * Inclusion probabilities π_i of one batch of (expected) size n over `units`:
 *
 * - strata sizes: stratified n_h ∝ N_h; neyman n_h ∝ N_h·S_h; active n_h = n·N_h/N. For stratified
 *   and neyman every stratum first gets ⌈floor·N_h⌉ (at most N_h), the rest is shared in proportion
 *   with every n_h capped at N_h (a capped stratum's excess is shared again among the others, until
 *   none is over), and the shares are rounded to whole units by largest remainder, so Σ n_h = n
 *   exactly and π_i = n_h/N_h.
 * - within a stratum, active: π_i = min(1, max(floor, c_h·√e_i)), with c_h found by bisection so
 *   Σ_h π_i = n_h. √e is the square root of the expected squared residual when the extractor errs
 *   with probability e by about one unit — the optimal π ∝ √E[(y − f)² | x] of Zrnic & Candès
 *   (2024, eq. 5); the floor bounds every weight 1/π by 1/floor, which keeps the variance finite
 *   when the predicted error is wrong.
 *
 * Σ π_i = min(n, N). Strata in key order and units by id, so the result does not depend on the
 * order of `units`. A stratum S_h missing from `stratumSd` takes the largest S_h given (an unknown
 * stratum is not starved); an S_h of 0 gets only its floor.
 *
 * Preconditions: n a non-negative integer; ids distinct; predictedError in [0, 1];
 * 0 ≤ floor ≤ n/N; neyman needs at least one S_h ≥ 0, finite. Otherwise throws a RangeError.
 *
 * @example
 * // Two strata of 4 and 6, n = 5, stratified: n_h = 2 and 3, π = 0.5 in both.
 * // The same units with neyman and S = {a: 0.1, b: 0.4}, floor 0.25: minimums 1 and 2, the 2 left
 * // go ∝ 4·0.1 : 6·0.4 = 0.4 : 2.4 → 0.286 and 1.714, n_h = 1 and 4 (1.286 → 1, 3.714 → 4).
 */
export function inclusionProbabilities(
  design: DesignName,
  units: readonly DesignUnit[],
  n: number,
  options: DesignOptions,
): Map<string, number> {
  const strata = groupUnits(units);
  const total = units.length;
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`inclusionProbabilities: n must be a non-negative integer (got ${n})`);
  const size = Math.min(n, total);
  const { floor } = options;
  if (!(floor >= 0) || (total > 0 && floor > size / total + 1e-12))
    throw new RangeError(
      `inclusionProbabilities: floor must lie in [0, n/N] = [0, ${size / Math.max(total, 1)}] (got ${floor})`,
    );
  const result = new Map<string, number>();
  if (size === 0 || total === 0) {
    for (const unit of units) result.set(unit.id, 0);
    return result;
  }
  if (design === 'active') {
    for (const [, members] of strata) {
      const probabilities = activeWithinStratum(members, (size * members.length) / total, floor);
      members.forEach((unit, i) => {
        result.set(unit.id, probabilities[i] ?? 0);
      });
    }
    return result;
  }
  const keys = [...strata.keys()];
  const sizes = keys.map((key) => strata.get(key)?.length ?? 0);
  const weights = design === 'stratified' ? sizes : neymanWeights(keys, sizes, options.stratumSd);
  const minimums = sizes.map((N) => Math.min(N, Math.ceil(floor * N - 1e-9)));
  const shares = cappedShares(size, weights, sizes, minimums);
  const drawn = roundShares(shares, size);
  for (const [h, key] of keys.entries()) {
    const N = sizes[h] ?? 0;
    const pi = N === 0 ? 0 : (drawn[h] ?? 0) / N;
    for (const unit of strata.get(key) ?? []) result.set(unit.id, pi);
  }
  return result;
}

/** One unit of a drawn batch with its design quantities. */
export interface DrawnUnit {
  id: string;
  stratum: string;
  /** π_i of this batch. */
  inclusionProbability: number;
  /** 1/π_i. */
  weight: number;
}

/**
 * Draws a batch with the given π (seeded: the same seed, units and π give the same batch). For
 * `stratified-srs`, each stratum's Σπ must be whole and its π equal (as `inclusionProbabilities`
 * gives for stratified and neyman); a simple random sample without replacement of that size is
 * drawn from its units sorted by id. For `poisson`, unit i is taken when u_i < π_i, one uniform per
 * unit in stratum-key then id order, so the realised size is random with mean Σπ_i and variance
 * Σπ_i(1 − π_i) (at most n: ±7 at n = 50), and the joint chance of two units is π_iπ_j — which makes
 * the variance estimator exact without second-order probabilities (docs/STATISTICS.md §6.7).
 * Units with π = 0 are never drawn.
 *
 * Why Poisson for the active design: it realises arbitrary π exactly, its estimator's variance has a
 * closed unbiased estimate, and two batches drawn from the whole population are independent given
 * their π, so batches combine (docs/decisions/019-unequal-probability-batches.md). A fixed-size πps
 * scheme (Sampford 1967) would fix the size but needs joint probabilities for its variance; the
 * Hájek form of the estimator (§6.7) removes most of the cost of the random size.
 */
export function drawBatch(
  method: DrawMethod,
  units: readonly DesignUnit[],
  probabilities: ReadonlyMap<string, number>,
  seed: number,
): DrawnUnit[] {
  const rng = createRng(seed);
  const drawn: DrawnUnit[] = [];
  const systematic: { unit: DesignUnit; stratum: string; pi: number }[] = [];
  for (const [stratum, members] of groupUnits(units)) {
    const chance = (unit: DesignUnit): number => {
      const pi = probabilities.get(unit.id);
      if (pi === undefined || !(pi >= 0 && pi <= 1))
        throw new RangeError(`drawBatch: unit ${unit.id} needs a probability in [0, 1] (got ${String(pi)})`);
      return pi;
    };
    const take = (unit: DesignUnit, pi: number) =>
      drawn.push({ id: unit.id, stratum, inclusionProbability: pi, weight: 1 / pi });
    if (method === 'poisson') {
      for (const unit of members) {
        const pi = chance(unit);
        if (rng.next() < pi) take(unit, pi);
      }
      continue;
    }
    if (method === 'systematic') {
      for (const unit of shuffle(rng, members)) systematic.push({ unit, stratum, pi: chance(unit) });
      continue;
    }
    const pis = members.map(chance);
    const pi = pis[0] ?? 0;
    const size = Math.round(pi * members.length);
    if (pis.some((p) => Math.abs(p - pi) > 1e-12) || Math.abs(size - pi * members.length) > 1e-9)
      throw new RangeError(
        `drawBatch: stratum ${stratum} needs equal π with a whole Σπ for a stratified draw`,
      );
    const chosen = new Set(
      sampleWithoutReplacement(
        rng,
        members.map((unit) => unit.id),
        size,
      ),
    );
    for (const unit of members) if (chosen.has(unit.id)) take(unit, pi);
  }
  if (method === 'systematic') {
    // One random start u; unit i is taken when some k + u lies in [C_{i−1}, C_i), C the running Σπ.
    const start = rng.next();
    let cumulative = 0;
    let next = start;
    for (const { unit, stratum, pi } of systematic) {
      cumulative += pi;
      if (cumulative > next + 1e-12) {
        drawn.push({ id: unit.id, stratum, inclusionProbability: pi, weight: 1 / pi });
        next += 1;
      }
    }
    drawn.sort((a, b) => byCodeUnits(a.stratum, b.stratum) || byCodeUnits(a.id, b.id));
  }
  return drawn;
}

/** Units grouped by stratum, strata in key order and units in id order (UTF-16 code units). */
function groupUnits(units: readonly DesignUnit[]): Map<string, DesignUnit[]> {
  const byStratum = new Map<string, DesignUnit[]>();
  const seen = new Set<string>();
  for (const unit of units) {
    if (seen.has(unit.id)) throw new RangeError(`designs: unit ${unit.id} appears twice`);
    seen.add(unit.id);
    if (!(unit.predictedError >= 0 && unit.predictedError <= 1))
      throw new RangeError(
        `designs: unit ${unit.id}: predicted error must lie in [0, 1] (got ${unit.predictedError})`,
      );
    const members = byStratum.get(unit.stratum) ?? [];
    members.push(unit);
    byStratum.set(unit.stratum, members);
  }
  const sorted = new Map<string, DesignUnit[]>();
  for (const key of [...byStratum.keys()].sort(byCodeUnits))
    sorted.set(
      key,
      (byStratum.get(key) ?? []).sort((a, b) => byCodeUnits(a.id, b.id)),
    );
  return sorted;
}

function neymanWeights(
  keys: readonly string[],
  sizes: readonly number[],
  stratumSd: ReadonlyMap<string, number> | undefined,
): number[] {
  const known = [...(stratumSd?.values() ?? [])];
  if (known.length === 0 || known.some((sd) => !(sd >= 0 && Number.isFinite(sd))))
    throw new RangeError('inclusionProbabilities: neyman needs finite, non-negative stratum SDs');
  const largest = Math.max(...known);
  return keys.map((key, h) => (sizes[h] ?? 0) * (stratumSd?.get(key) ?? largest));
}

/**
 * Continuous shares x_h with minimums m_h ≤ x_h ≤ N_h, Σ x_h = n, the part above the minimums
 * ∝ w_h among the strata not at their cap (water-filling: cap, share the excess again, repeat).
 * Strata of zero weight keep their minimum unless every open stratum has zero weight, when the rest
 * goes ∝ the room they have left.
 */
function cappedShares(
  n: number,
  weights: readonly number[],
  caps: readonly number[],
  minimums: readonly number[],
): number[] {
  const shares = [...minimums];
  const open = new Set(weights.map((_, h) => h).filter((h) => (caps[h] ?? 0) > (minimums[h] ?? 0)));
  let rest = n - shares.reduce((sum, x) => sum + x, 0);
  while (rest > 1e-9 && open.size > 0) {
    let weightSum = 0;
    for (const h of open) weightSum += weights[h] ?? 0;
    const weightOf = (h: number) =>
      weightSum > 0
        ? (weights[h] ?? 0) / weightSum
        : ((caps[h] ?? 0) - (shares[h] ?? 0)) / roomOf(open, caps, shares);
    let capped = false;
    for (const h of [...open]) {
      const room = (caps[h] ?? 0) - (shares[h] ?? 0);
      if (rest * weightOf(h) >= room - 1e-12) {
        shares[h] = caps[h] ?? 0;
        open.delete(h);
        capped = true;
      }
    }
    if (capped) {
      rest = n - shares.reduce((sum, x) => sum + x, 0);
      continue;
    }
    for (const h of open) shares[h] = (shares[h] ?? 0) + rest * weightOf(h);
    rest = 0;
  }
  return shares;
}

function roomOf(open: ReadonlySet<number>, caps: readonly number[], shares: readonly number[]): number {
  let room = 0;
  for (const h of open) room += (caps[h] ?? 0) - (shares[h] ?? 0);
  return room;
}

/** Largest-remainder rounding of continuous shares adding to the whole `total` (ties to the earlier stratum). */
function roundShares(shares: readonly number[], total: number): number[] {
  const floors = shares.map((x) => Math.floor(x + 1e-9));
  let left = total - floors.reduce((sum, x) => sum + x, 0);
  const order = shares
    .map((x, h) => ({ h, remainder: x - (floors[h] ?? 0) }))
    .sort((a, b) => b.remainder - a.remainder || a.h - b.h);
  for (const { h } of order) {
    if (left <= 0) break;
    floors[h] = (floors[h] ?? 0) + 1;
    left--;
  }
  return floors;
}

/** π_i = min(1, max(floor, c·√e_i)) with Σπ_i = target, c by bisection (Σ is non-decreasing in c). */
function activeWithinStratum(members: readonly DesignUnit[], target: number, floor: number): number[] {
  const scores = members.map((unit) => Math.sqrt(unit.predictedError));
  const at = (c: number) => scores.map((a) => Math.min(1, Math.max(floor, c * a)));
  const sum = (c: number) => at(c).reduce((s, x) => s + x, 0);
  const positive = scores.filter((a) => a > 0).length;
  // Units without any predicted error can only rise above the floor when every other unit is at 1.
  const reachable = positive + floor * (members.length - positive);
  if (target >= reachable - 1e-12) {
    const spare = target - positive;
    const zeros = members.length - positive;
    return scores.map((a) => (a > 0 ? 1 : zeros === 0 ? 1 : Math.min(1, Math.max(floor, spare / zeros))));
  }
  let low = 0;
  let high = 1;
  while (sum(high) < target) high *= 2;
  for (let step = 0; step < 200 && high - low > 1e-15 * high; step++) {
    const middle = (low + high) / 2;
    if (sum(middle) < target) low = middle;
    else high = middle;
  }
  const probabilities = at(high);
  // Remove the bisection's last rounding from the units strictly between the floor and 1.
  const free = probabilities.map((p) => p > floor && p < 1);
  const freeSum = probabilities.reduce((s, p, i) => s + (free[i] ? p : 0), 0);
  const excess = probabilities.reduce((s, p) => s + p, 0) - target;
  return freeSum > 0
    ? probabilities.map((p, i) => (free[i] ? p * (1 - excess / freeSum) : p))
    : probabilities;
}
