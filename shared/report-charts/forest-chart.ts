import { type ChartBlock, formatFigure, percent, testLabel } from '../report-document/blocks.ts';
import type { FigureView, ReportView } from '../report-view.ts';
import { MIN_GOLD_FOR_CELL_INTERVAL } from '../scoring/claim-sample.ts';
import { formatNumber } from '../scoring/verdict.ts';
import type { ForestPoint, ForestSeries, LegendItem } from './chart-data.ts';
import { EXTRACTOR_SYMBOLS, GREY, OKABE_ITO, SERIES_COLOURS } from './palette.ts';

/** One series with where its figure of a model × test comes from. */
interface SeriesSource extends ForestSeries {
  figure: (model: string, test: string) => FigureView | null | undefined;
}

/** Gold, every extractor, the primary extractor's corrected estimate, the reported figure — those the report has. */
function seriesOf(report: ReportView): SeriesSource[] {
  const { meta } = report;
  const cell = (model: string, test: string) => report.metrics[model]?.[test];
  const series: SeriesSource[] = [
    {
      key: 'gold',
      label: 'gold (the adjudicated sample)',
      colour: OKABE_ITO.blue,
      symbol: 'circle',
      figure: (model, test) => cell(model, test)?.acch.gold,
    },
  ];
  meta.extractors.forEach((extractor, index) => {
    series.push({
      key: `extractor:${extractor}`,
      label: `${extractor} (every argument)`,
      colour: index === 0 ? OKABE_ITO.vermillion : (SERIES_COLOURS[3 + index] ?? OKABE_ITO.orange),
      symbol: EXTRACTOR_SYMBOLS[index % EXTRACTOR_SYMBOLS.length] ?? 'square',
      figure: (model, test) => cell(model, test)?.acch[extractor],
    });
  });
  const primary = meta.primary_extractor;
  if (primary !== null)
    series.push({
      key: 'corrected',
      label: `${primary} corrected by the gold`,
      colour: OKABE_ITO.green,
      symbol: 'triangle',
      figure: (model, test) => report.corrected[primary]?.[model]?.[test]?.acch,
    });
  if (meta.reported_source !== null)
    series.push({
      key: 'reported',
      label: `reported (${meta.reported_source})`,
      colour: OKABE_ITO.black,
      symbol: 'diamond',
      figure: (model, test) => cell(model, test)?.acch.reported,
    });
  return series;
}

/**
 * The x range drawn: every estimate and the threshold, with a margin, in twentieths; up to the largest
 * upper end. Interval ends below it are drawn to its edge and marked (a forest plot's arrow): an
 * interval of [0, 1] from three gold arguments would otherwise squeeze every estimate against 1.
 */
function domainOf(points: readonly ForestPoint[], threshold: number): [number, number] {
  const low = Math.min(threshold, ...points.map((point) => point.value)) - 0.02;
  const high = Math.max(threshold, ...points.map((point) => point.upper ?? point.value));
  return [Math.floor(low * 20 + 1e-9) / 20, Math.ceil(high * 20 - 1e-9) / 20];
}

/**
 * The forest chart of AccH (docs/STATISTICS.md §8): per model a panel, per test a row, and in it
 * every source's estimate with its interval — the gold sample's mean, each extractor's mean over all
 * arguments, the primary extractor's estimate corrected by the gold (the one the ">90%" claim is
 * judged on) and the reported figure — against the claim's threshold. `null` when no model has an
 * AccH under every source.
 */
export function forestChart(report: ReportView): ChartBlock | null {
  const { meta } = report;
  const series = seriesOf(report);
  const tests = meta.tests
    .map(String)
    .filter((test) => meta.models.some((model) => report.metrics[model]?.[test]));
  const points: ForestPoint[] = [];
  const rows: string[][] = [];
  for (const model of meta.models)
    for (const test of tests) {
      const figures = series.map((entry) => entry.figure(model, test) ?? null);
      if (!report.metrics[model]?.[test]) continue;
      rows.push([model, testLabel(test), ...figures.map(formatFigure)]);
      figures.forEach((figure, index) => {
        const key = series[index]?.key;
        if (!figure || figure.value === null || key === undefined) return;
        points.push({
          model,
          test: testLabel(test),
          series: key,
          value: figure.value,
          lower: figure.ci?.lower ?? null,
          upper: figure.ci?.upper ?? null,
        });
      });
    }
  if (points.length === 0) return null;
  const threshold = report.claims.acch_above.threshold;
  const legend: LegendItem[] = [
    ...series.map(({ label, colour, symbol }) => ({ label, colour, mark: symbol })),
    {
      label: `the claim's threshold, ${formatNumber(threshold)}`,
      colour: GREY.threshold,
      mark: 'line',
      dashed: true,
    },
  ];
  return {
    kind: 'chart',
    id: 'forest',
    title: 'AccH per model and test, from every source',
    description: `One panel per model, one row per test: hallucination accuracy AccH = 1 − NH/N with its ${percent(meta.level)} interval from ${series
      .map((entry) => entry.label)
      .join(
        ', ',
      )}. The ">${Math.round(threshold * 100)}%" claim is judged on the corrected estimate against the dashed line at ${formatNumber(threshold)}; a reported figure has no interval, nor has a gold mean on fewer than ${MIN_GOLD_FOR_CELL_INTERVAL} gold arguments (too few for one). An interval reaching beyond the drawn range ends in an arrow at its edge; the table gives every end.`,
    legend,
    data: {
      type: 'forest',
      series: series.map(({ key, label, colour, symbol }) => ({ key, label, colour, symbol })),
      models: meta.models.filter((model) => points.some((point) => point.model === model)),
      tests: tests.map(testLabel),
      points,
      threshold,
      domain: domainOf(points, threshold),
    },
    table: { kind: 'table', header: ['model', 'test', ...series.map((entry) => entry.label)], rows },
  };
}
