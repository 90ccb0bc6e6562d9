import { forestChart } from '../report-charts/forest-chart.ts';
import type { CellView, FigureView, ReportView } from '../report-view.ts';
import { type Block, formatFigure, testLabel } from './blocks.ts';

type FigureMetric = Exclude<keyof CellView, 'arguments' | 'gold' | 'abstention_phrasing' | 'truncation'>;

/** The paper's three metrics, printed with the reported figure beside the recomputed ones. */
const PAPER_METRICS: readonly [FigureMetric, string][] = [
  ['acch', 'AccH (paper)'],
  ['recu', 'RecU (paper)'],
  ['abstain', 'RatioAbstain (Test 3)'],
];

/** Variants that explain the paper's metrics; collapsed under the main tables. */
const VARIANT_METRICS: readonly [FigureMetric, string][] = [
  ['empty_output', 'empty output share'],
  ['acch_precision', 'AccH as precision'],
  ['acch_non_abstained', 'AccH, non-abstained Test-3 outputs'],
  ['hallucination_invented', 'invented per ground-truth factor'],
  ['hallucination_misattributed', 'misattributed per ground-truth factor'],
  ['recu_shared', 'RecU, shared factors'],
  ['recu_distinguishing', 'RecU, distinguishing factors'],
];

/** Every cell of the report as (model, test, cell). */
function cellsOf(report: ReportView): [string, string, CellView][] {
  return Object.entries(report.metrics).flatMap(([model, tests]) =>
    Object.entries(tests).flatMap(([test, cell]) =>
      cell ? [[model, test, cell] as [string, string, CellView]] : [],
    ),
  );
}

/** One metric per model × test under every source (and the reported figure for the paper's three). */
function metricTable(report: ReportView, metric: FigureMetric, label: string): Block[] {
  const sources = ['gold', ...report.meta.extractors];
  const withReported = PAPER_METRICS.some(([paper]) => paper === metric);
  const rows: string[][] = [];
  for (const [model, test, cell] of cellsOf(report)) {
    const figures: Readonly<Record<string, FigureView | null>> = cell[metric];
    if (metric === 'abstain' && test !== '3' && (figures.reported ?? null) === null) continue;
    if (metric === 'acch_non_abstained' && test !== '3') continue;
    rows.push([
      model,
      testLabel(test),
      ...sources.map((source) => formatFigure(figures[source])),
      ...(withReported ? [formatFigure(figures.reported)] : []),
    ]);
  }
  if (rows.length === 0) return [];
  return [
    { kind: 'heading', level: 3, text: label },
    { kind: 'table', header: ['model', 'test', ...sources, ...(withReported ? ['reported'] : [])], rows },
  ];
}

/** The gold's flags per cell: abstention wording and truncation. */
function flagsTable(report: ReportView): Block[] {
  const share = (entry: { count: number; of: number; share: FigureView } | null): string =>
    entry ? `${entry.count}/${entry.of} (${formatFigure(entry.share)})` : 'n/a';
  const rows = cellsOf(report).map(([model, test, cell]) => [
    model,
    testLabel(test),
    String(cell.arguments),
    String(cell.gold),
    share(cell.abstention_phrasing.exact_phrase),
    share(cell.abstention_phrasing.near_miss),
    share(cell.truncation.gold_flagged),
    share(cell.truncation.finish_reason_length),
  ]);
  if (rows.length === 0) return [];
  return [
    { kind: 'heading', level: 3, text: 'Abstention wording and truncation' },
    {
      kind: 'table',
      header: [
        'model',
        'test',
        'arguments',
        'gold',
        'exact phrase (gold)',
        'near miss (gold)',
        'truncated (gold)',
        'finish_reason length',
      ],
      rows,
    },
  ];
}

/**
 * Section 3: the study's metrics recomputed from the gold and from each extractor beside the
 * reported figures — the forest chart of AccH first, then AccH, RecU and RatioAbstain per model and
 * test; the variants and the gold's flags collapsed below.
 */
export function metricsSection(report: ReportView): Block[] {
  const forest = forestChart(report);
  const variants = [
    ...VARIANT_METRICS.flatMap(([metric, label]) => metricTable(report, metric, label)),
    ...flagsTable(report),
  ];
  return [
    { kind: 'heading', level: 2, text: "3. The study's metrics recomputed" },
    ...(forest ? [forest] : []),
    ...PAPER_METRICS.flatMap(([metric, label]) => metricTable(report, metric, label)),
    ...(variants.length === 0
      ? []
      : [
          {
            kind: 'details' as const,
            summary:
              'Variants of the metrics (empty outputs, AccH as precision, invented and misattributed factors, shared and distinguishing factors) and the gold’s flags',
            blocks: variants,
          },
        ]),
  ];
}
