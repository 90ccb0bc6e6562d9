import type { Triple } from '../schemas/triple.ts';
import { annotatorAgreement } from '../scoring/annotator-agreement.ts';
import { deriveSeed } from '../scoring/build-report.ts';
import { extractorVsGold } from '../scoring/extractor-vs-gold.ts';
import type { Figure } from '../scoring/figure.ts';
import type { ReportInput } from '../scoring/report-input.ts';
import { indexStudy } from '../scoring/study-index.ts';
import type { DatasetRecord } from './dataset-record.ts';

/** How the dataset card's figures are computed: a fixed seed, so the same records give the same card. */
export const DATASET_STATISTICS_OPTIONS = { seed: 2025, replicates: 1000, level: 0.95 } as const;

/** The agreement coefficients the card reports, in its order, with their names. */
export const CARD_AGREEMENT_FIGURES = [
  ['cohen_kappa', "Cohen's κ"],
  ['krippendorff_alpha', "Krippendorff's α (nominal)"],
  ['gwet_ac1', "Gwet's AC1"],
  ['pabak', 'PABAK'],
  ['percent_agreement', 'Raw agreement'],
  ['positive_agreement', 'Positive (specific) agreement'],
] as const;

/** What a dataset card says about agreement and the extractors, computed from the exported records alone. */
export interface DatasetStatistics {
  seed: number;
  replicates: number;
  level: number;
  agreement: {
    /** Arguments with two or more annotations (each counted once, its annotators A and B). */
    items: number;
    /** items × 78 binary decisions. */
    decisions: number;
    figures: Record<(typeof CARD_AGREEMENT_FIGURES)[number][0], Figure>;
    abstention_kappa: Figure;
  };
  extractors: {
    name: string;
    /** Gold arguments scored (usable output); failed and missing are left out and counted. */
    items: number;
    failed: number;
    missing: number;
    precision: Figure;
    recall: Figure;
    f1: Figure;
  }[];
}

/**
 * The agreement and extractor-vs-gold figures of a dataset card, from the records alone (not the
 * database), so an imported dataset's card reproduces the original's: the report's own functions
 * (`annotatorAgreement`, `extractorVsGold`; docs/decisions/003-agreement-figures.md) over the records'
 * arguments, triples, annotations (by pseudonym, so each item's pair is its A and B), gold and
 * extractions. Intervals are cluster-bootstrap percentile intervals over arguments, within the
 * records' sample strata when a record was sampled, with the fixed seed and replicate count of
 * `DATASET_STATISTICS_OPTIONS` (agreement on seed + 0, extractors on seed + 1, as the report derives
 * its streams), so the card is deterministic.
 *
 * Degenerate input: no doubly annotated argument → `items: 0` and every agreement figure null; an
 * extractor with no scored gold argument → null figures.
 *
 * @example datasetStatistics(records).agreement.figures.cohen_kappa // { value: 0.81, ci: { lower: 0.74, upper: 0.87 }, … }
 */
export function datasetStatistics(
  records: readonly DatasetRecord[],
  options: { seed: number; replicates: number; level: number } = DATASET_STATISTICS_OPTIONS,
): DatasetStatistics {
  const triples = new Map<string, Triple>();
  for (const record of records)
    if (!triples.has(record.triple.id)) triples.set(record.triple.id, record.triple);
  const sampled = records.filter((record) => record.sample !== null);
  const input: ReportInput = {
    study: 'dataset',
    triples: [...triples.values()],
    arguments: records.map((record) => ({
      id: record.argument_id,
      triple_id: record.triple.id,
      model: record.model,
      test: record.test,
      text: record.text,
      ...(record.finish_reason === undefined ? {} : { finish_reason: record.finish_reason }),
    })),
    extractions: records.flatMap((record) =>
      record.extractions.map(({ error_classes: _classes, ...extraction }) => ({
        argument_id: record.argument_id,
        ...extraction,
      })),
    ),
    annotations: records.flatMap((record) =>
      record.annotations.map((annotation) => ({
        argumentId: record.argument_id,
        annotator: annotation.annotator,
        judgement: annotation.judgement,
      })),
    ),
    gold: records.flatMap((record) =>
      record.gold ? [{ argumentId: record.argument_id, judgement: record.gold.judgement }] : [],
    ),
    reported: [],
    design:
      sampled.length === 0
        ? null
        : {
            version: Math.max(...sampled.map((record) => record.sample?.version ?? 0)),
            strataBy: [],
            excludedPrevious: false,
            strata: sampled.map((record) => ({
              argumentId: record.argument_id,
              stratum: record.sample?.stratum ?? '',
            })),
            sampled: sampled.map((record) => record.argument_id),
          },
  };
  const index = indexStudy(input);
  const common = { replicates: options.replicates, level: options.level, stratified: input.design !== null };
  const agreement = annotatorAgreement(index, input.annotations, {
    ...common,
    seed: deriveSeed(options.seed, 0),
  });
  const scored = extractorVsGold(index, { ...common, seed: deriveSeed(options.seed, 1) });
  return {
    ...options,
    agreement: {
      items: agreement.items,
      decisions: agreement.decisions,
      figures: Object.fromEntries(
        CARD_AGREEMENT_FIGURES.map(([key]) => [key, agreement[key]]),
      ) as DatasetStatistics['agreement']['figures'],
      abstention_kappa: agreement.abstention_kappa,
    },
    extractors: Object.entries(scored).map(([name, figures]) => ({
      name,
      items: figures.items,
      failed: figures.failed,
      missing: figures.missing,
      precision: figures.micro.precision,
      recall: figures.micro.recall,
      f1: figures.micro.f1,
    })),
  };
}
