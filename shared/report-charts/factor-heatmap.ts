import { FACTORS } from '../factors.ts';
import { type ChartBlock, formatFigure, percent } from '../report-document/blocks.ts';
import type { FigureView, ReportView } from '../report-view.ts';
import type { HeatCell } from './chart-data.ts';
import { GREY, HEAT_FLOOR, HEAT_KEY } from './palette.ts';

/** A column of the heat map: its short label and where its figure of a factor comes from. */
interface Column {
  metric: string;
  /** The table's header for it. */
  header: string;
  figure: (factor: string) => FigureView | null | undefined;
}

/**
 * The factor × metric heat map: for each of the 26 factors, the primary extractor's precision,
 * recall and F1 against the gold (section 1, `by_factor`) beside the annotators' agreement on it
 * (section 2, `per_factor`: κ, Gwet's AC1 and positive agreement). A factor without a figure (no
 * unit, never marked) is n/a, drawn grey and labelled. `null` when the report has neither an
 * extractor nor doubly annotated arguments.
 */
export function factorHeatmap(report: ReportView): ChartBlock | null {
  const primary = report.meta.primary_extractor;
  const extractor = primary === null ? undefined : report.extractor_vs_gold[primary];
  const agreement = report.agreement.items > 0 ? report.agreement : undefined;
  const groups: { name: string; columns: Column[] }[] = [];
  if (primary !== null && extractor)
    groups.push({
      name: `${primary} against the gold`,
      columns: [
        {
          metric: 'precision',
          header: 'precision',
          figure: (factor) => extractor.by_factor[factor]?.precision,
        },
        { metric: 'recall', header: 'recall', figure: (factor) => extractor.by_factor[factor]?.recall },
        { metric: 'F1', header: 'F1', figure: (factor) => extractor.by_factor[factor]?.f1 },
      ],
    });
  if (agreement)
    groups.push({
      name: 'annotators with each other',
      columns: [
        { metric: 'κ', header: "Cohen's κ", figure: (factor) => agreement.per_factor[factor]?.cohen_kappa },
        { metric: 'AC1', header: "Gwet's AC1", figure: (factor) => agreement.per_factor[factor]?.gwet_ac1 },
        {
          metric: 'pos. agr.',
          header: 'positive agreement',
          figure: (factor) => agreement.per_factor[factor]?.positive_agreement,
        },
      ],
    });
  if (groups.length === 0) return null;
  const label = (factor: (typeof FACTORS)[number]) => `${factor.id} ${factor.name}`;
  const cells: HeatCell[] = FACTORS.flatMap((factor) =>
    groups.flatMap((group) =>
      group.columns.map((column) => ({
        factor: label(factor),
        group: group.name,
        metric: column.metric,
        value: column.figure(factor.id)?.value ?? null,
      })),
    ),
  );
  const columns = groups.flatMap((group) => group.columns);
  return {
    kind: 'chart',
    id: 'heatmap',
    title: 'Per factor: the extractor against the gold, and the annotators with each other',
    description: `One row per CATO factor. ${groups.map((group) => `${group.name}: ${group.columns.map((column) => column.header).join(', ')}`).join('; ')}. The weaker a figure, the darker its cell, so the factors that need attention stand out: white at 1, darkest at ${HEAT_FLOOR} and below. Every cell prints its value; grey cells marked n/a have no figure (no unit of the factor, or never marked). The table gives each figure's ${percent(report.meta.level)} interval.`,
    legend: [
      { label: '1', colour: HEAT_KEY.top, mark: 'swatch' },
      { label: `${(1 + HEAT_FLOOR) / 2}`, colour: HEAT_KEY.middle, mark: 'swatch' },
      { label: `${HEAT_FLOOR} and below`, colour: HEAT_KEY.bottom, mark: 'swatch' },
      { label: 'n/a', colour: GREY.na, mark: 'swatch' },
    ],
    data: {
      type: 'heatmap',
      factors: FACTORS.map(label),
      groups: groups.map((group) => ({
        name: group.name,
        metrics: group.columns.map((column) => column.metric),
      })),
      cells,
    },
    table: {
      kind: 'table',
      header: ['factor', ...columns.map((column) => column.header)],
      rows: FACTORS.map((factor) => [
        label(factor),
        ...columns.map((column) => formatFigure(column.figure(factor.id))),
      ]),
    },
  };
}
