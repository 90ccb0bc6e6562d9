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

/**
 * Section 4: the difference estimator's population estimates per extractor, model, test and metric —
 * the corrected figure with its Student-t interval, the extractor alone, n/N, and whether the variance
 * was pooled or floored or the figure clipped to [0, 1] (docs/REPORT.md "Statistics that never
 * overclaim"). One table per metric, so each stays readable.
 */
export function correctedSection(report: ReportView): Block[] {
  const rowsByMetric = new Map<string, string[][]>();
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
    ...[...rowsByMetric].flatMap(([metric, rows]): Block[] => [
      { kind: 'heading', level: 3, text: `${METRIC_LABEL[metric] ?? metric}, corrected` },
      {
        kind: 'table',
        header: ['extractor', 'model', 'test', 'corrected', 'extractor only', 'n/N', 'variance'],
        rows,
      },
    ]),
  ];
}
