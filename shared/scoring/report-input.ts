import type { ClassifiedDecision } from '../adjudication-api.ts';
import type { Judgement } from '../schemas/annotation.ts';
import type { Argument } from '../schemas/argument.ts';
import type { Extraction } from '../schemas/extraction.ts';
import type { ReportedMetric } from '../schemas/reported.ts';
import type { Triple } from '../schemas/triple.ts';
import type { TestNumber } from '../vocabulary.ts';
import type { AltAlignment } from './alt-test-alignment.ts';
import type { LambdaSetting } from './power-tuning.ts';

/** An argument as scoring needs it: every field but the text, which is optional. */
export type ScoredArgument = Omit<Argument, 'text'> & { text?: string };

/** One submitted annotation: who marked which argument, and how. */
export interface AnnotationInput {
  argumentId: string;
  annotator: string;
  judgement: Judgement;
  /** Active seconds the workspace recorded for it (annotations.seconds_spent); absent for imports. */
  secondsSpent?: number;
}

/** The adjudicated gold of one argument. */
export interface GoldInput {
  argumentId: string;
  judgement: Judgement;
}

/**
 * One extractor's output on one gold argument, classified against the gold (`classifyExtraction`),
 * as the server stored it when the gold was fixed.
 */
export interface ErrorClassInput {
  argumentId: string;
  /** The extractor's own name (not the report's renamed one). */
  extractor: string;
  decisions: readonly ClassifiedDecision[];
}

/** One figure a paper printed. */
export interface ReportedValueInput {
  source: string;
  model: string;
  test: TestNumber;
  metric: ReportedMetric;
  value: number;
}

/** The sample design the report estimates under (the study's latest sample). */
export interface SampleDesign {
  version: number;
  /** The argument attributes the strata were formed by, e.g. ['model', 'test']. */
  strataBy: readonly string[];
  /** Whether this version left out arguments sampled before (then earlier versions belong to the design too). */
  excludedPrevious: boolean;
  /** The design stratum of every argument of the study (sampled or not). */
  strata: readonly { argumentId: string; stratum: string }[];
  /** The arguments drawn by the design. */
  sampled: readonly string[];
  /**
   * Present only when a version of the design is a batch drawn with unequal π (the active design of
   * `sample --next`): every version of the design, oldest first, with how it was drawn and the π it
   * drew each argument with. The corrected estimates then use the batch estimator of
   * docs/decisions/019-unequal-probability-batches.md (`batchDifferenceEstimate`).
   */
  batches?: readonly DesignBatch[];
}

/** One version of a design with unequal-π batches: how it was drawn, and its arguments with their π. */
export interface DesignBatch {
  version: number;
  /** Its number among `sample --next`'s batches; absent for a version drawn otherwise. */
  batch?: number;
  /** It drew only from what earlier versions left (every batch does; a fresh redraw does not). */
  excludedPrevious: boolean;
  /** `poisson`: the active design; `srs`: a stratified simple random sample (equal π in a stratum). */
  draw: 'poisson' | 'srs';
  drawn: readonly { argumentId: string; inclusionProbability: number }[];
}

/** Everything a report is computed from: plain, validated records (a service loads them). */
export interface ReportInput {
  study: string;
  triples: readonly Triple[];
  /** Scoring never reads an argument's text: a service may load the arguments without it. */
  arguments: readonly ScoredArgument[];
  extractions: readonly Extraction[];
  /** Submitted annotations only. */
  annotations: readonly AnnotationInput[];
  gold: readonly GoldInput[];
  /**
   * Stored error classes (server/store/error-classes.ts). Optional: a (gold argument, extractor)
   * without one is classified by the report with the same function, so the figures never depend on
   * what happened to be stored.
   */
  errorClasses?: readonly ErrorClassInput[];
  reported: readonly ReportedValueInput[];
  /** `null` when the study has no sample: gold is then treated as a simple random sample per model × test. */
  design: SampleDesign | null;
}

/** How a report is computed. */
export interface ReportOptions {
  /** Seed of every bootstrap (each section derives its own stream from it). */
  seed: number;
  /** Bootstrap replicates B (default 2000; 0 skips the bootstrap intervals). */
  replicates: number;
  /** Confidence level of every interval. */
  level: number;
  /** τ-b threshold of "the ranking survives" (default 0.6). */
  threshold: number;
  /** The AccH claim's threshold (default 0.90). */
  claimThreshold: number;
  /** The extractor whose corrected estimates decide the claims (default: gpt-4.1 if present, else the first). */
  primaryExtractor?: string;
  /** Which reported source to compare with when several were imported (default: the first by name). */
  reportedSource?: string;
  /** ISO time stamp written into `meta.generated_at`. */
  generatedAt: string;
  /** ε of the alternative annotator test, in (0, 1) (default 0.2, the authors' value for expert annotators). */
  altEpsilon?: number;
  /** How the alternative annotator test aligns two readings of an argument (default `jaccard`). */
  altAlignment?: AltAlignment;
  /**
   * λ of the corrected estimates (section 4): 1 the difference estimator (PPI), `tuned` PPI++ per
   * stratum (`correctedEstimates`, shared/scoring/power-tuning.ts). Default 1.
   */
  lambda?: LambdaSetting;
}

export const DEFAULT_REPORT_OPTIONS = {
  seed: 2025,
  replicates: 2000,
  level: 0.95,
  threshold: 0.6,
  claimThreshold: 0.9,
  altEpsilon: 0.2,
  altAlignment: 'jaccard',
  lambda: 1,
} as const;
