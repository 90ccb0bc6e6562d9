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
    ...expertHoursBlocks(planning.expert_hours),
  ];
}

/** "To decide AccH > 0.9 for every model over Tests 1–2 at ±0.05: N more arguments, about H expert hours". */
function expertHoursBlocks(plan: ReportView['planning']['expert_hours']): Block[] {
  if (plan === undefined) return [];
  const { threshold, half_width: halfWidth } = plan.claim;
  const lines = plan.designs.map((design) =>
    design.more_arguments === null
      ? `${design.design}: ${design.basis}`
      : `${design.design}: ${design.more_arguments} more gold arguments, about ${design.expert_hours === null ? 'n/a (no annotation time recorded)' : `${formatNumber(design.expert_hours)} expert hours`}`,
  );
  return [
    {
      kind: 'paragraph',
      text: `To decide AccH > ${threshold} for every model over Tests 1–2 at ±${halfWidth}: ${lines.join('; ')}. Measured annotation time: ${plan.seconds_per_annotation === null ? 'none recorded' : `median ${Math.round(plan.seconds_per_annotation)} s per annotation over ${plan.timed_annotations}`}, ${formatNumber(plan.annotations_per_argument)} annotations per argument.`,
    },
    { kind: 'list', items: plan.assumptions },
  ];
}
