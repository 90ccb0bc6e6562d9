import { rankingTitle } from '../report-charts/rank-slope-chart.ts';
import type { AcchClaimView, ReportView } from '../report-view.ts';
import { describeStatus, formatNumber } from '../scoring/verdict.ts';
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
        ? `${unstable.higher} above ${unstable.lower}: flips in ${formatNumber(unstable.share)}`
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
      'least stable pair of the gold ranking: share of replicates',
    ],
    rows,
  };
}

/** "holds: 0.953 [0.921, 0.985]"; "too few to judge (3 gold; needs 26): 1.000 [0.000, 1.000] †". */
function claimCell(claim: AcchClaimView | undefined): Cell {
  if (!claim) return '–';
  const figure = formatFigure({ value: claim.value, ci: claim.ci, method: 'normal' });
  return {
    text: `${describeStatus(claim)}: ${figure}${claim.variance_pooled ? ' †' : ''}`,
    tone: claim.status,
  };
}

/** Per model (rows) and test (columns): the ">90%" claim's status with the corrected AccH behind it. */
function acchTable(report: ReportView): Block[] {
  const byModel = Object.entries(report.claims.acch_above.by_model);
  const tests = ['1', '2', '1_2'].filter((test) => byModel.some(([, tests]) => tests[test]));
  if (byModel.length === 0 || tests.length === 0) return [];
  const pooled = byModel.some(([, claims]) => Object.values(claims).some((claim) => claim.variance_pooled));
  return [
    {
      kind: 'table',
      header: ['model', ...tests.map(testLabel)],
      rows: byModel.map(([model, claims]) => [model, ...tests.map((test) => claimCell(claims[test]))]),
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
 * survives and the least stable pair; per model and test whether ">90% AccH" holds, fails or is
 * too few to judge, with the corrected AccH and the gold it rests on. Status cells carry their tone
 * (the renderers colour them) and always the words.
 */
export function verdictSection(report: ReportView): Block[] {
  const ranking = rankingTable(report);
  return [
    { kind: 'heading', level: 2, text: 'Verdict' },
    { kind: 'paragraph', text: report.verdict.ranking },
    ...(ranking ? [ranking] : []),
    { kind: 'paragraph', text: report.verdict.acch },
    ...acchTable(report),
  ];
}
