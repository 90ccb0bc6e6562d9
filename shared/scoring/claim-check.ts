import type { Interval } from '../stats/interval.ts';

/**
 * The outcome of checking a claim: against an interval (`checkClaim`), or `too_few` when the cell
 * has fewer gold arguments than it needs to be judged at all (`goldNeededForClaim`).
 */
export type ClaimStatus = 'holds' | 'fails' | 'undecided' | 'too_few';

/**
 * Checks "the figure is above `threshold`" against a confidence interval (docs/STATISTICS.md §8):
 * `holds` when the lower bound is above the threshold, `fails` when the upper bound is below it,
 * `undecided` when the interval contains it — or when there is no interval at all, since an
 * estimate without uncertainty decides nothing.
 *
 * Used for ">90% hallucination accuracy" (corrected AccH against 0.90) and for "the ranking
 * survives" (the τ-b interval against the user's threshold, 0.6 by default; there "holds" means the
 * interval excludes every value below the threshold, so the lower bound may equal it).
 *
 * Preconditions: a finite threshold. Never throws.
 *
 * @example checkClaim({ lower: 0.91, upper: 0.97 }, 0.9) // 'holds'
 * @example checkClaim({ lower: 0.85, upper: 0.93 }, 0.9) // 'undecided'
 * @example checkClaim(null, 0.9) // 'undecided'
 */
export function checkClaim(
  interval: Interval | null,
  threshold: number,
  options: { inclusive?: boolean } = {},
): ClaimStatus {
  if (interval === null) return 'undecided';
  const above = options.inclusive ? interval.lower >= threshold : interval.lower > threshold;
  if (above) return 'holds';
  if (interval.upper < threshold) return 'fails';
  return 'undecided';
}
