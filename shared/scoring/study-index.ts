import { byCodeUnits } from '../sampling/code-unit-order.ts';
import { stratumKey } from '../sampling/stratum-key.ts';
import type { Judgement } from '../schemas/annotation.ts';
import type { Extraction } from '../schemas/extraction.ts';
import type { TestNumber } from '../vocabulary.ts';
import { type BatchPhases, batchPhases } from './batch-phases.ts';
import { type CaseMasks, groundTruthMasks } from './factor-sets.ts';
import type { ReportInput } from './report-input.ts';

/** A model × test cell of the study. */
export interface Cell {
  model: string;
  test: TestNumber;
  /** `stratumKey({ model, test })`. */
  key: string;
}

/** The study's records, indexed by argument position for the scoring loops. */
export interface StudyIndex {
  /** Argument ids, in input order; argument i is position i of every per-argument array. */
  ids: string[];
  /** Models, sorted by code units. */
  models: string[];
  /** The tests that have arguments, ascending. */
  tests: TestNumber[];
  /** The cells that have arguments, by model then test. */
  cells: Cell[];
  cellOf: Int32Array;
  modelOf: Int32Array;
  testOf: Uint8Array;
  truth: CaseMasks[];
  finishReason: (string | undefined)[];
  gold: (Judgement | undefined)[];
  /** Report names of the extractors, sorted; an extractor called "gold" or "reported" is renamed "<name> (extractor)". */
  extractors: string[];
  /** Per extractor (report name), per argument, its extraction (failed ones included) or `undefined`. */
  extraction: Map<string, (Extraction | undefined)[]>;
  /** The design stratum of each argument ('' without a design). */
  designStratum: string[];
  /** Drawn by the design (without a design: has gold). */
  sampled: boolean[];
  /**
   * Only when the design has a batch drawn with unequal π: which arguments were drawn before the
   * estimating version, by it, and their π (`batchPhases`; the corrected estimates weight by it).
   */
  batches?: BatchPhases;
  notes: string[];
}

/** Names the report uses beside extractor names (sources and ranking fields); an extractor so named is renamed. */
export const RESERVED_SOURCES = [
  'gold',
  'reported',
  'metric',
  'test',
  'values',
  'kendall_tau_b',
  'flips',
] as const;

/**
 * Each extractor of the extractions (sorted by code units) → the name the report gives it: its own,
 * or "<name> (extractor)" for a name the report uses itself (RESERVED_SOURCES).
 */
export function extractorReportNames(extractions: readonly { extractor: string }[]): Map<string, string> {
  const names = [...new Set(extractions.map((extraction) => extraction.extractor))].sort(byCodeUnits);
  return new Map(
    names.map((name) => [
      name,
      (RESERVED_SOURCES as readonly string[]).includes(name) ? `${name} (extractor)` : name,
    ]),
  );
}

/**
 * Indexes a report's input by argument: cells, ground truth masks, the gold and every extractor's
 * output per argument, the design stratum and whether the design drew the argument. Records about
 * an argument that is not in the input are left out with a note (the store's foreign keys make
 * that impossible in practice).
 *
 * Preconditions: every argument's triple is in `triples` (throws otherwise: nothing can be scored
 * without its ground truth).
 */
export function indexStudy(input: ReportInput): StudyIndex {
  const notes: string[] = [];
  const tripleById = new Map(input.triples.map((triple) => [triple.id, triple]));
  const position = new Map(input.arguments.map((argument, index) => [argument.id, index]));
  const n = input.arguments.length;
  const models = [...new Set(input.arguments.map((argument) => argument.model))].sort(byCodeUnits);
  const modelIndex = new Map(models.map((model, index) => [model, index]));
  const tests = [...new Set(input.arguments.map((argument) => argument.test))].sort((a, b) => a - b);
  const cells: Cell[] = [];
  const cellIndex = new Map<string, number>();
  for (const model of models)
    for (const test of tests) {
      if (!input.arguments.some((argument) => argument.model === model && argument.test === test)) continue;
      const key = stratumKey({ model, test });
      cellIndex.set(key, cells.length);
      cells.push({ model, test, key });
    }

  const cellOf = new Int32Array(n);
  const modelOf = new Int32Array(n);
  const testOf = new Uint8Array(n);
  const truth: CaseMasks[] = [];
  const masksOfTriple = new Map<string, CaseMasks>();
  input.arguments.forEach((argument, i) => {
    const triple = tripleById.get(argument.triple_id);
    if (!triple)
      throw new RangeError(
        `indexStudy: argument ${argument.id} names an unknown triple ${argument.triple_id}`,
      );
    cellOf[i] = cellIndex.get(stratumKey({ model: argument.model, test: argument.test })) ?? -1;
    modelOf[i] = modelIndex.get(argument.model) ?? -1;
    testOf[i] = argument.test;
    // Arguments share their triple's masks (read-only): 72,000 arguments have 9,000 triples.
    let masks = masksOfTriple.get(triple.id);
    if (masks === undefined) {
      masks = groundTruthMasks(triple);
      masksOfTriple.set(triple.id, masks);
    }
    truth.push(masks);
  });

  const gold: (Judgement | undefined)[] = new Array(n).fill(undefined);
  let strayGold = 0;
  for (const record of input.gold) {
    const i = position.get(record.argumentId);
    if (i === undefined) strayGold++;
    else gold[i] = record.judgement;
  }
  if (strayGold > 0)
    notes.push(`${strayGold} gold record(s) name an argument that is not in the study; left out.`);

  const reportName = extractorReportNames(input.extractions);
  for (const [name, reported] of reportName)
    if (reported !== name)
      notes.push(`The extractor "${name}" is reported as "${reported}": the report uses "${name}" itself.`);
  const extractors = [...reportName.values()];
  const extraction = new Map<string, (Extraction | undefined)[]>(
    extractors.map((name) => [name, new Array<Extraction | undefined>(n).fill(undefined)]),
  );
  let strayExtractions = 0;
  for (const record of input.extractions) {
    const i = position.get(record.argument_id);
    const list = extraction.get(reportName.get(record.extractor) ?? record.extractor);
    if (i === undefined || !list) strayExtractions++;
    else list[i] = record;
  }
  if (strayExtractions > 0)
    notes.push(`${strayExtractions} extraction(s) name an argument that is not in the study; left out.`);

  const designStratum: string[] = new Array(n).fill('');
  const sampled: boolean[] = gold.map((judgement) => judgement !== undefined);
  if (input.design) {
    for (const { argumentId, stratum } of input.design.strata) {
      const i = position.get(argumentId);
      if (i !== undefined) designStratum[i] = stratum;
    }
    const drawn = new Set(input.design.sampled);
    for (let i = 0; i < n; i++) sampled[i] = drawn.has(input.arguments[i]?.id ?? '');
  }
  const batches =
    input.design?.batches && input.design.batches.length > 0
      ? batchPhases(input.design.batches, position, n, (i) => gold[i] !== undefined)
      : undefined;
  if (batches) notes.push(...batches.notes);

  return {
    ids: input.arguments.map((argument) => argument.id),
    models,
    tests,
    cells,
    cellOf,
    modelOf,
    testOf,
    truth,
    finishReason: input.arguments.map((argument) => argument.finish_reason),
    gold,
    extractors,
    extraction,
    designStratum,
    sampled,
    ...(batches ? { batches } : {}),
    notes,
  };
}

/** The extractor's sets for argument i, or `undefined` when it has no usable output (missing or failed). */
export function usableExtraction(index: StudyIndex, extractor: string, i: number): Extraction | undefined {
  const record = index.extraction.get(extractor)?.[i];
  return record !== undefined && record.status === 'extracted' ? record : undefined;
}
