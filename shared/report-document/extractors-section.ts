import type { ConfusionView, ExtractorView, ReportView } from '../report-view.ts';
import { type Block, DEGENERATE_MARK, formatFigure } from './blocks.ts';

const GROUP_HEADER = ['group', 'tp', 'fp', 'fn', 'precision', 'recall', 'F1'];

function confusionRow(name: string, block: ConfusionView): string[] {
  return [
    name,
    String(block.tp),
    String(block.fp),
    String(block.fn),
    formatFigure(block.precision),
    formatFigure(block.recall),
    formatFigure(block.f1),
  ];
}

/** Micro and macro, then by model, test and case, and the unlisted mentions. */
function groupsTable(section: ExtractorView): Block {
  return {
    kind: 'table',
    header: GROUP_HEADER,
    rows: [
      confusionRow('micro (all units)', section.micro),
      [
        'macro (factors)',
        '',
        '',
        '',
        formatFigure(section.macro.precision),
        formatFigure(section.macro.recall),
        formatFigure(section.macro.f1),
      ],
      ...Object.entries(section.by_model).map(([model, block]) => confusionRow(`model ${model}`, block)),
      ...Object.entries(section.by_test).map(([test, block]) => confusionRow(`test ${test}`, block)),
      ...Object.entries(section.by_case).map(([caseId, block]) => confusionRow(`case ${caseId}`, block)),
      confusionRow('unlisted mentions', section.unlisted),
    ],
  };
}

/** Recall by the gold mention's style, and the polarity: negated mentions the extractor asserted. */
function styleAndPolarity(section: ExtractorView): Block[] {
  return [
    {
      kind: 'table',
      header: ['gold mention style', 'tp', 'fn', 'recall'],
      rows: Object.entries(section.by_style).map(([style, block]) => [
        style,
        String(block.tp),
        String(block.fn),
        formatFigure(block.recall),
      ]),
    },
    {
      kind: 'table',
      header: ['gold mention polarity', 'gold units', 'asserted by the extractor', 'share'],
      rows: [
        [
          'negated only (should not be asserted)',
          String(section.negated_mentions),
          String(section.negated_as_present),
          formatFigure(section.negated_as_present_rate),
        ],
      ],
    },
  ];
}

/** The extractor's agreement with the gold over the 78 decisions of each argument. */
function agreementWithGold(section: ExtractorView): Block {
  const { agreement } = section;
  return {
    kind: 'table',
    header: ['agreement with gold', 'value'],
    rows: [
      ['decisions', String(agreement.decisions)],
      ["Cohen's κ", formatFigure(agreement.cohen_kappa)],
      ["Krippendorff's α", formatFigure(agreement.krippendorff_alpha)],
      ["Gwet's AC1", formatFigure(agreement.gwet_ac1)],
      ['PABAK', formatFigure(agreement.pabak)],
      ['raw agreement', formatFigure(agreement.percent_agreement)],
      ['positive agreement', formatFigure(agreement.positive_agreement)],
      ['negative agreement', formatFigure(agreement.negative_agreement)],
    ],
  };
}

/** Per factor with at least one unit, collapsed (26 rows); the macro mean's exclusions said below it. */
function perFactor(section: ExtractorView): Block[] {
  const rows = Object.entries(section.by_factor).flatMap(([factor, block]) =>
    block ? [confusionRow(factor, block)] : [],
  );
  return [
    {
      kind: 'details',
      summary: `Per factor: tp, fp, fn, precision, recall and F1 (${rows.length} factors with a unit)`,
      blocks: [{ kind: 'table', header: ['factor', ...GROUP_HEADER.slice(1)], rows }],
    },
    ...(section.macro.factors_left_out.length > 0
      ? [
          {
            kind: 'paragraph' as const,
            text: `Left out of the macro average (no gold and no predicted positive): ${section.macro.factors_left_out.join(', ')}.`,
          },
        ]
      : []),
  ];
}

/** One extractor: what was scored, the groups, style and polarity, per factor, agreement with gold. */
function extractorBlocks(extractor: string, section: ExtractorView): Block[] {
  return [
    { kind: 'heading', level: 3, text: extractor },
    {
      kind: 'paragraph',
      text: `${section.items} gold arguments scored; ${section.failed} failed and ${section.missing} missing extractions left out. κ with gold over the 78 decisions per argument: ${formatFigure(section.kappa)}. Negated mentions counted as present: ${section.negated_as_present} of ${section.negated_mentions} (${formatFigure(section.negated_as_present_rate)}).`,
    },
    groupsTable(section),
    ...styleAndPolarity(section),
    ...perFactor(section),
    agreementWithGold(section),
  ];
}

/** Whether one of the extractor's unit-ratio figures fell back from a bootstrap that could not vary (they are marked ‡). */
function hasDegenerateFigure(section: ExtractorView): boolean {
  const blocks = [
    section.micro,
    section.unlisted,
    ...Object.values(section.by_model),
    ...Object.values(section.by_test),
    ...Object.values(section.by_case),
    ...Object.values(section.by_factor).filter((block) => block !== undefined),
  ];
  const figures = [
    ...blocks.flatMap((block) => [block.precision, block.recall, block.f1]),
    ...Object.values(section.by_style).map((block) => block.recall),
    section.negated_as_present_rate,
  ];
  return figures.some((figure) => figure.degenerate_bootstrap === true);
}

/**
 * Section 1: every extractor against the gold — precision, recall and F1 by model, test, case,
 * mention style and polarity and per factor, with intervals, and its decision-level agreement.
 */
export function extractorsSection(report: ReportView): Block[] {
  const entries = Object.entries(report.extractor_vs_gold);
  const degenerate = entries.some(([, section]) => hasDegenerateFigure(section));
  return [
    { kind: 'heading', level: 2, text: '1. Extractors against the gold standard' },
    ...entries.flatMap(([extractor, section]) => extractorBlocks(extractor, section)),
    ...(entries.length === 0
      ? [{ kind: 'paragraph' as const, text: 'No extractor output in the study.' }]
      : []),
    ...(degenerate
      ? [
          {
            kind: 'paragraph' as const,
            text: `${DEGENERATE_MARK} Every bootstrap resample gave the same value (the gold sample holds no error of that kind, or no such event), so the bootstrap interval had no width — a certainty no finite sample supports. The interval shown is Wilson's on the pooled units instead (for F1, the span of precision's and recall's).`,
          },
        ]
      : []),
  ];
}
