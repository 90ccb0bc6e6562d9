import type { Interval } from '../stats/interval.ts';
import { type ClaimTally, type CoverageTally, type MinimumGoldTally, WIDTH_UNITS } from './coverage-tally.ts';
import type { CoverageMethod } from './figure-pairs.ts';
import { binomialMcError, clusteredMcError, coverageInterval } from './monte-carlo-error.ts';

/** The targets at nominal 95 %: coverage at least 93 %, a wrong "holds" in at most 5 % of studies. */
export const COVERAGE_TARGET = 0.93;
export const WRONG_HOLDS_TARGET = 0.05;

/** One row of the coverage table: an interval method on one kind of figure. */
export interface CoverageRow {
  family: string;
  method: CoverageMethod;
  /** Intervals checked (figures × studies) and the studies they came from. */
  intervals: number;
  studies: number;
  /** Share of intervals containing the population value; `null` when none was printed. */
  coverage: number | null;
  /** Monte-Carlo standard error of `coverage`, clustered by study (`clusteredMcError`). */
  mc_error: number | null;
  /** √(p(1 − p)/n) over the n intervals as if independent (`binomialMcError`). */
  mc_error_binomial: number | null;
  /** 95 % Wilson interval of the coverage at the effective n (`coverageInterval`). */
  mc_interval: Interval | null;
  /** Shares of intervals entirely above / below the truth. */
  missed_low: number | null;
  missed_high: number | null;
  /** Figures with no interval printed (not in `intervals`). */
  no_interval: number;
  mean_width: number | null;
  /** coverage ≥ COVERAGE_TARGET. */
  meets_target: boolean | null;
}

/** A claim's outcomes, with the share of studies that made a wrong "holds". */
export interface ClaimSummary extends ClaimTally {
  wrong_holds_studies_share: number | null;
  wrong_fails_studies_share: number | null;
  wrong_holds_mc_error: number | null;
  meets_target: boolean | null;
}

export interface MinimumGoldSummary extends MinimumGoldTally {
  wrong_holds_studies_share: number | null;
  meets_target: boolean | null;
}

export interface CoverageSummary {
  studies: number;
  targets: { coverage: number; wrong_holds: number };
  rows: CoverageRow[];
  claims: { acch_above: ClaimSummary; ranking: ClaimSummary; acch_by_minimum_gold: MinimumGoldSummary[] };
}

const share = (count: number, of: number): number | null => (of === 0 ? null : count / of);

function claimSummary(claim: ClaimTally): ClaimSummary {
  const p = share(claim.studiesWithWrongHolds, claim.studies);
  return {
    ...claim,
    wrong_holds_studies_share: p,
    wrong_fails_studies_share: share(claim.studiesWithWrongFails, claim.studies),
    wrong_holds_mc_error: p === null ? null : binomialMcError(p, claim.studies),
    meets_target: p === null ? null : p <= WRONG_HOLDS_TARGET,
  };
}

/** The coverage table and the claims' error rates from a tally (rows sorted by family, then method). */
export function summarizeCoverage(tally: CoverageTally): CoverageSummary {
  const rows = Object.values(tally.intervals)
    .map((entry): CoverageRow => {
      const coverage = share(entry.covered, entry.intervals);
      const mcError = clusteredMcError(entry);
      return {
        family: entry.family,
        method: entry.method,
        intervals: entry.intervals,
        studies: entry.studies,
        coverage,
        mc_error: mcError,
        mc_error_binomial: coverage === null ? null : binomialMcError(coverage, entry.intervals),
        mc_interval: coverage === null ? null : coverageInterval(coverage, mcError, entry.intervals),
        missed_low: share(entry.missedLow, entry.intervals),
        missed_high: share(entry.missedHigh, entry.intervals),
        no_interval: entry.noInterval,
        mean_width: entry.intervals === 0 ? null : entry.widthSum / WIDTH_UNITS / entry.intervals,
        meets_target: coverage === null ? null : coverage >= COVERAGE_TARGET,
      };
    })
    .sort((a, b) =>
      a.family < b.family
        ? -1
        : a.family > b.family
          ? 1
          : a.method < b.method
            ? -1
            : a.method > b.method
              ? 1
              : 0,
    );
  return {
    studies: tally.studies,
    targets: { coverage: COVERAGE_TARGET, wrong_holds: WRONG_HOLDS_TARGET },
    rows,
    claims: {
      acch_above: claimSummary(tally.acchClaim),
      ranking: claimSummary(tally.rankingClaim),
      acch_by_minimum_gold: tally.minimumGold.map((entry) => {
        const p = share(entry.studiesWithWrongHolds, tally.acchClaim.studies);
        return {
          ...entry,
          wrong_holds_studies_share: p,
          meets_target: p === null ? null : p <= WRONG_HOLDS_TARGET,
        };
      }),
    },
  };
}
