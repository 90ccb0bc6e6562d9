import type { FactorId } from '../factors.ts';
import type { Triple } from '../schemas/triple.ts';
import { createRng, type Rng } from '../stats/rng.ts';
import { MODES, type Mode } from '../vocabulary.ts';
import { drawCurrentCase, drawDisjointPrecedent, drawSharingPrecedent } from './cases.ts';

export interface GenerateTriplesOptions {
  mode: Mode;
  /** How many triples to return: an integer ≥ 0. */
  count: number;
  /** C, the study's "complexity": an integer 1…25; case sizes are drawn from [max(1, C − 1), C + 1]. */
  complexity: number;
  /** A safe integer; used modulo 2³², as `createRng` does. */
  seed: number;
  /** Arguable and reordered only: redraw every triple with a precedent that shares nothing. Default false. */
  strict?: boolean;
  /** Ids are `${idPrefix}-${n}`, n from 1; default the mode. */
  idPrefix?: string;
}

export interface GenerateTriplesReport {
  /** `count` as asked. */
  requested: number;
  /** Triples returned: always equal to `requested`. */
  generated: number;
  /** Returned arguable/reordered triples whose plaintiff-won precedent shares no factor with the current case. */
  noSharedPlaintiffSide: number;
  /** Returned arguable/reordered triples whose defendant-won precedent shares no factor with the current case. */
  noSharedDefendantSide: number;
  /** Strict mode: triples drawn and discarded for lacking a shared factor on one side. */
  regenerated: number;
}

export interface GenerateTriplesResult {
  triples: Triple[];
  report: GenerateTriplesReport;
}

/** The longest id prefix accepted, so that `${prefix}-${n}` always fits the 200 characters of an id. */
const MAX_ID_PREFIX_LENGTH = 180;

function sharesAnyFactor(a: readonly FactorId[], b: readonly FactorId[]): boolean {
  return a.some((id) => b.includes(id));
}

function assertOptions(options: GenerateTriplesOptions): void {
  const { mode, count, complexity, seed, idPrefix } = options;
  if (!(MODES as readonly string[]).includes(mode)) {
    throw new RangeError(`generateTriples: mode must be one of ${MODES.join(', ')} (got ${String(mode)})`);
  }
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`generateTriples: count must be an integer ≥ 0 (got ${String(count)})`);
  }
  if (!Number.isInteger(complexity) || complexity < 1 || complexity > 25) {
    throw new RangeError(
      `generateTriples: complexity must be an integer from 1 to 25 (got ${String(complexity)})`,
    );
  }
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`generateTriples: seed must be a safe integer (got ${String(seed)})`);
  }
  if (
    idPrefix !== undefined &&
    (typeof idPrefix !== 'string' ||
      idPrefix === '' ||
      idPrefix.trim() !== idPrefix ||
      idPrefix.length > MAX_ID_PREFIX_LENGTH)
  ) {
    throw new RangeError(
      `generateTriples: idPrefix must be a non-empty string without surrounding spaces, at most ${MAX_ID_PREFIX_LENGTH} characters (got ${JSON.stringify(idPrefix)})`,
    );
  }
}

/** The cases of one drawn triple, precedents in arguable order (TSC1 plaintiff-won, TSC2 defendant-won). */
interface DrawnCases {
  current: FactorId[];
  plaintiffWon: FactorId[];
  defendantWon: FactorId[];
}

function drawCases(rng: Rng, mode: Mode, complexity: number): DrawnCases {
  const current = drawCurrentCase(rng, complexity);
  if (mode === 'non_arguable') {
    const plaintiffWon = drawDisjointPrecedent(rng, current, complexity);
    const defendantWon = drawDisjointPrecedent(rng, current, complexity);
    return { current, plaintiffWon, defendantWon };
  }
  const plaintiffWon = drawSharingPrecedent(rng, current, 'P', complexity).factors;
  const defendantWon = drawSharingPrecedent(rng, current, 'D', complexity).factors;
  return { current, plaintiffWon, defendantWon };
}

function toTriple(id: string, mode: Mode, cases: DrawnCases): Triple {
  const plaintiff = { factors: cases.plaintiffWon, outcome: 'plaintiff' as const };
  const defendant = { factors: cases.defendantWon, outcome: 'defendant' as const };
  return mode === 'reordered'
    ? { id, mode, current: { factors: cases.current }, tsc1: defendant, tsc2: plaintiff }
    : { id, mode, current: { factors: cases.current }, tsc1: plaintiff, tsc2: defendant };
}

/**
 * Generates `count` triples (a current case and two decided precedents, TSC1 and TSC2, over the 26
 * CATO factors) the way the study's generator does, as issue 3 describes it (Zhang, Gray, Savelka,
 * Ashley, arXiv 2506.00694, the scenario generator behind Tests 1–3). This is our implementation of
 * that description, seeded by `createRng(seed)`; it does not reproduce the study's own random
 * stream or files.
 *
 * Procedure, for complexity C (each case's size is drawn uniformly from [max(1, C − 1), C + 1]):
 * - current case: a uniform sample of its size of the 26 factors, without replacement;
 * - arguable: TSC1, won by the plaintiff, takes 1…min(3, #P) of the current case's P factors (a
 *   uniform count, then a uniform sample; nothing if the current case has no P factor), then with
 *   probability 0.7 a further 1…min(3, |rest|) of `rest`, the current case's factors it has not
 *   taken, then random factors of the whole catalogue not already in it until it reaches its size
 *   (it stops at once if it already has that many, so it may exceed its drawn size, never C + 1).
 *   TSC2, won by the defendant, is built the same way from the D factors;
 * - reordered: drawn exactly as arguable (the same draws in the same order), then the precedents
 *   swap positions: TSC1 is the defendant-won case, TSC2 the plaintiff-won one;
 * - non_arguable: TSC1 (plaintiff) and TSC2 (defendant) each draw a size and sample that many of the
 *   factors absent from the current case, so neither shares a factor with it. The study redraws
 *   until that holds; sampling the complement gives the same distribution. If the complement is
 *   smaller than the drawn size, the size is clamped to it (from C = 13 on; at C = 25 a current
 *   case holding all 26 factors leaves both precedents empty).
 * Draws are made in the order current, plaintiff-won precedent, defendant-won precedent, triple by
 * triple; cases.ts gives the order within each. Factors are in catalogue order (`sortFactorIds`),
 * outcomes lower case, ids `${idPrefix ?? mode}-${n}` for n = 1…count.
 *
 * "No shared factor on one side" — our definition: a triple has no shared factor on the plaintiff
 * side when its plaintiff-won precedent (TSC1 in arguable, TSC2 in reordered) shares no factor at
 * all, of either side, with the current case; likewise on the defendant side. A precedent always
 * shares one of its side's factors when the current case has one, so this happens only when the
 * current case has no factor of that side, the 0.7 step did not run and the filling drew none of
 * the current case's factors; as every current case has a factor, at most one side of a triple can
 * lack one. The report counts such triples among those returned (non_arguable triples are not
 * counted: sharing nothing is their point). With `strict: true` a triple lacking a shared factor on
 * either side is discarded and a new one (current case included) drawn from the same stream until
 * one has shared factors on both sides, each discard counted in `regenerated`; every draw succeeds
 * with probability at least 0.7, so this ends quickly. `strict` has no effect on non_arguable.
 *
 * Preconditions: `mode` one of arguable, reordered, non_arguable; `count` an integer ≥ 0;
 * `complexity` an integer 1…25; `seed` a safe integer (used modulo 2³², so seeds differing by a
 * multiple of 2³² give the same triples); `idPrefix`, if given, a non-empty string without
 * surrounding whitespace of at most 180 characters. Otherwise throws a RangeError. `count` = 0
 * gives no triples and a zero report.
 *
 * @example generateTriples({ mode: 'arguable', count: 1, complexity: 3, seed: 42 })
 * // { triples: [{ id: 'arguable-1', mode: 'arguable', current: { factors: ['F6', 'F14'] },
 * //     tsc1: { factors: ['F6', 'F14', 'F23'], outcome: 'plaintiff' },
 * //     tsc2: { factors: ['F2', 'F6'], outcome: 'defendant' } }],
 * //   report: { requested: 1, generated: 1, noSharedPlaintiffSide: 0, noSharedDefendantSide: 0, regenerated: 0 } }
 * // — on every machine; triples.test.ts pins longer runs byte for byte.
 */
export function generateTriples(options: GenerateTriplesOptions): GenerateTriplesResult {
  assertOptions(options);
  const { mode, count, complexity, seed } = options;
  const strict = options.strict === true && mode !== 'non_arguable';
  const prefix = options.idPrefix ?? mode;
  const rng = createRng(seed);
  const triples: Triple[] = [];
  const report: GenerateTriplesReport = {
    requested: count,
    generated: 0,
    noSharedPlaintiffSide: 0,
    noSharedDefendantSide: 0,
    regenerated: 0,
  };

  while (triples.length < count) {
    const cases = drawCases(rng, mode, complexity);
    if (mode !== 'non_arguable') {
      const plaintiffShares = sharesAnyFactor(cases.plaintiffWon, cases.current);
      const defendantShares = sharesAnyFactor(cases.defendantWon, cases.current);
      if (strict && !(plaintiffShares && defendantShares)) {
        report.regenerated++;
        continue;
      }
      if (!plaintiffShares) report.noSharedPlaintiffSide++;
      if (!defendantShares) report.noSharedDefendantSide++;
    }
    triples.push(toTriple(`${prefix}-${triples.length + 1}`, mode, cases));
  }
  report.generated = triples.length;
  return { triples, report };
}
