import { rankingTitle, rankSlopeChart } from '../report-charts/rank-slope-chart.ts';
import { type ReportView, rankingOrder } from '../report-view.ts';
import { formatNumber } from '../scoring/verdict.ts';
import { type Block, formatFigure } from './blocks.ts';

/** Every source a ranking can be under: gold, each extractor, and the reported figures when there are some. */
function sourcesOf(report: ReportView): string[] {
  return ['gold', ...report.meta.extractors, ...(report.meta.reported_source === null ? [] : ['reported'])];
}

/** τ-b between every pair of sources, per ranking, in one table. */
function tauTable(report: ReportView): Block {
  return {
    kind: 'table',
    header: ['ranking', 'sources', 'models', 'Kendall τ-b'],
    rows: Object.entries(report.rankings).flatMap(([key, ranking]) =>
      Object.entries(ranking.kendall_tau_b).map(([pair, tau]) => [
        rankingTitle(key),
        pair.replace(/_vs_/, ' vs '),
        String(tau.models),
        formatFigure(tau),
      ]),
    ),
  };
}

/** Each source's order with the values, per ranking. */
function ordersTable(report: ReportView): Block {
  const sources = sourcesOf(report);
  return {
    kind: 'table',
    header: ['ranking', 'source', 'ranking (best first)'],
    rows: Object.entries(report.rankings).flatMap(([key, ranking]) =>
      sources.map((source) => {
        const order = rankingOrder(ranking, source);
        const values = ranking.values[source] ?? {};
        return [
          rankingTitle(key),
          source,
          order.length > 0
            ? order.map((model) => `${model} (${formatNumber(values[model] ?? null)})`).join(' > ')
            : 'n/a',
        ];
      }),
    ),
  };
}

/** How often adjacent models swap places across the bootstrap replicates. */
function flipsTable(report: ReportView): Block | null {
  const rows = Object.entries(report.rankings).flatMap(([key, ranking]) =>
    Object.entries(ranking.flips).flatMap(([source, flips]) =>
      flips.map((flip) => [
        rankingTitle(key),
        source,
        `${flip.higher} > ${flip.lower}`,
        formatNumber(flip.share),
        formatNumber(flip.ties),
      ]),
    ),
  );
  if (rows.length === 0) return null;
  return {
    kind: 'table',
    header: ['ranking', 'source', 'adjacent pair', 'order flips in', 'ties in'],
    rows,
  };
}

/**
 * Section 5: the rankings — the slope chart, τ-b of every pair of sources with its bootstrap
 * interval, and, collapsed, each source's order with its values and the flip shares of adjacent
 * pairs. The claims themselves are in the Verdict.
 */
export function rankingsSection(report: ReportView): Block[] {
  const heading: Block = { kind: 'heading', level: 2, text: '5. Rankings and claims' };
  if (Object.keys(report.rankings).length === 0)
    return [heading, { kind: 'paragraph', text: 'No ranking: no model has a value under two sources.' }];
  const slope = rankSlopeChart(report);
  const flips = flipsTable(report);
  return [
    heading,
    {
      kind: 'paragraph',
      text: `Models ranked per metric and test under every source, best first. The claims on them — does the ranking survive, does ">${Math.round(report.claims.acch_above.threshold * 100)}% AccH" hold — are judged in the Verdict above.`,
    },
    ...(slope ? [slope] : []),
    tauTable(report),
    {
      kind: 'details',
      summary: 'Each source’s ranking with its values, and how often adjacent models swap places',
      blocks: [ordersTable(report), ...(flips ? [flips] : [])],
    },
  ];
}
