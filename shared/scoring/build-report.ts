import { adjustmentNotes } from './adjustment-notes.ts';
import { type AltTest, altTestByExtractor } from './alt-test.ts';
import { type AnnotatorAgreement, annotatorAgreement } from './annotator-agreement.ts';
import { chooseBootstrapStrata } from './bootstrap-strata.ts';
import { type CellMetrics, cellMetrics } from './cell-metrics.ts';
import { type Claims, checkClaims } from './claims.ts';
import { type CorrectedByModel, correctedEstimates } from './corrected-estimates.ts';
import { type ErrorClassSummary, errorClassSummary } from './error-class-summary.ts';
import { type ExtractorVsGold, extractorVsGold } from './extractor-vs-gold.ts';
import { type Planning, planStudy } from './planning.ts';
import { choosePrimaryExtractor } from './primary-extractor.ts';
import { type Ranking, rankings } from './rankings.ts';
import { DEFAULT_REPORT_OPTIONS, type ReportInput, type ReportOptions } from './report-input.ts';
import { designNotes, goldInDesign, type ReportMeta, reportMeta } from './report-meta.ts';
import { chooseReportedSource } from './reported-source.ts';
import { indexStudy, type StudyIndex } from './study-index.ts';
import { type CellReport, studyMetrics } from './study-metrics.ts';
import { type Verdict, writeVerdict } from './verdict.ts';

export type { ReportMeta } from './report-meta.ts';

/** The whole report (docs/REPORT.md). */
export interface Report {
  meta: ReportMeta;
  verdict: Verdict;
  extractor_vs_gold: Record<string, ExtractorVsGold>;
  /** Section 1, continued: each extractor's units by error class (`errorClassSummary`). */
  error_classes: Record<string, ErrorClassSummary>;
  agreement: AnnotatorAgreement;
  /** Section 2, continued: per extractor, the alternative annotator test against the annotators (`altTestByExtractor`). */
  alt_test: Record<string, AltTest>;
  metrics: Record<string, Partial<Record<string, CellReport>>>;
  corrected: Record<string, CorrectedByModel>;
  rankings: Record<string, Ranking>;
  claims: Claims;
  planning: Planning;
}

/** Seed k of a report's streams: (seed + k) mod 2³², so every stream is a valid, distinct `createRng` seed. */
export function deriveSeed(seed: number, k: number): number {
  const base = ((seed % 4294967296) + 4294967296) % 4294967296;
  return (base + k) % 4294967296;
}

/** What every section is computed with: the index, the sources chosen and the bootstrap settings. */
interface SectionContext {
  input: ReportInput;
  index: StudyIndex;
  options: ReportOptions;
  seeds: ReportMeta['seeds'];
  stratified: boolean;
  primary: string | null;
  reported: ReadonlyMap<string, number>;
}

/** Section 1: each extractor against the gold, and its units by error class. */
function extractorSections(context: SectionContext) {
  const { index, options, seeds, stratified, input } = context;
  return {
    extractor_vs_gold: extractorVsGold(index, {
      seed: seeds.extractor_vs_gold,
      replicates: options.replicates,
      level: options.level,
      stratified,
    }),
    error_classes: errorClassSummary(index, input.errorClasses),
  };
}

/** Section 2: the annotators against each other. */
function agreementSection(context: SectionContext): AnnotatorAgreement {
  const { index, input, options, seeds, stratified } = context;
  return annotatorAgreement(index, input.annotations, {
    seed: seeds.agreement,
    replicates: options.replicates,
    level: options.level,
    stratified,
  });
}

/**
 * Sections 3–6 from the cell metrics and their bootstrap: the study's metrics, the corrected
 * estimates, the rankings, the claims and the sample-size plan.
 */
function cellSections(context: SectionContext, cells: CellMetrics) {
  const { index, input, options, primary, reported } = context;
  const corrected = correctedEstimates(index, cells, options.level, options.lambda ?? 1);
  const ranked = rankings(index, cells, reported, options.level);
  const claims: Claims = checkClaims(
    primary === null ? null : (corrected[primary] ?? null),
    primary,
    ranked,
    {
      threshold: options.threshold,
      claimThreshold: options.claimThreshold,
      hasReported: reported.size > 0,
      level: options.level,
    },
  );
  return {
    metrics: studyMetrics(index, cells, reported, options.level),
    corrected,
    rankings: ranked,
    claims,
    planning: planStudy(
      index,
      input.annotations,
      cells,
      primary,
      options.level,
      options.claimThreshold,
      options.lambda ?? 1,
    ),
  };
}

/**
 * The study report: every section computed from plain records by the pure functions of
 * shared/scoring (docs/STATISTICS.md throughout; the sections as docs/REPORT.md describes them):
 *
 * 1. `extractor_vs_gold` — each extractor against the gold (`extractorVsGold`), and `error_classes` —
 *    its units by error class (`errorClassSummary`, from the stored classifications when given);
 * 2. `agreement` — inter-annotator agreement (`annotatorAgreement`), and `alt_test` — whether each
 *    extractor can stand in for an annotator (`altTestByExtractor`, ε = `altEpsilon`);
 * 3. `metrics` — AccH, RecU, RatioAbstain and variants per model × test under every source
 *    (`studyMetrics`);
 * 4. `corrected` — population estimates corrected by the gold sample (`correctedEstimates`);
 * 5. `rankings` and `claims` — rankings, τ-b, flip shares, the AccH and ranking claims
 *    (`rankings`, `checkClaims`), and `verdict` in words (`writeVerdict`);
 * 6. `planning` — the sample-size planner applied to the study (`planStudy`).
 *
 * Sections 1–2 resample within the design's strata only when each holds enough gold
 * (`chooseBootstrapStrata`), else over the whole sample; a note says which and why.
 *
 * Bootstrap streams: agreement uses seed, extractor-vs-gold seed + 1, the cell metrics (and so
 * rankings) seed + 2, so one section's resamples do not depend on another's size. With
 * `replicates: 0` no bootstrap runs and every bootstrap interval is `null`.
 *
 * Notes, in order: the index's, the choice of sources (`chooseReportedSource`,
 * `choosePrimaryExtractor`), the design's (`designNotes`), the bootstrap's strata, the adjusted corrected estimates
 * (`adjustmentNotes`), and a missing bootstrap.
 *
 * Preconditions: validated records; every argument's triple present. Throws otherwise.
 */
const POWER_TUNING_NOTE =
  "Corrected estimates: PPI++ (--lambda tuned) — each stratum at λ̂_h = Ĉov(gold, extractor)/V̂ar(extractor), clipped to [0, 1], from its own gold when it has 10 or more, else from its model's gold over every test; each figure keeps λ̂, λ = 0 (gold only) or λ = 1 (the difference estimator), whichever gives the narrowest interval (`lambda`, `lambda_choice` on each figure). --lambda 1 gives the difference estimator alone.";

export function buildReport(input: ReportInput, options: ReportOptions): Report {
  const index = indexStudy(input);
  const seeds = {
    agreement: deriveSeed(options.seed, 0),
    extractor_vs_gold: deriveSeed(options.seed, 1),
    metrics: deriveSeed(options.seed, 2),
  };
  const reported = chooseReportedSource(input.reported, options.reportedSource);
  const primary = choosePrimaryExtractor(index.extractors, options.primaryExtractor);
  const bootstrapStrata = chooseBootstrapStrata(
    input.design !== null,
    index.designStratum.filter((_, i) => index.gold[i] !== undefined),
  );
  const context: SectionContext = {
    input,
    index,
    options,
    seeds,
    stratified: bootstrapStrata.stratified,
    primary: primary.extractor,
    reported: reported.values,
  };

  const section1 = extractorSections(context);
  const agreement = agreementSection(context);
  const altTest = altTestByExtractor(index, input.annotations, {
    epsilon: options.altEpsilon ?? DEFAULT_REPORT_OPTIONS.altEpsilon,
    alignment: options.altAlignment ?? DEFAULT_REPORT_OPTIONS.altAlignment,
  });
  const cells = cellMetrics(index, { seed: seeds.metrics, replicates: options.replicates });
  const later = cellSections(context, cells);

  const notes = [
    ...index.notes,
    ...reported.notes,
    ...primary.notes,
    ...designNotes(input.design, goldInDesign(index)),
    ...(bootstrapStrata.note === null ? [] : [bootstrapStrata.note]),
    ...adjustmentNotes(later.corrected),
    ...(options.lambda === 'tuned' ? [POWER_TUNING_NOTE] : []),
    ...(options.replicates === 0 ? ['Bootstrap replicates: 0 — no bootstrap intervals were computed.'] : []),
  ];
  const meta = reportMeta({
    input,
    index,
    options,
    primaryExtractor: primary.extractor,
    reportedSource: reported.source,
    reportedValues: reported.values.size,
    doublyAnnotated: agreement.items,
    seeds,
    notes,
  });
  return {
    meta,
    verdict: writeVerdict(later.claims, options.level, altTest),
    extractor_vs_gold: section1.extractor_vs_gold,
    error_classes: section1.error_classes,
    agreement,
    alt_test: altTest,
    metrics: later.metrics,
    corrected: later.corrected,
    rankings: later.rankings,
    claims: later.claims,
    planning: later.planning,
  };
}
