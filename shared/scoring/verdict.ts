import type { AltTest } from './alt-test.ts';
import { describeAltTests } from './alt-test-verdict.ts';
import { MIN_GOLD_FOR_RANKING } from './claim-sample.ts';
import type { Claims } from './claims.ts';

/** The plain-language answers to the reviewers' two questions, each with the numbers behind it. */
export interface Verdict {
  /** "Does the model ranking survive?" */
  ranking: string;
  /** "Does the >90% AccH claim survive?" */
  acch: string;
  /** "Can an extractor stand in for a human annotator?" — the alternative annotator test (`describeAltTests`). */
  alt_test: string;
  /** One line per ranking and per model × test, the numbers in full. */
  details: string[];
}

const METRIC_NAMES: Readonly<Record<string, string>> = {
  acch: 'AccH',
  recu: 'RecU',
  abstain: 'RatioAbstain',
};
const TEST_NAMES: Readonly<Record<string, string>> = {
  '1': 'Test 1',
  '2': 'Test 2',
  '3': 'Test 3',
  '1_2': 'Tests 1–2',
};

/** A number to three decimals, or "n/a". */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? 'n/a' : value.toFixed(3);
}

function formatInterval(interval: { lower: number; upper: number } | null | undefined): string {
  return interval ? `[${formatNumber(interval.lower)}, ${formatNumber(interval.upper)}]` : '[no interval]';
}

function tally(statuses: readonly string[], withTooFew = false): string {
  const count = (status: string) => statuses.filter((entry) => entry === status).length;
  const base = `${count('holds')} hold, ${count('fails')} fail, ${count('undecided')} undecided`;
  return withTooFew ? `${base}, ${count('too_few')} too few to judge` : base;
}

/** A claim's status in words: "too few to judge (3 gold; needs 70)" rather than a code. */
export function describeStatus(claim: { status: string; sampled?: number; needed?: number | null }): string {
  if (claim.status !== 'too_few') return claim.status;
  return `too few to judge (${claim.sampled ?? 0} gold; needs ${claim.needed ?? 'more'})`;
}

/**
 * The verdict on the reviewers' two questions (docs/DESIGN.md §1, step 4), never a bare yes or no: every
 * sentence carries the estimate, its interval, the threshold and what decided it (`checkClaims`).
 * Ranking: per metric × test, τ-b between the gold and the compared ranking with its interval and
 * the least stable adjacent pair of the gold ranking. AccH: per model and test, the corrected
 * AccH with its interval against the threshold. Alternative annotator test: one line over the
 * extractors (`describeAltTests`).
 */
export function writeVerdict(
  claims: Claims,
  level: number,
  altTests: Readonly<Record<string, AltTest>> = {},
): Verdict {
  const percent = `${Math.round(level * 1000) / 10}%`;
  const details: string[] = [];
  const rankingStatuses: string[] = [];
  const { ranking } = claims;
  for (const [key, claim] of Object.entries(ranking.by_ranking)) {
    const [metric = '', test = ''] = key.split('_test');
    const name = `${METRIC_NAMES[metric] ?? metric}, ${TEST_NAMES[test] ?? `Test ${test}`}`;
    if (!claim.tau_b || claim.tau_b.value === null) {
      const why =
        !claim.tau_b || claim.tau_b.models < 2
          ? 'fewer than two models ranked by both sources'
          : `one source ranks all ${claim.tau_b.models} models equal`;
      const status =
        claim.status === 'too_few'
          ? `too few to judge (${claim.sampled ?? 0} gold in the smallest cell; needs ${claim.needed} per cell)`
          : 'undecided';
      details.push(`${name}: τ-b (${ranking.comparison ?? 'no comparison'}) is n/a — ${why}; ${status}.`);
      rankingStatuses.push(claim.status === 'too_few' ? 'too_few' : 'undecided');
      continue;
    }
    rankingStatuses.push(claim.status);
    const unstable = claim.flips[0];
    const flipText =
      unstable && unstable.share !== null
        ? `; least stable gold pair: ${unstable.higher} above ${unstable.lower}, order flips in ${formatNumber(unstable.share)} of replicates`
        : '';
    const status =
      claim.status === 'too_few'
        ? `too few to judge (${claim.sampled ?? 0} gold in the smallest cell; needs ${claim.needed} per cell)`
        : `${claim.status} against ${ranking.threshold}`;
    details.push(
      `${name}: τ-b = ${formatNumber(claim.tau_b.value)} ${formatInterval(claim.tau_b.ci)} over ${claim.tau_b.models} models — ${status}${flipText}.`,
    );
  }
  const rankingText =
    ranking.comparison === null
      ? 'The ranking cannot be checked: there is neither a reported figure nor an extractor to compare the gold with.'
      : rankingStatuses.length === 0
        ? `The ranking cannot be checked: no metric has values under both sources of ${ranking.comparison}.`
        : `Does the ranking survive? Gold ranking against ${ranking.comparison.replace('gold_vs_', '')} (Kendall τ-b, ${percent} bootstrap interval; it survives where the interval lies at or above ${ranking.threshold}; judged only with ${MIN_GOLD_FOR_RANKING} gold arguments in every cell): ${tally(rankingStatuses, true)} of ${rankingStatuses.length} rankings.`;

  const { acch_above: acch } = claims;
  const acchStatuses: string[] = [];
  for (const [model, tests] of Object.entries(acch.by_model)) {
    const parts = Object.entries(tests).map(([test, claim]) => {
      acchStatuses.push(claim.status);
      return `${TEST_NAMES[test] ?? test} ${formatNumber(claim.value)} ${formatInterval(claim.ci)} ${describeStatus(claim)}${claim.variance_pooled ? ' (variance pooled across tests)' : ''}`;
    });
    if (parts.length > 0) details.push(`${model}: corrected AccH ${parts.join('; ')}.`);
  }
  const acchText =
    acch.extractor === null
      ? 'The >90% AccH claim cannot be checked: no extractor output to correct with the gold sample.'
      : acchStatuses.length === 0
        ? 'The >90% AccH claim cannot be checked: no model has Test 1 or Test 2 arguments.'
        : `Does ">${Math.round(acch.threshold * 100)}% AccH" survive? AccH from ${acch.extractor}, corrected by the gold sample (${percent} Student-t interval), against ${acch.threshold}, per model and test: ${tally(acchStatuses, true)} of ${acchStatuses.length}.`;
  return { ranking: rankingText, acch: acchText, alt_test: describeAltTests(altTests), details };
}
