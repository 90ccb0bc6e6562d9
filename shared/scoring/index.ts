/**
 * The study's scores and report: pure functions from plain records to figures (issue 6). One
 * concept a file, each with its formula and source; the service (server/services/report/) loads
 * rows and hands them here. Definitions: docs/STATISTICS.md (the formulas and their sources),
 * docs/REPORT.md (the report's keys and rendering).
 */

export {
  ADJUSTMENTS,
  type AdjustedCell,
  type AdjustmentKind,
  adjustedCells,
  adjustmentNotes,
  adjustmentOfNote,
  type CorrectedFlags,
} from './adjustment-notes.ts';
export { type BinaryTable, type TableAgreement, tableAgreement } from './agreement-table.ts';
export {
  ALT_TEST_MIN_ANNOTATORS,
  ALT_TEST_MIN_ARGUMENTS,
  ALT_TEST_Q,
  type AltTest,
  type AltTestAnnotator,
  type AltTestOptions,
  type AltTestStatus,
  alternativeAnnotatorTest,
  altTestByExtractor,
  DEFAULT_ALT_EPSILON,
} from './alt-test.ts';
export {
  ALT_ALIGNMENTS,
  type AltAlignment,
  type AltReading,
  altAlignment,
  extractionReading,
  judgementReading,
} from './alt-test-alignment.ts';
export { describeAltTests } from './alt-test-verdict.ts';
export { type AnnotatorAgreement, annotatorAgreement, type PairAgreement } from './annotator-agreement.ts';
export {
  type ArgumentCounts,
  accH,
  accHPrecision,
  argumentCounts,
  inventedRate,
  misattributedRate,
  recU,
  recUDistinguishing,
  recUShared,
} from './argument-counts.ts';
export { buildReport, deriveSeed, type Report, type ReportMeta } from './build-report.ts';
export { type CellMetrics, cellMetrics, MEAN_METRICS, type MeanMetric } from './cell-metrics.ts';
export { type ClaimStatus, checkClaim } from './claim-check.ts';
export { type Claims, checkClaims } from './claims.ts';
export { type ClusterEntries, clusterEntriesBuilder } from './cluster-entries.ts';
export { type CorrectedFigure, correctedEstimates } from './corrected-estimates.ts';
export { type DerivedFigures, deriveDraws } from './derive-draws.ts';
export {
  type DifferenceEstimate,
  differenceEstimate,
  type EstimatorStratum,
} from './difference-estimator.ts';
export { type ErrorClassSummary, errorClassSummary } from './error-class-summary.ts';
export {
  classifyExtraction,
  countErrorClasses,
  ERROR_CLASSES,
  type ExtractedSets,
} from './error-classes.ts';
export { type ExtractorVsGold, extractorVsGold } from './extractor-vs-gold.ts';
export {
  type AssertedSets,
  assertedSets,
  assertsNothing,
  bitCount,
  FACTOR_COUNT,
  factorAt,
  factorIndex,
  factorMask,
  groundTruthMasks,
  unlistedKey,
} from './factor-sets.ts';
export { type Figure, type IntervalMethod, plainFigure, proportionFigure, roundNumbers } from './figure.ts';
export { type ComparedUnit, compareWithGold, type GoldComparison } from './gold-comparison.ts';
export { type ItemDecisions, intraClassCorrelation } from './intra-class-correlation.ts';
export { GOLD_STYLES, type GoldStyle, mentionEvidence } from './mention-evidence.ts';
export { type Planning, planStudy } from './planning.ts';
export { choosePrimaryExtractor } from './primary-extractor.ts';
export { rankModels } from './rank-models.ts';
export { type Ranking, rankings } from './rankings.ts';
export {
  type AnnotationInput,
  DEFAULT_REPORT_OPTIONS,
  type DesignBatch,
  type ErrorClassInput,
  type GoldInput,
  type ReportedValueInput,
  type ReportInput,
  type ReportOptions,
  type SampleDesign,
  type ScoredArgument,
} from './report-input.ts';
export { countMarksWithoutSpan, designNotes, reportMeta } from './report-meta.ts';
export { chooseReportedSource, type ReportedSourceChoice } from './reported-source.ts';
export {
  type CorrectedSampleSizePlan,
  planCorrectedSampleSize,
  planSampleSize,
  type SampleSizePlan,
  type SampleSizeRequest,
} from './sample-size.ts';
export { type SpanOverlapCounts, spanOverlap } from './span-overlap.ts';
export { extractorReportNames, indexStudy, type StudyIndex } from './study-index.ts';
export { type CellReport, studyMetrics } from './study-metrics.ts';
export { describeStatus, formatNumber, type Verdict, writeVerdict } from './verdict.ts';
export {
  type BootstrapDraws,
  bootstrapFigure,
  meanBootstrap,
  type ResamplingPlan,
  sumsBootstrap,
} from './weighted-bootstrap.ts';
