import type { ClassifiedDecision, Decision } from '../adjudication-api.ts';
import { byCodeUnits } from '../sampling/code-unit-order.ts';
import type { Judgement } from '../schemas/annotation.ts';
import type { Argument } from '../schemas/argument.ts';
import type { Extraction } from '../schemas/extraction.ts';
import type { Triple } from '../schemas/triple.ts';
import { classifyExtraction } from '../scoring/error-classes.ts';
import type { DatasetExtraction, DatasetRecord, DatasetSampleRow } from './dataset-record.ts';
import { adjudicatorPseudonyms, pseudonymAt } from './pseudonyms.ts';

/** One submitted annotation as the service loads it. */
export interface DatasetAnnotationSource {
  argumentId: string;
  annotator: string;
  secondsSpent: number;
  judgement: Judgement;
}

/** One final gold record as the service loads it (`accepted`: fixed by bulk acceptance). */
export interface DatasetGoldSource {
  argumentId: string;
  status: 'fixed' | 'imported';
  accepted: boolean;
  adjudicator: string | null;
  decisions: readonly Decision[];
  judgement: Judgement;
}

/** Everything a dataset is built from: plain, validated rows of one study. */
export interface DatasetSource {
  triples: readonly Triple[];
  /** In study order; the dataset keeps it. */
  arguments: readonly Argument[];
  /** Submitted only; each argument's in dataset order (`datasetAnnotatorOrder`): the first is A. */
  annotations: readonly DatasetAnnotationSource[];
  gold: readonly DatasetGoldSource[];
  extractions: readonly Extraction[];
  /** Stored error classes against the current gold; a pair without one is classified here. */
  errorClasses: readonly {
    argumentId: string;
    extractor: string;
    decisions: readonly ClassifiedDecision[];
  }[];
  /** Every sample version's design rows; an argument takes the latest version that drew it. */
  sampleRows: readonly {
    argumentId: string;
    version: number;
    stratum: string;
    inclusionProbability: number;
    weight: number;
  }[];
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * The records of a gold-standard dataset (`gold.jsonl`, one per argument): every argument with at
 * least one submitted annotation or final gold, in study order. Each carries its text, triple, the
 * sample row of the latest version that drew it, the annotators as A, B, … in the order given (with
 * `name` and the adjudicator's account only when `names`; adjudicators otherwise become
 * `adjudicator-A`, … across the dataset), the gold with its status (`accepted` for bulk acceptance),
 * decisions and rationales, and every extractor's output by name with its error classes (stored ones,
 * else `classifyExtraction` — the report's rule, so the record does not depend on what happened to be
 * stored; null without final gold or usable output).
 *
 * Deterministic: the same rows give the same records, key for key, so the files written from them are
 * byte-identical. Pure. Degenerate input: nothing annotated → [].
 *
 * @example
 * buildDatasetRecords(source, { names: false })[0].annotations.map((a) => a.annotator) // ['A', 'B']
 */
export function buildDatasetRecords(source: DatasetSource, options: { names: boolean }): DatasetRecord[] {
  const triples = new Map(source.triples.map((triple) => [triple.id, triple]));
  const annotations = groupBy(source.annotations, (annotation) => annotation.argumentId);
  const gold = new Map(source.gold.map((record) => [record.argumentId, record]));
  const extractions = groupBy(source.extractions, (extraction) => extraction.argument_id);
  const stored = new Map(
    source.errorClasses.map((entry) => [`${entry.argumentId}\u0000${entry.extractor}`, entry.decisions]),
  );
  const sampleRow = new Map<string, DatasetSampleRow>();
  for (const row of source.sampleRows) {
    const earlier = sampleRow.get(row.argumentId);
    if (earlier && earlier.version >= row.version) continue;
    sampleRow.set(row.argumentId, {
      version: row.version,
      stratum: row.stratum,
      inclusion_probability: row.inclusionProbability,
      weight: row.weight,
    });
  }
  const adjudicators = adjudicatorPseudonyms(
    source.gold.flatMap((record) => (record.adjudicator === null ? [] : [record.adjudicator])),
  );

  const records: DatasetRecord[] = [];
  for (const argument of source.arguments) {
    const marks = annotations.get(argument.id) ?? [];
    const final = gold.get(argument.id);
    if (marks.length === 0 && !final) continue;
    const triple = triples.get(argument.triple_id);
    if (!triple) throw new RangeError(`buildDatasetRecords: argument ${argument.id} has no triple`);
    const versions = [...marks.map((mark) => mark.judgement), ...(final ? [final.judgement] : [])]
      .map((judgement) => judgement.guideline_version)
      .filter((version) => version !== undefined);
    const record: DatasetRecord = {
      argument_id: argument.id,
      model: argument.model,
      test: argument.test,
      finish_reason: argument.finish_reason,
      output_tokens: argument.output_tokens,
      source: argument.source,
      text: argument.text,
      triple,
      sample: sampleRow.get(argument.id) ?? null,
      guideline_versions: [...new Set(versions)].sort(byCodeUnits),
      annotations: marks.map((mark, index) => ({
        annotator: pseudonymAt(index),
        ...(options.names ? { name: mark.annotator } : {}),
        seconds_spent: mark.secondsSpent,
        judgement: mark.judgement,
      })),
      gold: final
        ? {
            status: final.status === 'imported' ? 'imported' : final.accepted ? 'accepted' : 'fixed',
            adjudicator:
              final.adjudicator === null
                ? null
                : options.names
                  ? final.adjudicator
                  : (adjudicators.get(final.adjudicator) ?? null),
            decisions: [...final.decisions],
            judgement: final.judgement,
          }
        : null,
      extractions: [...(extractions.get(argument.id) ?? [])]
        .sort((x, y) => byCodeUnits(x.extractor, y.extractor))
        .map((extraction): DatasetExtraction => {
          const { argument_id: _argument, ...output } = extraction;
          const classes =
            final && extraction.status === 'extracted'
              ? [
                  ...(stored.get(`${argument.id}\u0000${extraction.extractor}`) ??
                    classifyExtraction(final.judgement, extraction)),
                ]
              : null;
          return { ...output, error_classes: classes };
        }),
    };
    records.push(record);
  }
  return records;
}

/**
 * A record as one line of `gold.jsonl`: JSON without the fields an argument does not have (an
 * argument's optional `finish_reason`, `output_tokens`, `source`), ending in `\n`.
 */
export function datasetLine(record: DatasetRecord): string {
  return `${JSON.stringify(record)}\n`;
}
