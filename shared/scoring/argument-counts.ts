import { type AssertedSets, bitCount, type CaseMasks } from './factor-sets.ts';

/** The counts behind the study's metrics for one argument (one reader's sets E against the triple's G). */
export interface ArgumentCounts {
  /** N = Σ_cases |G_c|: the factors the triple gives its three cases. */
  n: number;
  /** NH = Σ_cases (|E_c \ G_c| + unlisted mentions in c): factors asserted that the case does not have. */
  nh: number;
  /** NU = Σ_cases |G_c \ E_c|: the case's factors the argument does not assert. */
  nu: number;
  /** Σ_cases (|E_c| + unlisted mentions in c): everything asserted. */
  asserted: number;
  /** The part of NH naming a factor in no case of the triple, or an unlisted one. */
  invented: number;
  /** The part of NH naming a real factor of the triple, put in a case that does not have it. */
  misattributed: number;
  /** Σ |G_c| over shared units: (current, f) with f in TSC1 or TSC2, (TSCk, f) with f in the current case. */
  nShared: number;
  /** Σ |G_c \ E_c| over the shared units. */
  nuShared: number;
  /** Σ |G_c| over the distinguishing units (every unit of G that is not shared). */
  nDistinguishing: number;
  /** Σ |G_c \ E_c| over the distinguishing units. */
  nuDistinguishing: number;
  /** E is empty in all three cases (no factor, no unlisted mention): the paper's abstention. */
  empty: boolean;
}

/**
 * The per-argument counts of the study's metrics (docs/STATISTICS.md §2.1; the authors' released
 * code), over the three cases c of the triple with
 * ground truth G_c and asserted set E_c:
 *
 *   N = Σ_c |G_c|,   NH = Σ_c |E_c \ G_c| + U_c,   NU = Σ_c |G_c \ E_c|
 *
 * where U_c is the number of unlisted mentions (factors outside the catalogue) asserted for c. An
 * unlisted mention is never in G, so it is a hallucination and counts in NH (and in Σ|E|); the
 * paper's extractor lists such inventions among a case's factors, which is what this reproduces.
 *
 * The split of NH the reviewers asked for: a hallucinated factor f ∈ E_c \ G_c is *misattributed*
 * when f is in another case of the triple (f ∈ G_c' for some c' ≠ c), *invented* otherwise; every
 * unlisted mention is invented. So NH = invented + misattributed.
 *
 * Shared and distinguishing units (our definition, docs/REPORT.md): a unit (c, f) of G is *shared*
 * when the factor links the current case to a precedent — (current, f) with f ∈ G_TSC1 ∪ G_TSC2, or
 * (TSCk, f) with f ∈ G_current — and *distinguishing* otherwise; the two partition G, so
 * NU = nuShared + nuDistinguishing and N = nShared + nDistinguishing.
 *
 * Preconditions: masks of catalogue factors (`factorMask`). Never throws.
 * Degenerate input: none here; the metrics on these counts say when they are undefined.
 *
 * @example
 * // G = current {F1, F2}, TSC1 {F2}, TSC2 {F3}; E = current {F2, F4}, TSC1 {F2}, TSC2 {}, unlisted "F30" in TSC2
 * // N = 4; E\G: current F4 (invented), TSC2 "F30" (invented) → NH = 2; G\E: current F1, TSC2 F3 → NU = 2
 * argumentCounts(truth, asserted) // { n: 4, nh: 2, nu: 2, asserted: 4, invented: 2, misattributed: 0, … }
 */
export function argumentCounts(truth: CaseMasks, asserted: AssertedSets): ArgumentCounts {
  const [g0, g1, g2] = truth;
  const inTriple = g0 | g1 | g2;
  const shared: CaseMasks = [g0 & (g1 | g2), g1 & g0, g2 & g0];
  const counts: ArgumentCounts = {
    n: 0,
    nh: 0,
    nu: 0,
    asserted: 0,
    invented: 0,
    misattributed: 0,
    nShared: 0,
    nuShared: 0,
    nDistinguishing: 0,
    nuDistinguishing: 0,
    empty: true,
  };
  for (let c = 0; c < 3; c++) {
    const g = truth[c] ?? 0;
    const e = asserted.masks[c] ?? 0;
    const unlisted = asserted.unlisted[c]?.size ?? 0;
    const hallucinated = e & ~g;
    const unused = g & ~e;
    const sharedHere = shared[c] ?? 0;
    counts.n += bitCount(g);
    counts.nh += bitCount(hallucinated) + unlisted;
    counts.nu += bitCount(unused);
    counts.asserted += bitCount(e) + unlisted;
    counts.misattributed += bitCount(hallucinated & inTriple);
    counts.invented += bitCount(hallucinated & ~inTriple) + unlisted;
    counts.nShared += bitCount(sharedHere);
    counts.nuShared += bitCount(unused & sharedHere);
    counts.nDistinguishing += bitCount(g & ~sharedHere);
    counts.nuDistinguishing += bitCount(unused & ~sharedHere);
    if (e !== 0 || unlisted !== 0) counts.empty = false;
  }
  return counts;
}

/**
 * AccH, the paper's hallucination accuracy of one argument: 1 − NH/N. Not clipped: an argument
 * asserting more wrong factors than the triple has (NH > N) scores below 0, as the formula says.
 * Degenerate: N = 0 (a triple without factors) is `null`.
 *
 * @example accH({ n: 4, nh: 1, … }) // 0.75
 */
export function accH(counts: ArgumentCounts): number | null {
  return counts.n === 0 ? null : 1 - counts.nh / counts.n;
}

/** RecU, the paper's factor-utilisation recall of one argument: 1 − NU/N; `null` when N = 0. @example recU({ n: 4, nu: 2, … }) // 0.5 */
export function recU(counts: ArgumentCounts): number | null {
  return counts.n === 0 ? null : 1 - counts.nu / counts.n;
}

/**
 * AccH as a precision, 1 − NH/Σ|E| (the reviewers' variant): the share of what the argument asserts
 * that is right. `null` when the argument asserts nothing (Σ|E| = 0).
 *
 * @example accHPrecision({ nh: 2, asserted: 4, … }) // 0.5
 */
export function accHPrecision(counts: ArgumentCounts): number | null {
  return counts.asserted === 0 ? null : 1 - counts.nh / counts.asserted;
}

/** Invented hallucinations per ground-truth factor, invented/N; `null` when N = 0. AccH = 1 − this − `misattributedRate`. */
export function inventedRate(counts: ArgumentCounts): number | null {
  return counts.n === 0 ? null : counts.invented / counts.n;
}

/** Misattributed hallucinations per ground-truth factor, misattributed/N; `null` when N = 0. */
export function misattributedRate(counts: ArgumentCounts): number | null {
  return counts.n === 0 ? null : counts.misattributed / counts.n;
}

/** RecU over the shared units only, 1 − nuShared/nShared; `null` when the triple has no shared unit (Test 3). */
export function recUShared(counts: ArgumentCounts): number | null {
  return counts.nShared === 0 ? null : 1 - counts.nuShared / counts.nShared;
}

/** RecU over the distinguishing units only, 1 − nuDistinguishing/nDistinguishing; `null` when there is none. */
export function recUDistinguishing(counts: ArgumentCounts): number | null {
  return counts.nDistinguishing === 0 ? null : 1 - counts.nuDistinguishing / counts.nDistinguishing;
}
