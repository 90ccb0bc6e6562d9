import type { CorrectedView, ReportView } from '../report-view.ts';
import { formatNumber } from '../scoring/verdict.ts';
import { type Block, formatFigure, testLabel } from './blocks.ts';

const METRIC_LABEL: Readonly<Record<string, string>> = {
  acch: 'AccH',
  recu: 'RecU',
  abstain: 'RatioAbstain',
};

/** What was done to a corrected figure's variance and range, in words ("" when nothing). */
function adjustments(figure: CorrectedView): string {
  return [
    figure.variance_pooled && 'pooled',
    figure.variance_floored && 'floored',
    figure.clipped && 'clipped to [0, 1]',
  ]
    .filter(Boolean)
    .join(', ');
}

/** λ in words for a tuned figure: "λ̂ 0.82", "0 (gold only)", "1", or the strata's range. */
function lambdaText(figure: CorrectedView): string {
  if (figure.lambda_choice === undefined) return '';
  if (figure.lambda_choice === 'gold_only') return '0 (gold only)';
  if (figure.lambda_choice === 'difference') return '1';
  if (figure.lambda !== undefined && figure.lambda !== null) return `λ̂ ${formatNumber(figure.lambda)}`;
  const lambdas = (figure.strata ?? []).flatMap((row) => (row.lambda === undefined ? [] : [row.lambda]));
  return lambdas.length === 0
    ? 'λ̂'
    : `λ̂ ${formatNumber(Math.min(...lambdas))}–${formatNumber(Math.max(...lambdas))}`;
}

/**
 * Section 4: the difference estimator's population estimates per extractor, model, test and metric —
 * the corrected figure with its Student-t interval, the extractor alone, n/N, and whether the variance
 * was pooled or floored or the figure clipped to [0, 1] (docs/REPORT.md "Statistics that never
 * overclaim"). One table per metric, so each stays readable.
 */
export function correctedSection(report: ReportView): Block[] {
  const rowsByMetric = new Map<string, string[][]>();
  // A λ column only for a report made with --lambda tuned: a λ = 1 report renders as before.
  const tuned = Object.values(report.corrected).some((byModel) =>
    Object.values(byModel).some((tests) =>
      Object.values(tests).some((figures) =>
        Object.values(figures).some((figure) => figure?.lambda_choice !== undefined),
      ),
    ),
  );
  for (const [extractor, byModel] of Object.entries(report.corrected))
    for (const [model, tests] of Object.entries(byModel))
      for (const [test, figures] of Object.entries(tests))
        for (const [metric, figure] of Object.entries(figures)) {
          if (!figure) continue;
          const rows = rowsByMetric.get(metric) ?? [];
          rows.push([
            extractor,
            model,
            testLabel(test),
            formatFigure(figure),
            formatNumber(figure.extractor_only),
            `${figure.sampled}/${figure.population}`,
            adjustments(figure),
            ...(tuned ? [lambdaText(figure)] : []),
          ]);
          rowsByMetric.set(metric, rows);
        }
  const heading: Block = { kind: 'heading', level: 2, text: '4. Corrected population estimates' };
  if (rowsByMetric.size === 0)
    return [heading, { kind: 'paragraph', text: 'No extractor output to correct.' }];
  return [
    heading,
    {
      kind: 'paragraph',
      text: 'Each extractor’s figure over every argument, corrected by the mean gold-minus-extractor difference of the sampled arguments per stratum (Student-t interval, n − 1 degrees of freedom of the smallest stratum, or of the pool where pooled). "pooled": a stratum had fewer than 3 sampled arguments, so the variance of the differences was pooled over the model’s tests; "floored": the sample showed no difference, so the variance was raised to the zero-disagreement floor; "clipped": the estimate or interval was kept within [0, 1].',
    },
    ...(tuned
      ? [
          {
            kind: 'paragraph' as const,
            text: 'PPI++ (--lambda tuned): each stratum’s extractor term weighted by λ̂ = Ĉov(gold, extractor)/V̂ar(extractor), clipped to [0, 1] (from the stratum’s own gold from 10 arguments, else its model’s over every test), and each figure the narrowest of λ̂, λ = 0 (gold only) and λ = 1 (the difference estimator) — so never wider than gold only. Column λ says which.',
          },
        ]
      : []),
    ...[...rowsByMetric].flatMap(([metric, rows]): Block[] => [
      { kind: 'heading', level: 3, text: `${METRIC_LABEL[metric] ?? metric}, corrected` },
      {
        kind: 'table',
        header: [
          'extractor',
          'model',
          'test',
          'corrected',
          'extractor only',
          'n/N',
          'variance',
          ...(tuned ? ['λ'] : []),
        ],
        rows,
      },
    ]),
  ];
}
