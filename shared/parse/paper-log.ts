import type { Argument } from '../schemas/argument.ts';
import type { ExtractionStatus } from '../schemas/extraction.ts';
import type { Triple } from '../schemas/triple.ts';
import { readJson } from '../text/strict-json.ts';
import { MODE_OF_TEST, type Mode, type TestNumber } from '../vocabulary.ts';
import { parseDistilledFactors } from './distilled-factors.ts';
import { type ElementSpan, jsonArrayElementSpans } from './json-array.ts';
import { type LineError, lineLocator, stripByteOrderMark } from './lines.ts';
import { parseScenarioBlock, type ScenarioCases } from './scenario-block.ts';
import { fnv1a64 } from './stable-hash.ts';

export interface ParsePaperLogOptions {
  /** The model that wrote the arguments (one log per model and test). */
  model: string;
  test: TestNumber;
  /** The extractor that wrote `distilled_factors` (GPT-4.1 in the study). */
  extractor: string;
  /** Argument ids are `${idPrefix}-${index}`; unique per log, e.g. "gpt-4o-test1". */
  idPrefix: string;
}

/** One extractions-JSONL record as the log gives it: factor references as written, `raw` always kept. */
export interface PaperExtraction {
  argument_id: string;
  extractor: string;
  current: string[];
  tsc1: string[];
  tsc2: string[];
  raw: string;
  status: ExtractionStatus;
  error?: string;
}

export interface PaperLogRecord {
  /** 1-based position in the log's array. */
  index: number;
  /** The file line where the array element starts. */
  line: number;
  triple: Triple;
  argument: Argument;
  extraction: PaperExtraction;
}

export interface PaperLogResult {
  records: PaperLogRecord[];
  errors: LineError[];
}

/**
 * A triple's id from its content: `${mode}-${h}`, h the FNV-1a 64 hash (`fnv1a64`) of the mode and
 * the catalogue-ordered factor sets and outcomes. The same scenario therefore gets the same id
 * wherever it appears — repeated within one log, or in the logs of the other models for the same
 * test — and a different scenario a different one (collisions ~2^-64 per pair).
 *
 * @example tripleContentId('arguable', cases) // 'arguable-' then 16 hex digits
 */
export function tripleContentId(mode: Mode, cases: ScenarioCases): string {
  const canonical = JSON.stringify([
    mode,
    cases.current.factors,
    cases.tsc1.outcome,
    cases.tsc1.factors,
    cases.tsc2.outcome,
    cases.tsc2.factors,
  ]);
  return `${mode}-${fnv1a64(canonical)}`;
}

/** The elements of the array the whole log is, each to be parsed on its own (`jsonArrayElementSpans`). */
function arrayElements(text: string): {
  spans: ElementSpan[];
  error: { at: number; message: string } | null;
} {
  const open = text.search(/\S/);
  if (open === -1) return { spans: [], error: { at: 0, message: 'the file is empty' } };
  if (text[open] !== '[')
    return {
      spans: [],
      error: {
        at: open,
        message: 'a paper log is a JSON array of records, but the file does not start with "["',
      },
    };
  const { spans, end, error } = jsonArrayElementSpans(text, open);
  if (error || end === null) return { spans, error };
  const rest = text.slice(end + 1).search(/\S/);
  if (rest !== -1)
    return { spans, error: { at: end + 1 + rest, message: 'text after the array\'s closing "]"' } };
  return { spans, error: null };
}

function isRecordObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads one of the study pipeline's response logs: a JSON array (pretty-printed by Python's
 * `json.dump(indent=2)`, or on one line) of `{timestamp, scenario, argument, distilled_factors}`,
 * one file per model and test. Each element yields three records in the JSONL shapes of the
 * design: the triple (from `scenario`, read by `parseScenarioBlock`, mode from the test, id from
 * `tripleContentId`, so identical scenarios share it), the argument (`${idPrefix}-${index}`, the
 * model's text as logged) and the extraction (`distilled_factors` read by `parseDistilledFactors`;
 * one that cannot be read is `failed` with empty lists and its error, never an empty extraction,
 * and `raw` is always kept — a non-string `distilled_factors` is kept as its JSON).
 *
 * Elements are parsed one by one, so a broken element (invalid JSON, a lone surrogate escape, not an object, no scenario or
 * argument text, a scenario that does not read) is an error at the line where it starts and the
 * others still come through; a truncated file yields the records before the cut. `timestamp` is
 * not kept: the JSONL shapes have no place for it.
 */
export function parsePaperLog(text: string, options: ParsePaperLogOptions): PaperLogResult {
  const source = stripByteOrderMark(text);
  const lineOf = lineLocator(source);
  const mode = MODE_OF_TEST[options.test];
  const records: PaperLogRecord[] = [];
  const errors: LineError[] = [];
  const { spans, error } = arrayElements(source);

  spans.forEach((span, position) => {
    const index = position + 1;
    const line = lineOf(span.start).line;
    const fail = (message: string) => errors.push({ line, message: `record ${index}: ${message}` });
    const reading = readJson(source.slice(span.start, span.end));
    if (!reading.ok) {
      fail(reading.message);
      return;
    }
    const element = reading.value;
    if (!isRecordObject(element)) {
      fail('not an object with scenario, argument and distilled_factors');
      return;
    }
    const { scenario, argument, distilled_factors: distilled } = element;
    if (typeof scenario !== 'string') {
      fail('no "scenario" text');
      return;
    }
    if (typeof argument !== 'string') {
      fail('no "argument" text');
      return;
    }
    const parsedScenario = parseScenarioBlock(scenario);
    if (!parsedScenario.ok) {
      for (const issue of parsedScenario.issues) {
        fail(`scenario${issue.lineOffset === null ? '' : ` line ${issue.lineOffset + 1}`}: ${issue.message}`);
      }
      return;
    }
    const triple: Triple = { id: tripleContentId(mode, parsedScenario.cases), mode, ...parsedScenario.cases };
    const argumentRecord: Argument = {
      id: `${options.idPrefix}-${index}`,
      triple_id: triple.id,
      model: options.model,
      test: options.test,
      text: argument,
    };
    const raw =
      typeof distilled === 'string'
        ? distilled
        : distilled === undefined || distilled === null
          ? ''
          : JSON.stringify(distilled);
    const distillation =
      distilled === undefined || distilled === null
        ? ({ status: 'failed', error: 'the record has no distilled_factors text.' } as const)
        : parseDistilledFactors(raw);
    const base = { argument_id: argumentRecord.id, extractor: options.extractor };
    const extraction: PaperExtraction =
      distillation.status === 'extracted'
        ? {
            ...base,
            current: distillation.current,
            tsc1: distillation.tsc1,
            tsc2: distillation.tsc2,
            raw,
            status: 'extracted',
          }
        : { ...base, current: [], tsc1: [], tsc2: [], raw, status: 'failed', error: distillation.error };
    records.push({ index, line, triple, argument: argumentRecord, extraction });
  });

  if (error) errors.push({ line: lineOf(error.at).line, message: error.message });
  return { records, errors };
}

/**
 * Content detection: the text starts (after spaces and a byte order mark) with `[` then `{`, and a
 * `"scenario"` or `"distilled_factors"` key follows — the pipeline writes `timestamp` then
 * `scenario` first, so a chunk of a few hundred characters suffices.
 */
export function looksLikePaperLog(firstChunk: string): boolean {
  const text = stripByteOrderMark(firstChunk).trimStart();
  if (!/^\[\s*\{/.test(text)) return false;
  return /"(?:scenario|distilled_factors)"\s*:/.test(text);
}
