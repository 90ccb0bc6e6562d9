import { type ChartBlock, testLabel } from '../report-document/blocks.ts';
import { type RankingView, type ReportView, rankingOrder } from '../report-view.ts';
import { formatNumber } from '../scoring/verdict.ts';
import type { LegendItem, SlopePoint, SlopeTie } from './chart-data.ts';
import { GREY } from './palette.ts';

const METRIC_NAMES: Readonly<Record<string, string>> = {
  acch: 'AccH',
  recu: 'RecU',
  abstain: 'RatioAbstain',
};

/** "AccH, Test 1" for the ranking key "acch_test1". */
export function rankingTitle(key: string): string {
  const [metric = key, test = ''] = key.split('_test');
  return `${METRIC_NAMES[metric] ?? metric}, ${testLabel(test)}`;
}

/** Runs of adjacent models with equal values in one source's order: the ties its order breaks by name. */
function tiesOf(
  panel: string,
  source: string,
  order: readonly string[],
  values: Readonly<Record<string, number | null>>,
): SlopeTie[] {
  const ties: SlopeTie[] = [];
  let start = 0;
  for (let i = 1; i <= order.length; i += 1) {
    const same = i < order.length && values[order[i] ?? ''] === values[order[start] ?? ''];
    if (same) continue;
    if (i - start > 1) ties.push({ panel, source, from: start + 1, to: i });
    start = i;
  }
  return ties;
}

/** "0.577 τ-b with rules" in the panel's title, when the ranking claim compares two sources. */
function tauText(report: ReportView, key: string): string {
  const claim = report.claims.ranking.by_ranking[key];
  const comparison = report.claims.ranking.comparison;
  if (!claim?.tau_b || claim.tau_b.value === null || comparison === null) return '';
  return ` · τ-b ${formatNumber(claim.tau_b.value)}`;
}

/**
 * The rank-change (slope) chart of section 5: one panel per ranking (metric × test), one column per
 * source (gold, each extractor, reported), each model's place in every source's ranking joined by a
 * line and named at both ends. Models whose values tie are drawn over a grey band: their order within
 * it is alphabetical, so a crossing inside a band is no change. `null` without rankings.
 */
export function rankSlopeChart(report: ReportView): ChartBlock | null {
  const { meta } = report;
  const sources = ['gold', ...meta.extractors, ...(meta.reported_source === null ? [] : ['reported'])];
  const entries = Object.entries(report.rankings).filter(([, ranking]) =>
    sources.some((source) => rankingOrder(ranking, source).length > 0),
  );
  if (entries.length === 0) return null;
  const points: SlopePoint[] = [];
  const ties: SlopeTie[] = [];
  const rows: string[][] = [];
  for (const [key, ranking] of entries) {
    const placeOf = (source: string) =>
      new Map(rankingOrder(ranking, source).map((model, index) => [model, index + 1]));
    const places = sources.map(placeOf);
    for (const source of sources) {
      const order = rankingOrder(ranking, source);
      const values = ranking.values[source] ?? {};
      ties.push(...tiesOf(key, source, order, values));
      points.push(
        ...order.map((model, position) => ({
          panel: key,
          source,
          model,
          position: position + 1,
          value: values[model] ?? null,
        })),
      );
    }
    for (const model of modelsOf(ranking, sources))
      rows.push([
        rankingTitle(key),
        model,
        ...sources.map((source, index) => {
          const place = places[index]?.get(model);
          return place === undefined
            ? '–'
            : `${place} (${formatNumber(ranking.values[source]?.[model] ?? null)})`;
        }),
      ]);
  }
  const legend: LegendItem[] = [
    { label: 'one line per model, named at both ends', colour: '#333333', mark: 'line' },
    { label: 'models tied on the metric (ordered by name)', colour: GREY.tie, mark: 'swatch' },
  ];
  return {
    kind: 'chart',
    id: 'slope',
    title: 'Rankings: where each model stands under each source',
    description: `One panel per ranking, one column per source (${sources.join(', ')}); 1 is the best. A line joins a model's places; steep lines are models the sources rank differently. Grey bands join models tied on the metric, whose order within the band is by name. Panel titles give Kendall's τ-b of the compared rankings (${report.claims.ranking.comparison ?? 'none'}).`,
    legend,
    data: {
      type: 'slope',
      panels: entries.map(([key]) => ({ key, title: `${rankingTitle(key)}${tauText(report, key)}` })),
      sources,
      models: meta.models,
      points,
      ties,
      positions: Math.max(...points.map((point) => point.position)),
    },
    table: {
      kind: 'table',
      header: ['ranking', 'model', ...sources.map((source) => `${source}: place (value)`)],
      rows,
    },
  };
}

/** The models a ranking places under some source, in the gold's order first. */
function modelsOf(ranking: RankingView, sources: readonly string[]): string[] {
  return [...new Set(sources.flatMap((source) => rankingOrder(ranking, source)))];
}
