import { FACTOR_IDS } from '../factors.ts';
import { byCodeUnits } from '../sampling/code-unit-order.ts';
import { CASES } from '../vocabulary.ts';
import { type CsvCell, csvLine } from './csv-line.ts';
import type { DatasetRecord } from './dataset-record.ts';
import { pseudonymAt } from './pseudonyms.ts';

/** A decisions.csv column: its header and its Croissant data type. */
export interface DecisionColumn {
  name: string;
  dataType: 'sc:Text' | 'sc:Integer' | 'sc:Float';
  description: string;
}

/**
 * The columns of `decisions.csv` for these records: the argument's id, model, test, sample stratum
 * and weight, the case and factor, then one 0/1 column per source — the triple's `ground_truth`, each
 * annotator position (`annotator_A`, `annotator_B`, … up to the most a record has), `gold`, and each
 * extractor (`extractor_<name>`, names in code-unit order).
 *
 * @example decisionColumns(records).map((c) => c.name).slice(-3) // ['annotator_B', 'gold', 'extractor_rules']
 */
export function decisionColumns(records: readonly DatasetRecord[]): DecisionColumn[] {
  const annotators = Math.max(0, ...records.map((record) => record.annotations.length));
  const extractors = [
    ...new Set(records.flatMap((record) => record.extractions.map((extraction) => extraction.extractor))),
  ].sort(byCodeUnits);
  const binary = (name: string, description: string): DecisionColumn => ({
    name,
    dataType: 'sc:Integer',
    description: `${description}: 1 asserted present, 0 not; empty when there is none for the argument`,
  });
  return [
    { name: 'argument_id', dataType: 'sc:Text', description: 'The argument (gold.jsonl argument_id)' },
    { name: 'model', dataType: 'sc:Text', description: 'The model that wrote the argument' },
    { name: 'test', dataType: 'sc:Integer', description: '1 arguable, 2 reordered, 3 non-arguable' },
    { name: 'stratum', dataType: 'sc:Text', description: 'Sample stratum; empty when not sampled' },
    { name: 'weight', dataType: 'sc:Float', description: 'Design weight (1/inclusion probability)' },
    { name: 'case', dataType: 'sc:Text', description: 'current, tsc1 or tsc2' },
    { name: 'factor', dataType: 'sc:Text', description: 'CATO factor id, F1…F27 without F9' },
    binary('ground_truth', "The triple's factor list for the case"),
    ...Array.from({ length: annotators }, (_, i) =>
      binary(`annotator_${pseudonymAt(i)}`, `Annotator ${pseudonymAt(i)} of the argument`),
    ),
    binary('gold', 'The final adjudicated gold'),
    ...extractors.map((name) => binary(`extractor_${name}`, `The extractor ${name} (failed: empty)`)),
  ];
}

const bit = (list: readonly string[] | undefined, factor: string): CsvCell =>
  list === undefined ? null : list.includes(factor) ? 1 : 0;

/**
 * `decisions.csv` for these records: a header row, then one row per argument × case × factor (26 × 3 =
 * 78 per argument, cases current, tsc1, tsc2, factors in catalogue order) with every source's 0/1 value
 * as `decisionColumns` lays them out — empty where the source has nothing for that argument (no gold
 * yet, fewer annotators, a failed or missing extraction). RFC 4180 cells (`csvLine`), `\n` line ends.
 * Deterministic; pure. Degenerate input: no records → the header alone.
 *
 * @example decisionsCsv(records).split('\n')[1] // 'a1,gpt-4o,1,model=gpt-4o|test=1,14.4,current,F1,0,0,0,0,0'
 */
export function decisionsCsv(records: readonly DatasetRecord[]): string {
  const columns = decisionColumns(records);
  const annotatorCount = columns.filter((column) => column.name.startsWith('annotator_')).length;
  const extractors = columns
    .filter((column) => column.name.startsWith('extractor_'))
    .map((column) => column.name.slice('extractor_'.length));
  const lines = [csvLine(columns.map((column) => column.name))];
  for (const record of records) {
    const byExtractor = new Map(record.extractions.map((extraction) => [extraction.extractor, extraction]));
    for (const caseId of CASES) {
      const truth = record.triple[caseId].factors;
      for (const factor of FACTOR_IDS) {
        const cells: CsvCell[] = [
          record.argument_id,
          record.model,
          record.test,
          record.sample?.stratum ?? null,
          record.sample?.weight ?? null,
          caseId,
          factor,
          bit(truth, factor),
        ];
        for (let i = 0; i < annotatorCount; i++)
          cells.push(bit(record.annotations[i]?.judgement[caseId], factor));
        cells.push(bit(record.gold?.judgement[caseId], factor));
        for (const name of extractors) {
          const extraction = byExtractor.get(name);
          cells.push(bit(extraction?.status === 'extracted' ? extraction[caseId] : undefined, factor));
        }
        lines.push(csvLine(cells));
      }
    }
  }
  return lines.join('');
}
