import type { Figure, Report } from '../../../shared/scoring/index.ts';
import { describeStatus, formatNumber } from '../../../shared/scoring/index.ts';
import { errorClassBlocks } from './error-class-blocks.ts';

/** One block of a rendered report; Markdown and HTML render the same blocks, so they say the same. */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; header: string[]; rows: string[][] };

const TEST_LABEL: Readonly<Record<string, string>> = {
  '1': 'Test 1',
  '2': 'Test 2',
  '3': 'Test 3',
  '1_2': 'Tests 1–2',
};

/** "0.912 [0.871, 0.944]", "0.912" without an interval, "n/a" for null. */
export function formatFigure(figure: Figure | null | undefined): string {
  if (!figure || figure.value === null) return 'n/a';
  const value = formatNumber(figure.value);
  return figure.ci ? `${value} [${formatNumber(figure.ci.lower)}, ${formatNumber(figure.ci.upper)}]` : value;
}

/** A table, or a sentence saying it would be empty. */
function table(header: string[], rows: string[][], whenEmpty: string): Block {
  return rows.length === 0 ? { kind: 'paragraph', text: whenEmpty } : { kind: 'table', header, rows };
}

function count(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/**
 * The report as a sequence of headings, paragraphs, lists and tables, in reading order: design and
 * notes, the verdict, extractor vs gold, agreement, the study's metrics, corrected estimates,
 * rankings, claims and the sample-size plan. Every figure with an interval is shown as
 * "value [lower, upper]" at the report's level; null is "n/a".
 */
export function reportDocument(report: Report): Block[] {
  const { meta } = report;
  const percent = `${Math.round(meta.level * 1000) / 10}%`;
  const blocks: Block[] = [
    { kind: 'heading', level: 1, text: `factor-audit report — study "${meta.study}"` },
    {
      kind: 'paragraph',
      text: `Generated ${meta.generated_at}. Design: ${meta.design}. Intervals at ${percent}; bootstrap: ${meta.replicates} replicates, seed ${meta.seed}. Extractors: ${meta.extractors.join(', ') || 'none'} (claims use ${meta.primary_extractor ?? 'none'}). Reported figures: ${meta.reported_source ?? 'none'}.`,
    },
    {
      kind: 'list',
      items: [
        `${meta.counts.triples} triples, ${meta.counts.arguments} arguments, ${meta.counts.gold} with gold (${meta.counts.gold_outside_sample} outside the sample)`,
        `${meta.counts.submitted_annotations} submitted annotations, ${meta.counts.doubly_annotated} doubly annotated arguments`,
        `${meta.counts.reported_values} reported values`,
        ...Object.entries(meta.counts.extractions).map(
          ([name, counts]) =>
            `${name}: ${counts.extracted} extracted, ${counts.failed} failed, ${counts.missing} missing`,
        ),
      ],
    },
  ];
  if (meta.notes.length > 0)
    blocks.push({ kind: 'heading', level: 3, text: 'Notes' }, { kind: 'list', items: meta.notes });

  blocks.push(
    { kind: 'heading', level: 2, text: 'Verdict' },
    { kind: 'paragraph', text: report.verdict.ranking },
    { kind: 'paragraph', text: report.verdict.acch },
  );
  if (report.verdict.details.length > 0) blocks.push({ kind: 'list', items: report.verdict.details });

  blocks.push({ kind: 'heading', level: 2, text: '1. Extractors against the gold standard' });
  const groupHeader = ['group', 'tp', 'fp', 'fn', 'precision', 'recall', 'F1'];
  for (const [extractor, section] of Object.entries(report.extractor_vs_gold)) {
    blocks.push(
      { kind: 'heading', level: 3, text: extractor },
      {
        kind: 'paragraph',
        text: `${section.items} gold arguments scored; ${section.failed} failed and ${section.missing} missing extractions left out. κ with gold over the 78 decisions per argument: ${formatFigure(section.kappa)}. Negated mentions counted as present: ${section.negated_as_present} of ${section.negated_mentions} (${formatFigure(section.negated_as_present_rate)}).`,
      },
    );
    const row = (name: string, block: (typeof section)['micro']): string[] => [
      name,
      String(block.tp),
      String(block.fp),
      String(block.fn),
      formatFigure(block.precision),
      formatFigure(block.recall),
      formatFigure(block.f1),
    ];
    blocks.push({
      kind: 'table',
      header: groupHeader,
      rows: [
        row('micro (all units)', section.micro),
        [
          'macro (factors)',
          '',
          '',
          '',
          formatFigure(section.macro.precision),
          formatFigure(section.macro.recall),
          formatFigure(section.macro.f1),
        ],
        ...Object.entries(section.by_model).map(([model, block]) => row(`model ${model}`, block)),
        ...Object.entries(section.by_test).map(([test, block]) => row(`test ${test}`, block)),
        ...Object.entries(section.by_case).map(([caseId, block]) => row(`case ${caseId}`, block)),
        row('unlisted mentions', section.unlisted),
      ],
    });
    blocks.push({
      kind: 'table',
      header: ['gold mention style', 'tp', 'fn', 'recall'],
      rows: Object.entries(section.by_style).map(([style, block]) => [
        style,
        String(block.tp),
        String(block.fn),
        formatFigure(block.recall),
      ]),
    });
    blocks.push({
      kind: 'table',
      header: ['factor', 'tp', 'fp', 'fn', 'precision', 'recall', 'F1'],
      rows: Object.entries(section.by_factor).flatMap(([factor, block]) =>
        block ? [row(factor, block)] : [],
      ),
    });
    if (section.macro.factors_left_out.length > 0)
      blocks.push({
        kind: 'paragraph',
        text: `Left out of the macro average (no gold and no predicted positive): ${section.macro.factors_left_out.join(', ')}.`,
      });
    blocks.push({
      kind: 'table',
      header: ['agreement with gold', 'value'],
      rows: [
        ['decisions', String(section.agreement.decisions)],
        ["Cohen's κ", formatFigure(section.agreement.cohen_kappa)],
        ["Krippendorff's α", formatFigure(section.agreement.krippendorff_alpha)],
        ["Gwet's AC1", formatFigure(section.agreement.gwet_ac1)],
        ['PABAK', formatFigure(section.agreement.pabak)],
        ['raw agreement', formatFigure(section.agreement.percent_agreement)],
        ['positive agreement', formatFigure(section.agreement.positive_agreement)],
        ['negative agreement', formatFigure(section.agreement.negative_agreement)],
      ],
    });
  }
  if (Object.keys(report.extractor_vs_gold).length === 0)
    blocks.push({ kind: 'paragraph', text: 'No extractor output in the study.' });
  blocks.push(...errorClassBlocks(report));

  const agreement = report.agreement;
  blocks.push(
    { kind: 'heading', level: 2, text: '2. Agreement between annotators' },
    {
      kind: 'paragraph',
      text: `${agreement.items} doubly annotated arguments (${agreement.decisions} decisions) by ${agreement.all_annotators.join(', ') || 'nobody'}; pooled over ${agreement.annotators.join(', ') || 'no pair'}.`,
    },
    {
      kind: 'table',
      header: ['coefficient', 'factor decisions', 'abstention flag'],
      rows: [
        ["Cohen's κ", formatFigure(agreement.cohen_kappa), formatFigure(agreement.abstention.cohen_kappa)],
        [
          "Krippendorff's α",
          formatFigure(agreement.krippendorff_alpha),
          formatFigure(agreement.abstention.krippendorff_alpha),
        ],
        ["Gwet's AC1", formatFigure(agreement.gwet_ac1), formatFigure(agreement.abstention.gwet_ac1)],
        ['PABAK', formatFigure(agreement.pabak), formatFigure(agreement.abstention.pabak)],
        [
          'raw agreement',
          formatFigure(agreement.percent_agreement),
          formatFigure(agreement.abstention.percent_agreement),
        ],
        [
          'positive agreement',
          formatFigure(agreement.positive_agreement),
          formatFigure(agreement.abstention.positive_agreement),
        ],
        [
          'negative agreement',
          formatFigure(agreement.negative_agreement),
          formatFigure(agreement.abstention.negative_agreement),
        ],
      ],
    },
    {
      kind: 'list',
      items: [
        `Unlisted mentions: both ${count(agreement.unlisted.both)}, first only ${count(agreement.unlisted.first_only)}, second only ${count(agreement.unlisted.second_only)}; positive agreement ${formatFigure(agreement.unlisted.positive_agreement)}.`,
        `Span overlap: ${count(agreement.span_overlap.first_matched)} of ${count(agreement.span_overlap.first_spans)} spans of the first annotator matched (${formatFigure(agreement.span_overlap.first_matched_share)}); ${count(agreement.span_overlap.second_matched)} of ${count(agreement.span_overlap.second_spans)} of the second (${formatFigure(agreement.span_overlap.second_matched_share)}).`,
      ],
    },
    table(
      ['factor', 'both', 'first only', 'second only', 'κ', 'AC1', 'PABAK', 'positive agreement'],
      Object.entries(agreement.per_factor).flatMap(([factor, figures]) =>
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
      ),
      'No factor was marked by either annotator.',
    ),
  );
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

  blocks.push({ kind: 'heading', level: 2, text: "3. The study's metrics recomputed" });
  const sources = ['gold', ...meta.extractors];
  const metricRows: [string, string][] = [
    ['acch', 'AccH (paper)'],
    ['recu', 'RecU (paper)'],
    ['abstain', 'RatioAbstain (Test 3)'],
    ['empty_output', 'empty output share'],
    ['acch_precision', 'AccH as precision'],
    ['acch_non_abstained', 'AccH, non-abstained Test-3 outputs'],
    ['hallucination_invented', 'invented per ground-truth factor'],
    ['hallucination_misattributed', 'misattributed per ground-truth factor'],
    ['recu_shared', 'RecU, shared factors'],
    ['recu_distinguishing', 'RecU, distinguishing factors'],
  ];
  for (const [metric, label] of metricRows) {
    const withReported = ['acch', 'recu', 'abstain'].includes(metric);
    const rows: string[][] = [];
    for (const [model, tests] of Object.entries(report.metrics))
      for (const [test, cell] of Object.entries(tests)) {
        if (!cell) continue;
        const figures = cell[metric as keyof typeof cell] as Record<string, Figure | null>;
        if (metric === 'abstain' && test !== '3' && (figures.reported ?? null) === null) continue;
        if (metric === 'acch_non_abstained' && test !== '3') continue;
        rows.push([
          model,
          TEST_LABEL[test] ?? test,
          ...sources.map((source) => formatFigure(figures[source])),
          ...(withReported ? [formatFigure(figures.reported)] : []),
        ]);
      }
    if (rows.length === 0) continue;
    blocks.push(
      { kind: 'heading', level: 3, text: label },
      { kind: 'table', header: ['model', 'test', ...sources, ...(withReported ? ['reported'] : [])], rows },
    );
  }
  const flagRows: string[][] = [];
  for (const [model, tests] of Object.entries(report.metrics))
    for (const [test, cell] of Object.entries(tests)) {
      if (!cell) continue;
      const share = (entry: { count: number; of: number; share: Figure } | null): string =>
        entry ? `${entry.count}/${entry.of} (${formatFigure(entry.share)})` : 'n/a';
      flagRows.push([
        model,
        TEST_LABEL[test] ?? test,
        String(cell.arguments),
        String(cell.gold),
        share(cell.abstention_phrasing.exact_phrase),
        share(cell.abstention_phrasing.near_miss),
        share(cell.truncation.gold_flagged),
        share(cell.truncation.finish_reason_length),
      ]);
    }
  if (flagRows.length > 0)
    blocks.push(
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
        rows: flagRows,
      },
    );

  blocks.push({ kind: 'heading', level: 2, text: '4. Corrected population estimates' });
  const correctedRows: string[][] = [];
  for (const [extractor, byModel] of Object.entries(report.corrected))
    for (const [model, tests] of Object.entries(byModel))
      for (const [test, figures] of Object.entries(tests))
        for (const [metric, figure] of Object.entries(figures)) {
          if (!figure) continue;
          correctedRows.push([
            extractor,
            model,
            TEST_LABEL[test] ?? test,
            metric,
            formatFigure(figure),
            formatNumber(figure.extractor_only),
            `${figure.sampled}/${figure.population}`,
            [
              figure.variance_pooled && 'pooled',
              figure.variance_floored && 'floored',
              figure.clipped && 'clipped to [0, 1]',
            ]
              .filter(Boolean)
              .join(', '),
          ]);
        }
  blocks.push(
    correctedRows.length === 0
      ? { kind: 'paragraph', text: 'No extractor output to correct.' }
      : {
          kind: 'table',
          header: ['extractor', 'model', 'test', 'metric', 'corrected', 'extractor only', 'n/N', 'variance'],
          rows: correctedRows,
        },
  );

  blocks.push({ kind: 'heading', level: 2, text: '5. Rankings and claims' });
  for (const [key, ranking] of Object.entries(report.rankings)) {
    const rankingSources = [...sources, ...(meta.reported_source === null ? [] : ['reported'])];
    blocks.push(
      { kind: 'heading', level: 3, text: `${key.replace('_test', ', test ')}` },
      {
        kind: 'table',
        header: ['source', 'ranking (best first)'],
        rows: rankingSources.map((source) => {
          const order = ranking[source];
          const values = ranking.values[source] ?? {};
          return [
            source,
            Array.isArray(order) && order.length > 0
              ? order.map((model) => `${model} (${formatNumber(values[model] ?? null)})`).join(' > ')
              : 'n/a',
          ];
        }),
      },
      {
        kind: 'table',
        header: ['sources', 'models', 'Kendall τ-b'],
        rows: Object.entries(ranking.kendall_tau_b).map(([pair, tau]) => [
          pair,
          String(tau.models),
          formatFigure(tau),
        ]),
      },
    );
    const flips = Object.entries(ranking.flips).flatMap(([source, list]) =>
      list.map(
        (flip) =>
          `${source}: ${flip.higher} > ${flip.lower} flips in ${formatNumber(flip.share)} of replicates (ties ${formatNumber(flip.ties)})`,
      ),
    );
    if (flips.length > 0) blocks.push({ kind: 'list', items: flips });
  }
  const claimRows: string[][] = [];
  for (const [model, tests] of Object.entries(report.claims.acch_above.by_model))
    for (const [test, claim] of Object.entries(tests))
      claimRows.push([
        model,
        TEST_LABEL[test] ?? test,
        formatFigure({ value: claim.value, ci: claim.ci, method: 'normal' }),
        describeStatus(claim),
        claim.variance_pooled ? 'pooled' : '',
      ]);
  blocks.push(
    {
      kind: 'heading',
      level: 3,
      text: `AccH above ${report.claims.acch_above.threshold} (corrected, ${report.claims.acch_above.extractor ?? 'no extractor'})`,
    },
    claimRows.length === 0
      ? { kind: 'paragraph', text: 'n/a' }
      : { kind: 'table', header: ['model', 'test', 'corrected AccH', 'claim', 'variance'], rows: claimRows },
    {
      kind: 'heading',
      level: 3,
      text: `Ranking survives (${report.claims.ranking.comparison ?? 'no comparison'}, τ-b at least ${report.claims.ranking.threshold})`,
    },
    {
      kind: 'table',
      header: ['ranking', 'τ-b', 'claim'],
      rows: Object.entries(report.claims.ranking.by_ranking).map(([key, claim]) => [
        key,
        formatFigure(claim.tau_b),
        claim.status,
      ]),
    },
  );

  const planning = report.planning;
  blocks.push(
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
  );
  return blocks;
}
