import type { Judgement } from '../schemas/annotation.ts';
import { factorsWithoutSpan } from '../span-rules.ts';
import type { AltAlignment } from './alt-test-alignment.ts';
import { DEFAULT_REPORT_OPTIONS, type ReportInput, type ReportOptions } from './report-input.ts';
import type { StudyIndex } from './study-index.ts';

/** What the report was computed from and how. */
export interface ReportMeta {
  study: string;
  generated_at: string;
  seed: number;
  replicates: number;
  level: number;
  threshold: number;
  claim_threshold: number;
  /** ε and the alignment of the alternative annotator test. */
  alt_epsilon: number;
  alt_alignment: AltAlignment;
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

/** Factors ticked present, and of them those without an asserted span (`factorsWithoutSpan`). */
export function countMarksWithoutSpan(judgements: readonly Judgement[]): {
  marks: number;
  without_span: number;
} {
  let marks = 0;
  let withoutSpan = 0;
  for (const judgement of judgements) {
    marks += judgement.current.length + judgement.tsc1.length + judgement.tsc2.length;
    withoutSpan += factorsWithoutSpan(judgement);
  }
  return { marks, without_span: withoutSpan };
}

/** Per extractor: arguments with an extraction, with a failed one, and with no. */
function extractionCounts(index: StudyIndex): ReportMeta['counts']['extractions'] {
  const counts: ReportMeta['counts']['extractions'] = {};
  for (const extractor of index.extractors) {
    const records = index.extraction.get(extractor) ?? [];
    counts[extractor] = {
      extracted: records.filter((record) => record?.status === 'extracted').length,
      failed: records.filter((record) => record?.status === 'failed').length,
      missing: records.filter((record) => record === undefined).length,
    };
  }
  return counts;
}

/** The gold, and how much of it the design drew. */
export interface GoldInDesign {
  gold: number;
  drawn: number;
  drawnWithGold: number;
}

/** Gold arguments, arguments the design drew, and those of them with gold. */
export function goldInDesign(index: StudyIndex): GoldInDesign {
  return {
    gold: index.gold.filter((judgement) => judgement !== undefined).length,
    drawn: index.sampled.filter(Boolean).length,
    drawnWithGold: index.sampled.filter((sampled, i) => sampled && index.gold[i] !== undefined).length,
  };
}

/**
 * What the design means for the estimates, as notes: without a sample the gold stands in for one;
 * with a sample, gold the design did not draw counts in the gold figures only.
 */
export function designNotes(design: ReportInput['design'], gold: GoldInDesign): string[] {
  if (design === null)
    return [
      'No sample has been drawn: gold arguments are treated as a simple random sample within each model × test cell, and the bootstrap resamples gold arguments without strata.',
    ];
  if (gold.gold > gold.drawnWithGold)
    return [
      `${gold.gold - gold.drawnWithGold} gold argument(s) lie outside sample version ${design.version}: they count in the gold figures, not in the corrected estimates.`,
    ];
  return [];
}

/** Everything `reportMeta` is told beyond the input: the choices made and the notes gathered. */
export interface MetaContext {
  input: ReportInput;
  index: StudyIndex;
  options: ReportOptions;
  primaryExtractor: string | null;
  reportedSource: string | null;
  reportedValues: number;
  doublyAnnotated: number;
  seeds: ReportMeta['seeds'];
  /** The notes, in the order they are printed. */
  notes: string[];
}

/** `meta`: the study, the options, the sources chosen, the design in words and the counts. */
export function reportMeta(context: MetaContext): ReportMeta {
  const { input, index, options } = context;
  const design = input.design;
  const gold = goldInDesign(index);
  return {
    study: input.study,
    generated_at: options.generatedAt,
    seed: options.seed,
    replicates: options.replicates,
    level: options.level,
    threshold: options.threshold,
    claim_threshold: options.claimThreshold,
    alt_epsilon: options.altEpsilon ?? DEFAULT_REPORT_OPTIONS.altEpsilon,
    alt_alignment: options.altAlignment ?? DEFAULT_REPORT_OPTIONS.altAlignment,
    extractors: index.extractors,
    primary_extractor: context.primaryExtractor,
    reported_source: context.reportedSource,
    models: index.models,
    tests: index.tests,
    sample:
      design === null
        ? null
        : {
            version: design.version,
            strata_by: [...design.strataBy],
            excluded_previous: design.excludedPrevious,
            drawn: gold.drawn,
            drawn_with_gold: gold.drawnWithGold,
          },
    design:
      design === null
        ? 'no sample: gold treated as a simple random sample within each model × test cell'
        : design.batches && index.batches
          ? `sample versions ${design.batches.map((batch) => batch.version).join(', ')} with an active batch (strata by ${design.strataBy.join(' × ')}): the batch estimator of decision 019, version ${index.batches.version} estimating the rest`
          : `stratified sample version ${design.version} (strata by ${design.strataBy.join(' × ')})`,
    counts: {
      triples: input.triples.length,
      arguments: input.arguments.length,
      gold: gold.gold,
      gold_outside_sample: design === null ? 0 : gold.gold - gold.drawnWithGold,
      submitted_annotations: input.annotations.length,
      doubly_annotated: context.doublyAnnotated,
      reported_values: context.reportedValues,
      extractions: extractionCounts(index),
      marks_without_span: {
        annotations: countMarksWithoutSpan(input.annotations.map((annotation) => annotation.judgement)),
        gold: countMarksWithoutSpan(input.gold.map((entry) => entry.judgement)),
      },
    },
    seeds: context.seeds,
    notes: context.notes,
  };
}
