import type { ReportView } from '../report-view.ts';
import { formatNumber } from '../scoring/verdict.ts';
import type { Block } from './blocks.ts';

/**
 * Section 6: the sample-size planner applied to the study — the intra-item correlation it assumes,
 * items for a decision-level proportion and per stratum for the corrected AccH at each target
 * half-width, and the assumptions stated beside the answer.
 */
export function planningSection(report: ReportView): Block[] {
  const { planning } = report;
  return [
    { kind: 'heading', level: 2, text: '6. Planning the sample' },
    {
      kind: 'paragraph',
      text: `Intra-item correlation of the 78 decisions (ANOVA estimator, ${planning.icc.items} items from ${planning.icc.source ?? 'nothing'}): ${formatNumber(planning.icc.value)}.`,
    },
    {
      kind: 'table',
      header: ['target', 'half-width', 'items', 'decisions', 'design effect'],
      rows: [
        ...planning.decision_proportion.map((plan) => [
          'decision-level proportion (p = 0.5)',
          String(plan.half_width),
          String(plan.items),
          String(plan.decisions),
          formatNumber(plan.design_effect),
        ]),
        ...planning.corrected_acch.plans.map((plan) => [
          `corrected AccH (${planning.corrected_acch.extractor}), per stratum`,
          String(plan.half_width),
          String(plan.items_per_stratum),
          '',
          '',
        ]),
      ],
    },
    {
      kind: 'list',
      items: [
        ...(planning.decision_proportion[0]?.assumptions ?? []),
        ...(planning.corrected_acch.plans[0]?.assumptions ?? []),
      ],
    },
  ];
}
