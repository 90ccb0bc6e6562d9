import { FACTOR_IDS, type FactorId, factorById, type Side, sortFactorIds } from '../factors.ts';
import type { Rng } from '../stats/rng.ts';
import { bernoulli, sampleWithoutReplacement, uniformInt } from './sampling.ts';

/**
 * The building blocks of the study's triple generator (see `generateTriples` in triples.ts for the
 * procedure as a whole and its source). Every function here draws from the given stream in the
 * order its doc comment states; that order is part of what a seed reproduces.
 */

/** How many sharing factors a precedent takes in each sharing step, at most. */
export const MAX_SHARED_PER_STEP = 3;

/** The probability of the second sharing step (factors of the current case from either side). */
export const SECOND_STEP_PROBABILITY = 0.7;

/** The closed interval case sizes are drawn from for complexity C: [max(1, C − 1), C + 1]. */
export function caseSizeBounds(complexity: number): { min: number; max: number } {
  return { min: Math.max(1, complexity - 1), max: complexity + 1 };
}

/**
 * A case size, uniform on [max(1, C − 1), C + 1] (one draw). Precondition (checked by the caller,
 * `generateTriples`): C is an integer in 1…25, so sizes stay within 1…26.
 */
export function drawCaseSize(rng: Rng, complexity: number): number {
  const { min, max } = caseSizeBounds(complexity);
  return uniformInt(rng, min, max);
}

/**
 * The current case: a size drawn by `drawCaseSize`, then a uniform sample of that many of the 26
 * factors, without replacement (sampled from the catalogue in catalogue order). Returned in
 * catalogue order.
 */
export function drawCurrentCase(rng: Rng, complexity: number): FactorId[] {
  const size = drawCaseSize(rng, complexity);
  return sortFactorIds(sampleWithoutReplacement(rng, FACTOR_IDS, size));
}

/** A precedent built to share factors with the current case, with what each step took (for tests). */
export interface SharingPrecedent {
  /** The precedent's factors, catalogue order. */
  factors: FactorId[];
  /** The size drawn for it; the precedent is larger only if the sharing steps took more. */
  drawnSize: number;
  /** Step 1: the current case's factors of the precedent's side that it took (catalogue order). */
  sideTaken: FactorId[];
  /** Step 2: the further current-case factors it took, empty if the step did not run (catalogue order). */
  otherTaken: FactorId[];
}

/** `k` factors of `pool` (catalogue order), uniform count 1…min(3, |pool|), then a uniform sample; none if empty. */
function takeUpToThree(rng: Rng, pool: readonly FactorId[]): FactorId[] {
  if (pool.length === 0) return [];
  const k = uniformInt(rng, 1, Math.min(MAX_SHARED_PER_STEP, pool.length));
  return sortFactorIds(sampleWithoutReplacement(rng, pool, k));
}

/**
 * One precedent of an arguable triple, won by `side` (P → plaintiff, D → defendant). Draws, in order:
 * 1. its size, by `drawCaseSize`;
 * 2. if the current case has factors of `side`: a count uniform on 1…min(3, #side factors), then a
 *    uniform sample of that many of them (no draws at all if it has none);
 * 3. one `bernoulli(0.7)`; if true and `rest` (the current case's factors not taken in step 2) is
 *    non-empty: a count uniform on 1…min(3, |rest|), then a uniform sample of that many of `rest`;
 * 4. if it holds fewer factors than its size: a uniform sample of the missing number from the
 *    catalogue minus what it holds — these may include further factors of the current case.
 * The pools of steps 2–4 are in catalogue order. Its final size is max(drawn size, |taken in 2–3|);
 * since steps 2–3 take only the current case's factors, that is ≤ |current| ≤ C + 1.
 */
export function drawSharingPrecedent(
  rng: Rng,
  current: readonly FactorId[],
  side: Side,
  complexity: number,
): SharingPrecedent {
  const drawnSize = drawCaseSize(rng, complexity);
  const ordered = sortFactorIds(current);
  const sideTaken = takeUpToThree(
    rng,
    ordered.filter((id) => factorById(id).side === side),
  );
  const otherTaken = bernoulli(rng, SECOND_STEP_PROBABILITY)
    ? takeUpToThree(
        rng,
        ordered.filter((id) => !sideTaken.includes(id)),
      )
    : [];
  const held = new Set<FactorId>([...sideTaken, ...otherTaken]);
  const missing = drawnSize - held.size;
  if (missing > 0) {
    const pool = FACTOR_IDS.filter((id) => !held.has(id));
    for (const id of sampleWithoutReplacement(rng, pool, missing)) held.add(id);
  }
  return { factors: sortFactorIds(held), drawnSize, sideTaken, otherTaken };
}

/**
 * One precedent of a non-arguable triple: a size drawn by `drawCaseSize`, clamped to the number of
 * factors absent from the current case, then a uniform sample of that many absent factors (the
 * complement, catalogue order). Sampling the complement directly is the study's "draw, retry until
 * no factor is shared" without the retries: a uniform k-subset of the catalogue conditioned on
 * missing the current case is a uniform k-subset of the complement. The clamp applies whenever the
 * drawn size exceeds 26 − |current|: possible from C = 13 on (2·(C + 1) > 26), certain from C = 15
 * on (2·(C − 1) > 26). A current case holding all 26 factors (possible only at C = 25) leaves an
 * empty precedent.
 */
export function drawDisjointPrecedent(
  rng: Rng,
  current: readonly FactorId[],
  complexity: number,
): FactorId[] {
  const drawnSize = drawCaseSize(rng, complexity);
  const absent = FACTOR_IDS.filter((id) => !current.includes(id));
  return sortFactorIds(sampleWithoutReplacement(rng, absent, Math.min(drawnSize, absent.length)));
}
