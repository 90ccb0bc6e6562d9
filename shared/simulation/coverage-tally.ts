import type { Report } from '../scoring/index.ts';
import {
  type CoverageMethod,
  type PrintedInterval,
  printedIntervals,
  type Truths,
  truthKey,
} from './figure-pairs.ts';
import type { ClusterSums } from './monte-carlo-error.ts';

/** Coverage of one interval method on one kind of figure, summed over simulated studies. */
export interface IntervalTally extends ClusterSums {
  family: string;
  method: CoverageMethod;
  /** Intervals that missed with the truth below the lower end / above the upper end. */
  missedLow: number;
  missedHigh: number;
  /** Figures the report printed no interval for (not in `intervals`). */
  noInterval: number;
  /** Σ (upper − lower) over the printed intervals, in units of 10⁻⁹ (integers, so every order of summing gives the same total). */
  widthSum: number;
}

/** How often a claim came out which way, and how often that was wrong about the population. */
export interface ClaimTally {
  /** Claims checked (cells × studies). */
  checked: number;
  holds: number;
  /** "holds" while the population value is at or below the threshold. */
  wrongHolds: number;
  fails: number;
  /** "fails" while the population value is at or above the threshold. */
  wrongFails: number;
  undecided: number;
  tooFew: number;
  studies: number;
  /** Studies with at least one wrong "holds". */
  studiesWithWrongHolds: number;
  /** Studies with at least one wrong "fails". */
  studiesWithWrongFails: number;
}

/** The AccH claim judged by its interval alone on cells with at least `minimum` gold arguments. */
export interface MinimumGoldTally {
  minimum: number;
  judged: number;
  holds: number;
  wrongHolds: number;
  studiesWithWrongHolds: number;
}

export interface CoverageTally {
  studies: number;
  intervals: Record<string, IntervalTally>;
  acchClaim: ClaimTally;
  rankingClaim: ClaimTally;
  minimumGold: MinimumGoldTally[];
}

/** Widths are summed in integer units of 10⁻⁹. */
export const WIDTH_UNITS = 1e9;

/** The gold minimums at which the AccH claim is also judged by its interval alone (`MinimumGoldTally`). */
export const CLAIM_MINIMUMS = [2, 3, 4, 6, 10, 15, 20] as const;

const emptyClaim = (): ClaimTally => ({
  checked: 0,
  holds: 0,
  wrongHolds: 0,
  fails: 0,
  wrongFails: 0,
  undecided: 0,
  tooFew: 0,
  studies: 0,
  studiesWithWrongHolds: 0,
  studiesWithWrongFails: 0,
});

export function emptyTally(): CoverageTally {
  return {
    studies: 0,
    intervals: {},
    acchClaim: emptyClaim(),
    rankingClaim: emptyClaim(),
    minimumGold: CLAIM_MINIMUMS.map((minimum) => ({
      minimum,
      judged: 0,
      holds: 0,
      wrongHolds: 0,
      studiesWithWrongHolds: 0,
    })),
  };
}

/** Whether `truth` lies in [lower, upper] (ends included, up to rounding in the last bits). */
export function covers(interval: { lower: number; upper: number }, truth: number): boolean {
  const slack = 1e-12;
  return interval.lower - slack <= truth && truth <= interval.upper + slack;
}

/**
 * Adds one study's printed intervals to the tally, each checked against its truth (figures without
 * a truth are skipped); the per-study counts feed the clustered Monte-Carlo error.
 */
export function tallyIntervals(
  tally: CoverageTally,
  printed: readonly PrintedInterval[],
  truths: Truths,
): void {
  const perStudy = new Map<string, { covered: number; intervals: number }>();
  for (const { family, method, key, interval } of printed) {
    const truth = truths.get(truthKey(family, key));
    if (truth === undefined) continue;
    const id = `${family}\u0000${method}`;
    let entry = tally.intervals[id];
    if (!entry) {
      entry = {
        family,
        method,
        studies: 0,
        covered: 0,
        intervals: 0,
        coveredSquares: 0,
        coveredTimesIntervals: 0,
        intervalSquares: 0,
        missedLow: 0,
        missedHigh: 0,
        noInterval: 0,
        widthSum: 0,
      };
      tally.intervals[id] = entry;
    }
    if (interval === null) {
      entry.noInterval++;
      continue;
    }
    const study = perStudy.get(id) ?? { covered: 0, intervals: 0 };
    study.intervals++;
    entry.widthSum += Math.round((interval.upper - interval.lower) * WIDTH_UNITS);
    if (covers(interval, truth)) study.covered++;
    else if (truth < interval.lower) entry.missedLow++;
    else entry.missedHigh++;
    perStudy.set(id, study);
  }
  for (const [id, { covered, intervals }] of perStudy) {
    const entry = tally.intervals[id];
    if (!entry) continue;
    entry.studies++;
    entry.covered += covered;
    entry.intervals += intervals;
    entry.coveredSquares += covered * covered;
    entry.coveredTimesIntervals += covered * intervals;
    entry.intervalSquares += intervals * intervals;
  }
}

/** Counts one claim's status against the population value; says whether it was a wrong "holds" or a wrong "fails". */
function tallyClaim(
  claim: ClaimTally,
  status: string,
  truth: number,
  threshold: number,
): 'holds' | 'fails' | null {
  claim.checked++;
  if (status === 'holds') {
    claim.holds++;
    if (truth <= threshold) {
      claim.wrongHolds++;
      return 'holds';
    }
  } else if (status === 'fails') {
    claim.fails++;
    if (truth >= threshold) {
      claim.wrongFails++;
      return 'fails';
    }
  } else if (status === 'too_few') claim.tooFew++;
  else claim.undecided++;
  return null;
}

function tallyClaims(tally: CoverageTally, report: Report, truths: Truths): void {
  const { acch_above: acch, ranking } = report.claims;
  const wrongAcch = new Set<string>();
  const wrongAtMinimum = tally.minimumGold.map(() => false);
  for (const [model, byTest] of Object.entries(acch.by_model))
    for (const [test, claim] of Object.entries(byTest)) {
      const family = `corrected AccH${test === '1_2' ? ' Tests 1–2' : ''} (${acch.extractor ?? ''})`;
      const truth = truths.get(truthKey(family, `${model}|${test}`));
      if (truth === undefined) continue;
      const wrong = tallyClaim(tally.acchClaim, claim.status, truth, acch.threshold);
      if (wrong) wrongAcch.add(wrong);
      tally.minimumGold.forEach((entry, m) => {
        if (claim.ci === null || claim.sampled < entry.minimum) return;
        entry.judged++;
        if (claim.ci.lower > acch.threshold) {
          entry.holds++;
          if (truth <= acch.threshold) {
            entry.wrongHolds++;
            wrongAtMinimum[m] = true;
          }
        }
      });
    }
  tally.acchClaim.studies++;
  if (wrongAcch.has('holds')) tally.acchClaim.studiesWithWrongHolds++;
  if (wrongAcch.has('fails')) tally.acchClaim.studiesWithWrongFails++;
  tally.minimumGold.forEach((entry, m) => {
    if (wrongAtMinimum[m]) entry.studiesWithWrongHolds++;
  });
  const wrongRanking = new Set<string>();
  for (const [key, claim] of Object.entries(ranking.by_ranking)) {
    const truth = truths.get(truthKey('τ-b gold vs reported', key));
    if (truth === undefined) continue;
    const wrong = tallyClaim(tally.rankingClaim, claim.status, truth, ranking.threshold);
    if (wrong) wrongRanking.add(wrong);
  }
  tally.rankingClaim.studies++;
  if (wrongRanking.has('holds')) tally.rankingClaim.studiesWithWrongHolds++;
  if (wrongRanking.has('fails')) tally.rankingClaim.studiesWithWrongFails++;
}

/**
 * Adds one simulated study's report to the tally: every printed interval (`printedIntervals`)
 * checked against its population value (`populationTruths`) — covered when truth ∈ [lower, upper];
 * the AccH claim of every model and test and the ranking claims checked against theirs (a wrong
 * "holds": the claim holds while the population value is at or below the threshold); and the AccH
 * claim judged by its interval alone at each of `CLAIM_MINIMUMS` gold arguments.
 */
export function tallyStudy(tally: CoverageTally, report: Report, truths: Truths): void {
  tally.studies++;
  tallyIntervals(tally, printedIntervals(report), truths);
  tallyClaims(tally, report, truths);
}

function addClaims(a: ClaimTally, b: ClaimTally): ClaimTally {
  const sum = emptyClaim();
  for (const key of Object.keys(sum) as (keyof ClaimTally)[]) sum[key] = a[key] + b[key];
  return sum;
}

/** Two tallies as one (the workers' parts of one run); independent of the order given. */
export function mergeTallies(a: CoverageTally, b: CoverageTally): CoverageTally {
  const intervals: Record<string, IntervalTally> = {};
  for (const id of new Set([...Object.keys(a.intervals), ...Object.keys(b.intervals)])) {
    const x = a.intervals[id];
    const y = b.intervals[id];
    if (!x || !y) {
      const only = x ?? y;
      if (only) intervals[id] = { ...only };
      continue;
    }
    intervals[id] = {
      family: x.family,
      method: x.method,
      studies: x.studies + y.studies,
      covered: x.covered + y.covered,
      intervals: x.intervals + y.intervals,
      coveredSquares: x.coveredSquares + y.coveredSquares,
      coveredTimesIntervals: x.coveredTimesIntervals + y.coveredTimesIntervals,
      intervalSquares: x.intervalSquares + y.intervalSquares,
      missedLow: x.missedLow + y.missedLow,
      missedHigh: x.missedHigh + y.missedHigh,
      noInterval: x.noInterval + y.noInterval,
      widthSum: x.widthSum + y.widthSum,
    };
  }
  return {
    studies: a.studies + b.studies,
    intervals,
    acchClaim: addClaims(a.acchClaim, b.acchClaim),
    rankingClaim: addClaims(a.rankingClaim, b.rankingClaim),
    minimumGold: a.minimumGold.map((entry, m) => {
      const other = b.minimumGold[m];
      return other
        ? {
            minimum: entry.minimum,
            judged: entry.judged + other.judged,
            holds: entry.holds + other.holds,
            wrongHolds: entry.wrongHolds + other.wrongHolds,
            studiesWithWrongHolds: entry.studiesWithWrongHolds + other.studiesWithWrongHolds,
          }
        : { ...entry };
    }),
  };
}
