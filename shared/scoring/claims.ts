import type { Interval } from '../stats/interval.ts';
import { type ClaimStatus, checkClaim } from './claim-check.ts';
import { goldNeededForClaim, MIN_GOLD_FOR_CLAIM, MIN_GOLD_FOR_RANKING } from './claim-sample.ts';
import type { CorrectedByModel, CorrectedFigure } from './corrected-estimates.ts';
import type { AdjacentFlip, Ranking, TauFigure } from './rankings.ts';

/** The AccH claim for one model on one test (or Tests 1–2 together). */
export interface AcchClaim {
  status: ClaimStatus;
  value: number | null;
  ci: Interval | null;
  variance_pooled: boolean;
  /** Gold arguments the cell's estimate rests on. */
  sampled: number;
  /** Gold arguments the cell needs to be judged (`goldNeededForClaim`; the minimum without an estimate). */
  needed: number;
}

/** The ranking claim for one ranking (metric × test). */
export interface RankingClaim {
  status: ClaimStatus;
  /** τ-b of the compared pair of sources, or `null` when that pair cannot be compared. */
  tau_b: TauFigure | null;
  /** Adjacent pairs of the gold ranking, least stable first. */
  flips: AdjacentFlip[];
  /** Gold arguments in the ranking's smallest gold cell (`null` without τ-b). */
  sampled: number | null;
  /** Gold arguments every ranked cell needs for the claim to be judged (`MIN_GOLD_FOR_RANKING`). */
  needed: number;
}

/** The two claims the reviewers asked about, with the numbers that decide them. */
export interface Claims {
  acch_above: {
    threshold: number;
    /** The extractor whose corrected estimates are checked. */
    extractor: string | null;
    /** Per model, per test key ("1", "2", "1_2"). */
    by_model: Record<string, Record<string, AcchClaim>>;
  };
  ranking: {
    threshold: number;
    /** The pair of sources compared: gold with the reported figures, else with the primary extractor. */
    comparison: string | null;
    by_ranking: Record<string, RankingClaim>;
  };
}

/**
 * The gold a corrected AccH cell needs to be judged: from its estimate's distance to the threshold
 * and the spread of its differences (s²_Δ ≈ Var(m̂)·n/(1 − n/N) for one stratum; none when the
 * differences had no spread and the variance was floored).
 */
function goldNeeded(figure: CorrectedFigure, threshold: number, level: number): number {
  if (figure.value === null) return MIN_GOLD_FOR_CLAIM;
  const { sampled: n, population: N, variance } = figure;
  const spread =
    figure.variance_floored || variance === null || n === 0 || n >= N ? null : (variance * n) / (1 - n / N);
  return goldNeededForClaim({
    estimate: figure.value,
    threshold,
    differenceVariance: spread,
    level,
    population: N,
  });
}

/**
 * The claim checks (docs/STATISTICS.md §8):
 *
 * - ">90% hallucination accuracy": per model, on Test 1, Test 2 and Tests 1–2 together, the primary
 *   extractor's corrected AccH (`correctedEstimates`) against `claimThreshold` — `holds` when the
 *   interval's lower bound is above it, `fails` when the upper bound is below (`checkClaim`); but
 *   `too_few` (with the gold `goldNeededForClaim` says would decide it) when the cell has fewer than
 *   `MIN_GOLD_FOR_CLAIM` gold arguments, or its interval contains the threshold on fewer gold
 *   arguments than that number; else `undecided`;
 * - "the ranking survives": per ranking, τ-b between the gold ranking and the reported one (the
 *   primary extractor's when nothing was reported) — `holds` when its bootstrap interval excludes
 *   every value below `threshold` (lower bound ≥ threshold), `fails` when the upper bound is below
 *   it, else `undecided`; `too_few` when a ranked cell has fewer than `MIN_GOLD_FOR_RANKING` gold
 *   arguments (τ-b then has no interval, `rankings`); reported with the adjacent-pair flip shares
 *   of the gold ranking.
 */
export function checkClaims(
  corrected: CorrectedByModel | null,
  primaryExtractor: string | null,
  rankingsByKey: Readonly<Record<string, Ranking>>,
  options: { threshold: number; claimThreshold: number; hasReported: boolean; level: number },
): Claims {
  const byModel: Claims['acch_above']['by_model'] = {};
  for (const [model, tests] of Object.entries(corrected ?? {})) {
    const claims: Record<string, AcchClaim> = {};
    for (const key of ['1', '2', '1_2']) {
      const figure = tests[key]?.acch;
      if (!figure) continue;
      const needed = goldNeeded(figure, options.claimThreshold, options.level);
      const decided = checkClaim(figure.ci, options.claimThreshold);
      const tooFew =
        figure.sampled < MIN_GOLD_FOR_CLAIM || (decided === 'undecided' && figure.sampled < needed);
      claims[key] = {
        status: tooFew ? 'too_few' : decided,
        value: figure.value,
        ci: figure.ci,
        variance_pooled: figure.variance_pooled,
        sampled: figure.sampled,
        needed,
      };
    }
    byModel[model] = claims;
  }
  const other = options.hasReported ? 'reported' : primaryExtractor;
  const comparison = other === null ? null : `gold_vs_${other}`;
  const byRanking: Record<string, RankingClaim> = {};
  for (const [key, ranking] of Object.entries(rankingsByKey)) {
    const tau = comparison === null ? null : (ranking.kendall_tau_b[comparison] ?? null);
    // A τ-b of two or more models without a value (one source ties them all) has no interval to
    // withhold, yet its cells are just as small: judge the count, not the mark.
    const tooFew =
      tau?.interval === 'too_few' ||
      (tau !== null && tau.models >= 2 && tau.gold !== undefined && tau.gold < MIN_GOLD_FOR_RANKING);
    byRanking[key] = {
      status: tooFew ? 'too_few' : checkClaim(tau?.ci ?? null, options.threshold, { inclusive: true }),
      tau_b: tau,
      flips: [...(ranking.flips.gold ?? [])].sort((a, b) => (b.share ?? -1) - (a.share ?? -1)),
      sampled: tau?.gold ?? null,
      needed: MIN_GOLD_FOR_RANKING,
    };
  }
  return {
    acch_above: { threshold: options.claimThreshold, extractor: primaryExtractor, by_model: byModel },
    ranking: { threshold: options.threshold, comparison, by_ranking: byRanking },
  };
}
