import { sampleWithoutReplacement } from '../generate/sampling.ts';
import type { Rng } from '../stats/rng.ts';
import { byCodeUnits } from './code-unit-order.ts';
import { largestRemainder } from './largest-remainder.ts';

/**
 * How a sample size is shared among strata:
 * - `'equal'`: the same number from every stratum;
 * - `'proportional'`: n_h ∝ N_h;
 * - `{ minimumPerStratum: m }`: m from every stratum first, the rest proportionally.
 */
export type Allocation = 'equal' | 'proportional' | { readonly minimumPerStratum: number };

/** One stratum's share of a sample. */
export interface StratumAllocation {
  /** The stratum key (see `stratumKey`). */
  stratum: string;
  /** N_h: the stratum's eligible items. */
  populationSize: number;
  /** What the allocation rule asked of the stratum before its size was taken into account. */
  requested: number;
  /** n_h: what is drawn from it, 0 ≤ n_h ≤ N_h. */
  drawn: number;
}

export interface SampleAllocation {
  /** Every stratum, sorted by key (UTF-16 code units), including those that get nothing. */
  strata: StratumAllocation[];
  /** Why the sample differs from what was asked, in words for the person drawing it. */
  warnings: string[];
}

export interface AllocateSampleOptions {
  /** Each stratum with its number of eligible items N_h; keys must be distinct. */
  strata: ReadonlyArray<{ readonly stratum: string; readonly populationSize: number }>;
  /** n, the total to draw. */
  size: number;
  allocation: Allocation;
  /** Breaks ties (see below); `allocateSample` always takes the same number of values from it. */
  rng: Rng;
}

/**
 * Shares a sample of size n among strata of sizes N_h so that Σ n_h = min(n, N), N = Σ N_h,
 * following one of three rules (Cochran, "Sampling Techniques", 3rd ed. 1977, §5.5 for
 * proportional allocation; equal allocation is the usual choice when every stratum — here every
 * model × test cell — is to be reported on its own).
 *
 * 1. The rule asks for `requested_h`:
 *    - equal: ⌊n/H⌋ each (H strata); the n mod H left over go one each to the strata with the
 *      most eligible items, ties between equal sizes broken at random (seeded). Larger strata
 *      first keeps the sampling fractions n_h/N_h as even as possible.
 *    - proportional: Hamilton's largest-remainder rounding of n · N_h / N (`largestRemainder`), so
 *      each n_h is ⌊·⌋ or ⌈·⌉ of its quota and the total is exact; equal remainders are broken at
 *      random (seeded).
 *    - minimumPerStratum m: every stratum asks for m and gets min(m, N_h); the rest,
 *      n − Σ min(m, N_h), is shared by largest remainder in proportion to N_h among the strata
 *      that still have room (N_h > m), so requested_h = m + that share. If n < Σ min(m, N_h) the
 *      minimum cannot be met; a warning says so and n is allocated as under `equal` (which then
 *      gives no stratum more than m).
 * 2. A stratum asked for more than it has gives all it has, n_h = N_h, and the shortfall is shared
 *    again, by the same rule, among the strata that still have room; this repeats until nothing is
 *    left over or no stratum has room (at most H rounds: each round with a shortfall fills a
 *    stratum). Under `equal` a leftover of a redistribution goes first to the strata with the
 *    fewest so far, so the result is water-filling: strata smaller than a common level λ give all
 *    they have, every other stratum gets λ or λ + 1. Each stratum asked for more than it has gets
 *    a warning: "stratum model=x|test=3 has only 2 eligible arguments; asked for 3". Under
 *    proportional allocation this never happens while n ≤ N, because ⌈n · N_h / N⌉ ≤ N_h.
 * 3. If n > N, every eligible item is drawn (n_h = N_h) and a single warning says that the
 *    population is smaller than the sample; the per-stratum warnings are then left out, as that
 *    one says it all.
 *
 * The random tie-break is one seeded permutation of the strata (in key order), drawn from `rng`
 * before anything else, so the same rng state gives the same allocation, whatever order the strata
 * were listed in.
 *
 * Preconditions: `size` and every `populationSize` are non-negative integers, m is a non-negative
 * integer, stratum keys are distinct strings; otherwise throws (RangeError, or TypeError for an
 * unknown allocation).
 * Degenerate input: n = 0 gives 0 everywhere with no warning; no strata gives no strata (and a
 * warning if n > 0); a stratum with N_h = 0 is listed with 0 drawn.
 *
 * @example
 * // 24 strata of 30, n = 50, equal: 22 strata get 2 and 2 strata (chosen by the seed) get 3
 * allocateSample({ strata: cells, size: 50, allocation: 'equal', rng: createRng(1) })
 */
export function allocateSample(options: AllocateSampleOptions): SampleAllocation {
  const { size, allocation, rng } = options;
  if (!Number.isInteger(size) || size < 0) {
    throw new RangeError(`allocateSample: size must be a non-negative integer (got ${String(size)})`);
  }
  const minimum = minimumOf(allocation);
  const strata = validStrata(options.strata);
  const count = strata.length;
  const capacity = strata.map((s) => s.populationSize);
  const population = capacity.reduce((sum, n) => sum + n, 0);
  const all = strata.map((_, i) => i);

  // The seeded tie-break: priority[i] is stratum i's place in a random permutation (smaller first).
  const priority: number[] = new Array<number>(count).fill(0);
  sampleWithoutReplacement(rng, all, count).forEach((stratum, place) => {
    priority[stratum] = place;
  });

  const equal: Split = (amount, among, current) => {
    const base = Math.floor(amount / among.length);
    // The leftover goes to the strata with the fewest so far (so shares never drift more than 1
    // apart), then to the largest strata, then by the seeded priority.
    const order = [...among].sort(
      (a, b) =>
        (current[a] ?? 0) - (current[b] ?? 0) ||
        (capacity[b] ?? 0) - (capacity[a] ?? 0) ||
        (priority[a] ?? 0) - (priority[b] ?? 0),
    );
    const bonus = new Set(order.slice(0, amount - base * among.length));
    return among.map((i) => base + (bonus.has(i) ? 1 : 0));
  };
  const proportional: Split = (amount, among) => {
    const weights = among.map((i) => capacity[i] ?? 0);
    // Strata that are all empty take no share of anything (only when n > N = 0).
    if (weights.every((w) => w === 0)) return weights;
    return largestRemainder(
      amount,
      weights,
      among.map((i) => priority[i] ?? 0),
    );
  };

  const warnings: string[] = [];
  let requested: number[];
  let drawn: number[];
  if (minimum === null) {
    ({ requested, drawn } = fillWithinCapacity(
      size,
      all,
      capacity,
      allocation === 'equal' ? equal : proportional,
    ));
  } else {
    const floor = capacity.map((n) => Math.min(minimum, n));
    const floorTotal = floor.reduce((sum, n) => sum + n, 0);
    if (size < floorTotal) {
      warnings.push(
        `a sample of ${size} cannot give each of the ${count} strata its minimum of ${minimum} ` +
          `(that needs ${floorTotal}); allocating ${size} as evenly as possible instead`,
      );
      ({ requested, drawn } = fillWithinCapacity(size, all, capacity, equal));
    } else {
      const room = capacity.map((n, i) => n - (floor[i] ?? 0));
      const withRoom = all.filter((i) => (room[i] ?? 0) > 0);
      const rest = fillWithinCapacity(size - floorTotal, withRoom, room, proportional);
      requested = all.map((i) => minimum + (rest.requested[i] ?? 0));
      drawn = all.map((i) => (floor[i] ?? 0) + (rest.drawn[i] ?? 0));
    }
  }

  const result = strata.map((s, i) => ({
    stratum: s.stratum,
    populationSize: s.populationSize,
    requested: requested[i] ?? 0,
    drawn: drawn[i] ?? 0,
  }));
  if (size > population) {
    return {
      strata: result,
      warnings: [
        population === 0
          ? `there are no eligible arguments; asked for ${size}, so nothing is drawn`
          : `the eligible population has only ${countOf(population)}; asked for ${size}, so every eligible argument is drawn`,
      ],
    };
  }
  for (const s of result) {
    if (s.requested > s.populationSize) {
      warnings.push(
        `stratum ${s.stratum} has only ${countOf(s.populationSize, 'eligible ')}; asked for ${s.requested}`,
      );
    }
  }
  return { strata: result, warnings };
}

/**
 * Shares `amount` among the strata `among` (indices), given what each stratum already has
 * (`current`, indexed by stratum); returns one share per entry of `among`.
 */
type Split = (amount: number, among: readonly number[], current: readonly number[]) => number[];

/**
 * Step 1 and 2 of the rule: split `amount` over `among`, cap each stratum at its capacity, and
 * split what the capped strata could not take over those with room, until it is all placed or
 * nobody has room. Returns the first split (`requested`) and the result (`drawn`), indexed by
 * stratum.
 */
function fillWithinCapacity(
  amount: number,
  among: readonly number[],
  capacity: readonly number[],
  split: Split,
): { requested: number[]; drawn: number[] } {
  const requested: number[] = capacity.map(() => 0);
  const drawn: number[] = capacity.map(() => 0);
  let pending = amount;
  let targets = among;
  let first = true;
  while (pending > 0 && targets.length > 0) {
    const shares = split(pending, targets, drawn);
    pending = 0;
    targets.forEach((stratum, k) => {
      const share = shares[k] ?? 0;
      if (first) requested[stratum] = share;
      const wanted = (drawn[stratum] ?? 0) + share;
      const room = capacity[stratum] ?? 0;
      drawn[stratum] = Math.min(wanted, room);
      pending += Math.max(0, wanted - room);
    });
    first = false;
    targets = targets.filter((stratum) => (drawn[stratum] ?? 0) < (capacity[stratum] ?? 0));
  }
  return { requested, drawn };
}

function minimumOf(allocation: Allocation): number | null {
  if (allocation === 'equal' || allocation === 'proportional') return null;
  if (typeof allocation === 'object' && allocation !== null && 'minimumPerStratum' in allocation) {
    const m = allocation.minimumPerStratum;
    if (!Number.isInteger(m) || m < 0) {
      throw new RangeError(
        `allocateSample: minimumPerStratum must be a non-negative integer (got ${String(m)})`,
      );
    }
    return m;
  }
  throw new TypeError(
    `allocateSample: allocation must be 'equal', 'proportional' or { minimumPerStratum } (got ${JSON.stringify(allocation)})`,
  );
}

function validStrata(strata: AllocateSampleOptions['strata']): AllocateSampleOptions['strata'] {
  const seen = new Set<string>();
  for (const { stratum, populationSize } of strata) {
    if (typeof stratum !== 'string') {
      throw new TypeError(`allocateSample: stratum keys must be strings (got ${String(stratum)})`);
    }
    if (seen.has(stratum)) throw new RangeError(`allocateSample: stratum ${stratum} is listed twice`);
    seen.add(stratum);
    if (!Number.isInteger(populationSize) || populationSize < 0) {
      throw new RangeError(
        `allocateSample: stratum ${stratum} must have a non-negative integer populationSize (got ${String(populationSize)})`,
      );
    }
  }
  return [...strata].sort((a, b) => byCodeUnits(a.stratum, b.stratum));
}

function countOf(n: number, adjective = ''): string {
  return `${n} ${adjective}${n === 1 ? 'argument' : 'arguments'}`;
}
