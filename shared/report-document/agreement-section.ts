import { factorHeatmap } from '../report-charts/factor-heatmap.ts';
import type { AgreementView, ReportView } from '../report-view.ts';
import { type Block, count, formatFigure, table } from './blocks.ts';

type Coefficient =
  | 'cohen_kappa'
  | 'krippendorff_alpha'
  | 'gwet_ac1'
  | 'pabak'
  | 'percent_agreement'
  | 'positive_agreement'
  | 'negative_agreement';

/** The coefficients over the factor decisions and over the abstention flag, side by side. */
function coefficients(agreement: AgreementView): Block {
  const row = (label: string, key: Coefficient) => [
    label,
    formatFigure(agreement[key]),
    formatFigure(agreement.abstention[key]),
  ];
  return {
    kind: 'table',
    header: ['coefficient', 'factor decisions', 'abstention flag'],
    rows: [
      row("Cohen's κ", 'cohen_kappa'),
      row("Krippendorff's α", 'krippendorff_alpha'),
      row("Gwet's AC1", 'gwet_ac1'),
      row('PABAK', 'pabak'),
      row('raw agreement', 'percent_agreement'),
      row('positive agreement', 'positive_agreement'),
      row('negative agreement', 'negative_agreement'),
    ],
  };
}

/** Unlisted mentions and span overlap, in words with their counts. */
function mentionsAndSpans(agreement: AgreementView): Block {
  const { unlisted, span_overlap: spans } = agreement;
  return {
    kind: 'list',
    items: [
      `Unlisted mentions: both ${count(unlisted.both)}, first only ${count(unlisted.first_only)}, second only ${count(unlisted.second_only)}; positive agreement ${formatFigure(unlisted.positive_agreement)}.`,
      `Span overlap: ${count(spans.first_matched)} of ${count(spans.first_spans)} spans of the first annotator matched (${formatFigure(spans.first_matched_share)}); ${count(spans.second_matched)} of ${count(spans.second_spans)} of the second (${formatFigure(spans.second_matched_share)}).`,
    ],
  };
}

/** Per factor (collapsed: up to 26 rows), the factors never marked, and every pair when there are several. */
function perFactorAndPairs(agreement: AgreementView): Block[] {
  const rows = Object.entries(agreement.per_factor).flatMap(([factor, figures]) =>
    figures
      ? [
          [
            factor,
            count(figures.table.both),
            count(figures.table.first_only),
            count(figures.table.second_only),
            formatFigure(figures.cohen_kappa),
            formatFigure(figures.gwet_ac1),
            formatFigure(figures.pabak),
            formatFigure(figures.positive_agreement),
          ],
        ]
      : [],
  );
  const blocks: Block[] = [
    rows.length === 0
      ? table([], [], 'No factor was marked by either annotator.')
      : {
          kind: 'details',
          summary: `Per factor: both, first only, second only, κ, AC1, PABAK, positive agreement (${rows.length} factors marked)`,
          blocks: [
            {
              kind: 'table',
              header: [
                'factor',
                'both',
                'first only',
                'second only',
                'κ',
                'AC1',
                'PABAK',
                'positive agreement',
              ],
              rows,
            },
          ],
        },
  ];
  if (agreement.factors_never_marked.length > 0)
    blocks.push({
      kind: 'paragraph',
      text: `Never marked by either annotator: ${agreement.factors_never_marked.join(', ')}.`,
    });
  const pairs = Object.entries(agreement.by_pair);
  if (pairs.length > 1)
    blocks.push({
      kind: 'table',
      header: ['pair', 'items', 'κ', 'AC1', 'positive agreement'],
      rows: pairs.map(([pair, figures]) => [
        pair,
        String(figures.items),
        formatFigure(figures.cohen_kappa),
        formatFigure(figures.gwet_ac1),
        formatFigure(figures.positive_agreement),
      ]),
    });
  return blocks;
}

/**
 * Section 2: the annotators against each other — κ with AC1, PABAK and specific agreement (κ alone
 * misleads when most decisions are "absent"), the same on the abstention flag, unlisted mentions,
 * span overlap, per factor and per pair; then the factor heat map beside the extractor's figures.
 */
export function agreementSection(report: ReportView): Block[] {
  const { agreement } = report;
  const heatmap = factorHeatmap(report);
  return [
    { kind: 'heading', level: 2, text: '2. Agreement between annotators' },
    {
      kind: 'paragraph',
      text: `${agreement.items} doubly annotated arguments (${agreement.decisions} decisions) by ${agreement.all_annotators.join(', ') || 'nobody'}; pooled over ${agreement.annotators.join(', ') || 'no pair'}.`,
    },
    coefficients(agreement),
    mentionsAndSpans(agreement),
    ...perFactorAndPairs(agreement),
    ...(heatmap ? [heatmap] : []),
  ];
}
