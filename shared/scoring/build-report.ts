import { byCodeUnits } from '../sampling/code-unit-order.ts';
import type { Judgement } from '../schemas/annotation.ts';
import { factorsWithoutSpan } from '../span-rules.ts';
import { type AnnotatorAgreement, annotatorAgreement } from './annotator-agreement.ts';
import { cellMetrics } from './cell-metrics.ts';
import { type Claims, checkClaims } from './claims.ts';
import { type CorrectedByModel, type CorrectedFigure, correctedEstimates } from './corrected-estimates.ts';
import { type ErrorClassSummary, errorClassSummary } from './error-class-summary.ts';
import { type ExtractorVsGold, extractorVsGold } from './extractor-vs-gold.ts';
import { type Planning, planStudy } from './planning.ts';
import { type Ranking, rankings } from './rankings.ts';
import type { ReportInput, ReportOptions } from './report-input.ts';
import { indexStudy } from './study-index.ts';
import { type CellReport, reportedKey, studyMetrics } from './study-metrics.ts';
import { type Verdict, writeVerdict } from './verdict.ts';

/** What the report was computed from and how. */
export interface ReportMeta {
  study: string;
  generated_at: string;
  seed: number;
  replicates: number;
  level: number;
  threshold: number;
  claim_threshold: number;
  extractors: string[];
  primary_extractor: string | null;
  reported_source: string | null;
  models: string[];
  tests: number[];
  /** The design the estimates use. */
  sample: {
    version: number;
    strata_by: string[];
    excluded_previous: boolean;
    /** Arguments drawn by the design. */
    drawn: number;
    /** Of them, with gold. */
    drawn_with_gold: number;
  } | null;
  /** In words: stratified sample vN, or gold as a simple random sample per model × test. */
  design: string;
  counts: {
    triples: number;
    arguments: number;
    gold: number;
    /** Gold arguments the design did not draw (used for the gold figures, not for the corrections). */
    gold_outside_sample: number;
    submitted_annotations: number;
    doubly_annotated: number;
    reported_values: number;
    extractions: Record<string, { extracted: number; failed: number; missing: number }>;
    /**
     * Factors ticked present without an asserted span as evidence (allowed: the grid can be ticked
     * directly), out of all ticked factors — in submitted annotations and in the gold.
     */
    marks_without_span: {
      annotations: { marks: number; without_span: number };
      gold: { marks: number; without_span: number };
    };
  };
  /** Seeds of each bootstrap stream, derived from `seed`. */
  seeds: { agreement: number; extractor_vs_gold: number; metrics: number };
  notes: string[];
}

/** The whole report (docs/REPORT.md). */
export interface Report {
  meta: ReportMeta;
  verdict: Verdict;
  extractor_vs_gold: Record<string, ExtractorVsGold>;
  /** Section 1, continued: each extractor's units by error class (`errorClassSummary`). */
  error_classes: Record<string, ErrorClassSummary>;
  agreement: AnnotatorAgreement;
  metrics: Record<string, Partial<Record<string, CellReport>>>;
  corrected: Record<string, CorrectedByModel>;
  rankings: Record<string, Ranking>;
  claims: Claims;
  planning: Planning;
}

function countMarksWithoutSpan(judgements: readonly Judgement[]): { marks: number; without_span: number } {
  let marks = 0;
  let withoutSpan = 0;
  for (const judgement of judgements) {
    marks += judgement.current.length + judgement.tsc1.length + judgement.tsc2.length;
    withoutSpan += factorsWithoutSpan(judgement);
  }
  return { marks, without_span: withoutSpan };
}

/** Seed k of a report's streams: (seed + k) mod 2³², so every stream is a valid, distinct `createRng` seed. */
export function deriveSeed(seed: number, k: number): number {
  const base = ((seed % 4294967296) + 4294967296) % 4294967296;
  return (base + k) % 4294967296;
}

/**
 * The study report: every section computed from plain records by the pure functions of
 * shared/scoring (DESIGN.md "Metrics, exactly", STATISTICS.md throughout):
 *
 * 1. `extractor_vs_gold` — each extractor against the gold (`extractorVsGold`), and `error_classes` —
 *    its units by error class (`errorClassSummary`, from the stored classifications when given);
 * 2. `agreement` — inter-annotator agreement (`annotatorAgreement`);
 * 3. `metrics` — AccH, RecU, RatioAbstain and variants per model × test under every source
 *    (`studyMetrics`);
 * 4. `corrected` — population estimates corrected by the gold sample (`correctedEstimates`);
 * 5. `rankings` and `claims` — rankings, τ-b, flip shares, the AccH and ranking claims
 *    (`rankings`, `checkClaims`), and `verdict` in words (`writeVerdict`);
 * 6. `planning` — the sample-size planner applied to the study (`planStudy`).
 *
 * Bootstrap streams: agreement uses seed, extractor-vs-gold seed + 1, the cell metrics (and so
 * rankings) seed + 2, so one section's resamples do not depend on another's size. With
 * `replicates: 0` no bootstrap runs and every bootstrap interval is `null`.
 *
 * Preconditions: validated records; every argument's triple present. Throws otherwise.
 */
export function buildReport(input: ReportInput, options: ReportOptions): Report {
  const index = indexStudy(input);
  const notes = [...index.notes];
  const stratified = input.design !== null;
  const seeds = {
    agreement: deriveSeed(options.seed, 0),
    extractor_vs_gold: deriveSeed(options.seed, 1),
    metrics: deriveSeed(options.seed, 2),
  };

  const reportedSources = [...new Set(input.reported.map((value) => value.source))].sort(byCodeUnits);
  let reportedSource: string | null = null;
  if (options.reportedSource !== undefined) {
    if (reportedSources.includes(options.reportedSource)) reportedSource = options.reportedSource;
    else notes.push(`No reported figures from "${options.reportedSource}"; the reported source is left out.`);
  } else reportedSource = reportedSources[0] ?? null;
  if (reportedSources.length > 1 && reportedSource !== null)
    notes.push(
      `Reported figures come from ${reportedSources.length} sources; this report compares "${reportedSource}" (choose with --reported-source).`,
    );
  const reported = new Map<string, number>();
  for (const value of input.reported)
    if (value.source === reportedSource)
      reported.set(reportedKey(value.model, value.test, value.metric), value.value);

  let primary: string | null = null;
  if (options.primaryExtractor !== undefined) {
    if (index.extractors.includes(options.primaryExtractor)) primary = options.primaryExtractor;
    else notes.push(`No extractor "${options.primaryExtractor}"; the claims use the default extractor.`);
  }
  primary ??= index.extractors.includes('gpt-4.1') ? 'gpt-4.1' : (index.extractors[0] ?? null);

  const section1 = extractorVsGold(index, {
    seed: seeds.extractor_vs_gold,
    replicates: options.replicates,
    level: options.level,
    stratified,
  });
  const section2 = annotatorAgreement(index, input.annotations, {
    seed: seeds.agreement,
    replicates: options.replicates,
    level: options.level,
    stratified,
  });
  const cells = cellMetrics(index, { seed: seeds.metrics, replicates: options.replicates });
  const section3 = studyMetrics(index, cells, reported, options.level);
  const section4 = correctedEstimates(index, cells, options.level);
  const section5 = rankings(index, cells, reported, options.level);
  const claims = checkClaims(primary === null ? null : (section4[primary] ?? null), primary, section5, {
    threshold: options.threshold,
    claimThreshold: options.claimThreshold,
    hasReported: reported.size > 0,
    level: options.level,
  });
  const planning = planStudy(index, input.annotations, cells, primary, options.level);

  const goldCount = index.gold.filter((judgement) => judgement !== undefined).length;
  const drawn = index.sampled.filter(Boolean).length;
  const drawnWithGold = index.sampled.filter((sampled, i) => sampled && index.gold[i] !== undefined).length;
  const design = input.design;
  if (design === null)
    notes.push(
      'No sample has been drawn: gold arguments are treated as a simple random sample within each model × test cell, and the bootstrap resamples gold arguments without strata.',
    );
  else if (goldCount > drawnWithGold)
    notes.push(
      `${goldCount - drawnWithGold} gold argument(s) lie outside sample version ${design.version}: they count in the gold figures, not in the corrected estimates.`,
    );
  // One note per kind of adjustment, its cells grouped by extractor and model (not one long run-on list).
  const cellsWhere = (flag: (figure: CorrectedFigure) => boolean): string =>
    Object.entries(section4)
      .flatMap(([extractor, byModel]) =>
        Object.entries(byModel).flatMap(([model, tests]) => {
          const cells = Object.entries(tests).flatMap(([test, figures]) =>
            Object.entries(figures)
              .filter(([, figure]) => figure !== undefined && flag(figure))
              .map(([metric]) => `${test === '1_2' ? 'tests 1–2' : `test ${test}`} ${metric}`),
          );
          return cells.length === 0 ? [] : [`${extractor} ${model} (${cells.join(', ')})`];
        }),
      )
      .join('; ');
  const pooledCells = cellsWhere((figure) => figure.variance_pooled);
  if (pooledCells !== '')
    notes.push(
      `Variance pooled across the model's tests (a stratum had fewer than 3 sampled arguments): ${pooledCells}.`,
    );
  const flooredCells = cellsWhere((figure) => figure.variance_floored);
  if (flooredCells !== '')
    notes.push(
      `No difference between gold and extractor was seen in the sample, so the variance was raised to the zero-disagreement floor (rule of three; docs/REPORT.md): ${flooredCells}.`,
    );
  const clippedCells = cellsWhere((figure) => figure.clipped);
  if (clippedCells !== '')
    notes.push(`Estimate or interval clipped to [0, 1] (these are proportions): ${clippedCells}.`);
  if (options.replicates === 0) notes.push('Bootstrap replicates: 0 — no bootstrap intervals were computed.');

  const extractionsCount: ReportMeta['counts']['extractions'] = {};
  for (const extractor of index.extractors) {
    const records = index.extraction.get(extractor) ?? [];
    extractionsCount[extractor] = {
      extracted: records.filter((record) => record?.status === 'extracted').length,
      failed: records.filter((record) => record?.status === 'failed').length,
      missing: records.filter((record) => record === undefined).length,
    };
  }

  const meta: ReportMeta = {
    study: input.study,
    generated_at: options.generatedAt,
    seed: options.seed,
    replicates: options.replicates,
    level: options.level,
    threshold: options.threshold,
    claim_threshold: options.claimThreshold,
    extractors: index.extractors,
    primary_extractor: primary,
    reported_source: reportedSource,
    models: index.models,
    tests: index.tests,
    sample:
      design === null
        ? null
        : {
            version: design.version,
            strata_by: [...design.strataBy],
            excluded_previous: design.excludedPrevious,
            drawn,
            drawn_with_gold: drawnWithGold,
          },
    design:
      design === null
        ? 'no sample: gold treated as a simple random sample within each model × test cell'
        : `stratified sample version ${design.version} (strata by ${design.strataBy.join(' × ')})`,
    counts: {
      triples: input.triples.length,
      arguments: input.arguments.length,
      gold: goldCount,
      gold_outside_sample: design === null ? 0 : goldCount - drawnWithGold,
      submitted_annotations: input.annotations.length,
      doubly_annotated: section2.items,
      reported_values: reported.size,
      extractions: extractionsCount,
      marks_without_span: {
        annotations: countMarksWithoutSpan(input.annotations.map((annotation) => annotation.judgement)),
        gold: countMarksWithoutSpan(input.gold.map((gold) => gold.judgement)),
      },
    },
    seeds,
    notes,
  };
  return {
    meta,
    verdict: writeVerdict(claims, options.level),
    extractor_vs_gold: section1,
    error_classes: errorClassSummary(index, input.errorClasses),
    agreement: section2,
    metrics: section3,
    corrected: section4,
    rankings: section5,
    claims,
    planning,
  };
}
