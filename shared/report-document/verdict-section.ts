import { rankingTitle } from '../report-charts/rank-slope-chart.ts';
import type { AcchClaimView, ReportView } from '../report-view.ts';
import { formatNumber } from '../scoring/verdict.ts';
import { type Block, type Cell, formatFigure, testLabel } from './blocks.ts';

/** The ranking claim's status in words, as the table prints it. */
const RANKING_WORDS: Readonly<Record<string, string>> = {
  holds: 'survives',
  fails: 'does not survive',
  undecided: 'undecided',
  too_few: 'too few to judge',
};

/** Per ranking: τ-b of the compared rankings with its interval, the verdict, the least stable gold pair. */
function rankingTable(report: ReportView): Block | null {
  const { ranking } = report.claims;
  const rows: Cell[][] = Object.entries(ranking.by_ranking).map(([key, claim]) => {
    const unstable = claim.flips[0];
    return [
      rankingTitle(key),
      claim.tau_b ? String(claim.tau_b.models) : '0',
      formatFigure(claim.tau_b),
      { text: RANKING_WORDS[claim.status] ?? claim.status, tone: claim.status },
      unstable && unstable.share !== null
        ? `${unstable.higher} above ${unstable.lower}: flips in ${formatNumber(unstable.share)}${unstable.ties ? `, ties in ${formatNumber(unstable.ties)}` : ''}`
        : 'n/a',
    ];
  });
  if (rows.length === 0) return null;
  return {
    kind: 'table',
    header: [
      'ranking',
      'models',
      `Kendall τ-b, ${(ranking.comparison ?? '').replace(/_vs_/, ' vs ')}`,
      `survives (τ-b ≥ ${ranking.threshold})?`,
      'least stable adjacent pair of the gold ranking (share of replicates)',
    ],
    rows,
  };
}

/** The ">90%" claim's status in words, as the table prints it. */
const CLAIM_WORDS: Readonly<Record<string, string>> = {
  holds: 'holds',
  fails: 'fails',
  undecided: 'undecided',
  too_few: 'too few to judge',
};

/**
 * Per model and test, one line each: whether ">90% AccH" holds, fails, is undecided or has too few
 * gold arguments to judge, the corrected AccH behind it, and the gold it rests on beside the gold the
 * planner says would decide it.
 */
function acchTable(report: ReportView): Block[] {
  const byModel = Object.entries(report.claims.acch_above.by_model);
  const rows: Cell[][] = [];
  let pooled = false;
  for (const [model, claims] of byModel)
    ['1', '2', '1_2'].forEach((test) => {
      const claim: AcchClaimView | undefined = claims[test];
      if (!claim) return;
      pooled ||= claim.variance_pooled;
      const figure = formatFigure({ value: claim.value, ci: claim.ci, method: 'student-t' });
      rows.push([
        model,
        testLabel(test),
        { text: CLAIM_WORDS[claim.status] ?? claim.status, tone: claim.status },
        `${figure}${claim.variance_pooled ? ' †' : ''}`,
        String(claim.sampled),
        String(claim.needed),
      ]);
    });
  if (rows.length === 0) return [];
  const { acch_above: acch } = report.claims;
  return [
    {
      kind: 'table',
      header: [
        'model',
        'test',
        `AccH > ${acch.threshold}?`,
        `corrected AccH (${acch.extractor ?? 'no extractor'})`,
        'gold arguments',
        'needed to judge',
      ],
      rows,
    },
    ...(pooled
      ? [
          {
            kind: 'paragraph' as const,
            text: "† The variance was pooled across the model's tests: a stratum had fewer than 3 sampled arguments.",
          },
        ]
      : []),
  ];
}

/**
 * The verdict first: the answers to the reviewers' two questions, each as one sentence with the
 * tally (`report.verdict`) and a compact table — per ranking τ-b with its interval, whether it
 * survives and the least stable pair; per model and test whether ">90% AccH" holds, fails, is
 * undecided or too few to judge, with the corrected AccH and the gold it rests on. Status cells carry
 * their tone (the renderers colour them) and always the words. Last, the line on the alternative
 * annotator test (its table is in section 2).
 */
export function verdictSection(report: ReportView): Block[] {
  const ranking = rankingTable(report);
  return [
    { kind: 'heading', level: 2, text: 'Verdict' },
    { kind: 'paragraph', text: report.verdict.ranking },
    ...(ranking ? [ranking] : []),
    { kind: 'paragraph', text: report.verdict.acch },
    ...acchTable(report),
    ...(report.verdict.alt_test === ''
      ? []
      : [{ kind: 'paragraph' as const, text: report.verdict.alt_test }]),
  ];
}
