import { z } from 'zod';
import { errorClassSchema } from './adjudication-api.ts';
import { coverageAppendixSchema } from './coverage-check-api.ts';
import { ALT_ALIGNMENTS } from './scoring/alt-test-alignment.ts';
import { expertHoursPlanSchema } from './scoring/expert-hours.ts';
import { caseSchema } from './vocabulary.ts';

/**
 * The parts of a study report (docs/REPORT.md; built by `buildReport`) that the rendered report
 * reads — the screen, the HTML file and the Markdown alike. The screen validates the API's JSON with
 * it at the edge; the server passes its `Report`, which TypeScript checks against `ReportView` (a
 * `Report` is a `ReportView`; shared/report-view.test.ts). Objects are `z.object`: keys the renderer
 * does not read are accepted and dropped, so the report can grow without breaking the screen.
 */

const intervalSchema = z.object({ lower: z.number(), upper: z.number() });

/**
 * A figure: `value` (null = n/a), its main interval `ci` and how it was computed; `interval:
 * 'too_few'` when the interval was withheld because too few gold arguments stand behind it.
 */
export const figureViewSchema = z.object({
  value: z.number().nullable(),
  ci: intervalSchema.nullable(),
  method: z.enum(['cluster-bootstrap', 'wilson', 'normal', 'student-t', 'none']),
  interval: z.literal('too_few').optional(),
  /** The bootstrap interval had no width; `ci` is the count-based (Wilson) interval instead. */
  degenerate_bootstrap: z.literal(true).optional(),
  gold: z.number().optional(),
  gold_needed: z.number().optional(),
});
export type FigureView = z.output<typeof figureViewSchema>;

const confusionSchema = z.object({
  tp: z.number(),
  fp: z.number(),
  fn: z.number(),
  precision: figureViewSchema,
  recall: figureViewSchema,
  f1: figureViewSchema,
});
export type ConfusionView = z.output<typeof confusionSchema>;

const goldStyleSchema = z.enum(['code', 'name', 'paraphrase', 'unspanned']);

const agreementFiguresSchema = z.object({
  cohen_kappa: figureViewSchema,
  krippendorff_alpha: figureViewSchema,
  gwet_ac1: figureViewSchema,
  pabak: figureViewSchema,
  percent_agreement: figureViewSchema,
  positive_agreement: figureViewSchema,
  negative_agreement: figureViewSchema,
});

const tableCountsSchema = z.object({
  both: z.number(),
  first_only: z.number(),
  second_only: z.number(),
  neither: z.number(),
});

const extractorSchema = z.object({
  items: z.number(),
  failed: z.number(),
  missing: z.number(),
  micro: confusionSchema,
  macro: z.object({
    precision: figureViewSchema,
    recall: figureViewSchema,
    f1: figureViewSchema,
    factors_left_out: z.array(z.string()),
  }),
  kappa: figureViewSchema,
  agreement: agreementFiguresSchema.extend({ decisions: z.number() }),
  by_model: z.record(z.string(), confusionSchema),
  by_test: z.record(z.string(), confusionSchema),
  by_case: z.record(caseSchema, confusionSchema),
  by_style: z.record(goldStyleSchema, z.object({ tp: z.number(), fn: z.number(), recall: figureViewSchema })),
  by_factor: z.record(z.string(), confusionSchema.optional()),
  unlisted: confusionSchema,
  negated_mentions: z.number(),
  negated_as_present: z.number(),
  negated_as_present_rate: figureViewSchema,
});
export type ExtractorView = z.output<typeof extractorSchema>;

const pairSchema = agreementFiguresSchema.extend({ items: z.number() });

const agreementSchema = agreementFiguresSchema.extend({
  items: z.number(),
  decisions: z.number(),
  annotators: z.array(z.string()),
  all_annotators: z.array(z.string()),
  abstention: agreementFiguresSchema.extend({ items: z.number() }),
  unlisted: z.object({
    both: z.number(),
    first_only: z.number(),
    second_only: z.number(),
    positive_agreement: figureViewSchema,
  }),
  span_overlap: z.object({
    first_spans: z.number(),
    first_matched: z.number(),
    second_spans: z.number(),
    second_matched: z.number(),
    first_matched_share: figureViewSchema,
    second_matched_share: figureViewSchema,
  }),
  per_factor: z.record(
    z.string(),
    agreementFiguresSchema.extend({ table: tableCountsSchema, decisions: z.number() }).optional(),
  ),
  factors_never_marked: z.array(z.string()),
  by_pair: z.record(z.string(), pairSchema),
});
export type AgreementView = z.output<typeof agreementSchema>;

/** Per source (gold, each extractor, reported) a figure, or null. */
const sourceFiguresSchema = z.record(z.string(), figureViewSchema.nullable());

const countShareSchema = z.object({ count: z.number(), of: z.number(), share: figureViewSchema });

const cellSchema = z.object({
  arguments: z.number(),
  gold: z.number(),
  acch: sourceFiguresSchema,
  recu: sourceFiguresSchema,
  abstain: sourceFiguresSchema,
  empty_output: sourceFiguresSchema,
  acch_precision: sourceFiguresSchema,
  acch_non_abstained: sourceFiguresSchema,
  hallucination_invented: sourceFiguresSchema,
  hallucination_misattributed: sourceFiguresSchema,
  recu_shared: sourceFiguresSchema,
  recu_distinguishing: sourceFiguresSchema,
  abstention_phrasing: z.object({
    exact_phrase: countShareSchema.nullable(),
    near_miss: countShareSchema.nullable(),
  }),
  truncation: z.object({ gold_flagged: countShareSchema.nullable(), finish_reason_length: countShareSchema }),
});
export type CellView = z.output<typeof cellSchema>;

const correctedFigureSchema = z.object({
  value: z.number().nullable(),
  ci: intervalSchema.nullable(),
  /** `normal` in reports made before the Student-t interval. */
  method: z.enum(['normal', 'student-t']),
  clipped: z.boolean(),
  extractor_only: z.number().nullable(),
  sampled: z.number(),
  population: z.number(),
  variance_pooled: z.boolean(),
  variance_floored: z.boolean(),
  /** With `--lambda tuned` only: the figure's λ (null when its strata differ) and which estimate was kept. */
  lambda: z.number().nullable().optional(),
  lambda_choice: z.enum(['tuned', 'gold_only', 'difference']).optional(),
  gold_only_half_width: z.number().nullable().optional(),
  strata: z.array(z.object({ lambda: z.number().optional() })).optional(),
});
export type CorrectedView = z.output<typeof correctedFigureSchema>;

const tauSchema = figureViewSchema.extend({ models: z.number() });

const flipSchema = z.object({
  higher: z.string(),
  lower: z.string(),
  share: z.number().nullable(),
  ties: z.number().nullable(),
});
export type FlipView = z.output<typeof flipSchema>;

/**
 * A ranking: besides these fields, each source's models best first under the source's own name
 * (`rankingOrder` reads them).
 */
const rankingSchema = z
  .object({
    values: z.record(z.string(), z.record(z.string(), z.number().nullable())),
    kendall_tau_b: z.record(z.string(), tauSchema),
    flips: z.record(z.string(), z.array(flipSchema)),
  })
  .catchall(z.unknown());
export type RankingView = z.output<typeof rankingSchema>;

export const claimStatusSchema = z.enum(['holds', 'fails', 'undecided', 'too_few']);
export type ClaimStatusView = z.output<typeof claimStatusSchema>;

const acchClaimSchema = z.object({
  status: claimStatusSchema,
  value: z.number().nullable(),
  ci: intervalSchema.nullable(),
  variance_pooled: z.boolean(),
  sampled: z.number(),
  needed: z.number(),
});
export type AcchClaimView = z.output<typeof acchClaimSchema>;

const planningSchema = z.object({
  icc: z.object({ value: z.number().nullable(), items: z.number(), source: z.string().nullable() }),
  decision_proportion: z.array(
    z.object({
      half_width: z.number(),
      items: z.number(),
      decisions: z.number(),
      design_effect: z.number(),
      assumptions: z.array(z.string()),
    }),
  ),
  corrected_acch: z.object({
    extractor: z.string().nullable(),
    plans: z.array(
      z.object({ half_width: z.number(), items_per_stratum: z.number(), assumptions: z.array(z.string()) }),
    ),
  }),
  /** The planner in expert hours (shared/scoring/expert-hours.ts); absent in reports made before it. */
  expert_hours: expertHoursPlanSchema.optional(),
});

const altTestAnnotatorSchema = z.object({
  annotator: z.string(),
  n: z.number(),
  status: z.enum(['tested', 'too_few']),
  extractor_wins: z.number(),
  tied: z.number(),
  annotator_wins: z.number(),
  advantage: z.number().nullable(),
  mean_difference: z.number().nullable(),
  t_statistic: z.number().nullable(),
  p_value: z.number().nullable(),
  rejected: z.boolean(),
});

/** One extractor's alternative annotator test (shared/scoring/alt-test.ts). */
const altTestSchema = z.object({
  alignment: z.enum(ALT_ALIGNMENTS),
  epsilon: z.number(),
  q: z.number(),
  min_arguments: z.number(),
  min_annotators: z.number(),
  status: z.enum(['tested', 'too_few_annotators', 'too_few_arguments', 'no_data']),
  passed: z.boolean(),
  winning_rate: z.number().nullable(),
  advantage_probability: z.number().nullable(),
  annotators_tested: z.number(),
  annotators_rejected: z.number(),
  arguments: z.number(),
  arguments_without_output: z.number(),
  annotators: z.array(altTestAnnotatorSchema),
});
export type AltTestView = z.output<typeof altTestSchema>;

const metaSchema = z.object({
  study: z.string(),
  generated_at: z.string(),
  seed: z.number(),
  replicates: z.number(),
  level: z.number(),
  threshold: z.number(),
  claim_threshold: z.number(),
  extractors: z.array(z.string()),
  primary_extractor: z.string().nullable(),
  reported_source: z.string().nullable(),
  models: z.array(z.string()),
  tests: z.array(z.number()),
  sample: z
    .object({
      version: z.number(),
      strata_by: z.array(z.string()),
      drawn: z.number(),
      drawn_with_gold: z.number(),
    })
    .nullable(),
  design: z.string(),
  counts: z.object({
    triples: z.number(),
    arguments: z.number(),
    gold: z.number(),
    gold_outside_sample: z.number(),
    submitted_annotations: z.number(),
    doubly_annotated: z.number(),
    reported_values: z.number(),
    extractions: z.record(
      z.string(),
      z.object({ extracted: z.number(), failed: z.number(), missing: z.number() }),
    ),
  }),
  notes: z.array(z.string()),
});
export type MetaView = z.output<typeof metaSchema>;

/** The report as the renderers read it. */
export const reportViewSchema = z.object({
  meta: metaSchema,
  verdict: z.object({
    ranking: z.string(),
    acch: z.string(),
    /** Absent from a report made before the alternative annotator test. */
    alt_test: z.string().default(''),
    details: z.array(z.string()),
  }),
  extractor_vs_gold: z.record(z.string(), extractorSchema),
  error_classes: z.record(
    z.string(),
    z.object({
      items: z.number(),
      counts: z.record(errorClassSchema, z.number()),
      missed_by_style: z.record(goldStyleSchema, z.number()),
    }),
  ),
  agreement: agreementSchema,
  alt_test: z.record(z.string(), altTestSchema).default({}),
  metrics: z.record(z.string(), z.record(z.string(), cellSchema.optional())),
  corrected: z.record(
    z.string(),
    z.record(z.string(), z.record(z.string(), z.record(z.string(), correctedFigureSchema.optional()))),
  ),
  rankings: z.record(z.string(), rankingSchema),
  claims: z.object({
    acch_above: z.object({
      threshold: z.number(),
      extractor: z.string().nullable(),
      by_model: z.record(z.string(), z.record(z.string(), acchClaimSchema)),
    }),
    ranking: z.object({
      threshold: z.number(),
      comparison: z.string().nullable(),
      by_ranking: z.record(
        z.string(),
        z.object({ status: claimStatusSchema, tau_b: tauSchema.nullable(), flips: z.array(flipSchema) }),
      ),
    }),
  }),
  planning: planningSchema,
  /** The appendix on the intervals' coverage; absent from a report made before it. */
  coverage: coverageAppendixSchema.optional(),
});
export type ReportView = z.output<typeof reportViewSchema>;

/**
 * A source's models best first in a ranking (`ranking[source]`), or `[]` when the source ranks
 * nothing. The lists sit beside the ranking's own fields, so they are read and checked here.
 */
export function rankingOrder(ranking: RankingView, source: string): string[] {
  const order = ranking[source];
  return Array.isArray(order) && order.every((model) => typeof model === 'string') ? order : [];
}
