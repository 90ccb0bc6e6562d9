import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { UPLOAD_KINDS } from '../../../../shared/console-api.ts';
import { locateArrayElements } from '../../../../shared/json-locate.ts';
import {
  looksLikePaperLog,
  modeFromFileName,
  parsePaperLog,
  parseScenarioCsv,
} from '../../../../shared/parse/index.ts';
import { annotationSchema, goldSchema } from '../../../../shared/schemas/annotation.ts';
import { argumentSchema } from '../../../../shared/schemas/argument.ts';
import { extractionSchema } from '../../../../shared/schemas/extraction.ts';
import { reportedResultsSchema, reportedValueSchema } from '../../../../shared/schemas/reported.ts';
import { tripleSchema } from '../../../../shared/schemas/triple.ts';
import { readJson } from '../../../../shared/text/strict-json.ts';
import { invalidUtf8Message } from '../../../../shared/text/utf8-check.ts';
import type { Mode, TestNumber } from '../../../../shared/vocabulary.ts';
import { describeIssues, formatIssuePath } from '../../../../shared/zod-issues.ts';
import { errors, type RecordProblem } from '../../../errors.ts';
import { applyArgument, applyReportedValue, applyTriple } from './apply-records.ts';
import { applyAnnotation, applyExtraction, applyGold } from './pending-records.ts';
import { readWhole, type SourceFile, streamLines } from './read-source.ts';
import type { ApplyContext } from './reconcile.ts';

/** The kinds of file `import` reads: the ones an admin may upload, one list for both. */
export const IMPORT_KINDS = UPLOAD_KINDS;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A validated record, ready to be written by its kind's rule. */
export interface ParsedRecord {
  line: number;
  apply: (context: ApplyContext) => Promise<void>;
}

export interface ParseOptions {
  mode?: Mode;
  model?: string;
  test?: TestNumber;
  extractor?: string;
  onBytes?: (bytesRead: number) => void;
}

export interface ParsedSource {
  sha256: string;
  records: ParsedRecord[];
  problems: RecordProblem[];
}

const JSONL_KINDS = {
  triples: { schema: tripleSchema, apply: applyTriple },
  arguments: { schema: argumentSchema, apply: applyArgument },
  extractions: { schema: extractionSchema, apply: applyExtraction },
  annotations: { schema: annotationSchema, apply: applyAnnotation },
  gold: { schema: goldSchema, apply: applyGold },
} as const;

export type JsonlKind = keyof typeof JSONL_KINDS;

/** How a message names a file of each kind. */
const KIND_NOUNS: Record<ImportKind, string> = {
  triples: 'a triples file',
  arguments: 'an arguments file',
  extractions: 'an extractions file',
  annotations: 'an annotations file',
  gold: 'a gold file',
  reported: 'a file of reported figures',
  'paper-log': "the pipeline's response log (paper-log)",
};

/** The JSONL kinds (other than `kind`) whose schema accepts `value`: what a file of it may really be. */
function otherKindsOf(kind: ImportKind, value: unknown): JsonlKind[] {
  return (Object.keys(JSONL_KINDS) as JsonlKind[]).filter(
    (other) => other !== kind && JSONL_KINDS[other].schema.safeParse(value).success,
  );
}

/** The refusal of a file imported as the wrong kind: one sentence instead of every record's schema errors. */
function wrongKind(source: SourceFile, kind: ImportKind, actual: ImportKind, evidence: string) {
  return errors.validation(
    `${source.displayName} looks like ${KIND_NOUNS[actual]} (${evidence}), not ${KIND_NOUNS[kind]}; import it as ${actual} instead (npm run -s cli -- import ${actual} FILE, or choose the kind "${actual}" on the Data screen). Nothing was imported.`,
  );
}

function issuesText(error: z.ZodError): string {
  return describeIssues(error).join('; ');
}

const FORMAT_NAMES = {
  jsonl: 'JSONL',
  json: 'a JSON document',
  'scenario-csv': "the study's scenario CSV",
  unknown: 'an unknown format',
};

/** Reads and validates every record of a file; writes nothing. */
export async function parseSource(
  kind: ImportKind,
  source: SourceFile,
  options: ParseOptions,
): Promise<ParsedSource> {
  if (kind === 'triples' && source.format === 'scenario-csv') return parseScenarioSource(source, options);
  if (kind === 'paper-log' && source.format === 'json') return parsePaperLogSource(source, options);
  if (kind === 'reported' && (source.format === 'json' || source.format === 'jsonl'))
    return parseReportedSource(source);
  if (kind !== 'paper-log' && kind !== 'reported' && source.format === 'jsonl')
    return parseJsonlSource(kind, source, options);
  const guessed = await guessKindOfDocument(source);
  if (guessed !== undefined && guessed.kind !== kind)
    throw wrongKind(source, kind, guessed.kind, guessed.evidence);
  const expected =
    kind === 'paper-log'
      ? "the pipeline's response log (a JSON array)"
      : kind === 'reported'
        ? 'a JSON document {"source", "values": [...]}'
        : kind === 'triples'
          ? "JSONL or the study's scenario CSV"
          : 'JSONL (one JSON object per line)';
  throw errors.validation(
    `${source.displayName} looks like ${FORMAT_NAMES[source.format]}, but import ${kind} reads ${expected}.`,
  );
}

/** The kind a file that is not JSONL seems to be, by its format and first bytes. */
async function guessKindOfDocument(
  source: SourceFile,
): Promise<{ kind: ImportKind; evidence: string } | undefined> {
  if (source.format === 'scenario-csv')
    return { kind: 'triples', evidence: "it is the study's scenario CSV" };
  if (source.format !== 'json') return undefined;
  const { text } = await readWhole(source);
  if (looksLikePaperLog(text.slice(0, 4096)))
    return { kind: 'paper-log', evidence: 'a JSON array of records with "scenario" and "distilled_factors"' };
  const reading = readJson(text);
  if (reading.ok && reportedResultsSchema.safeParse(reading.value).success)
    return { kind: 'reported', evidence: 'a JSON document {"source", "values": [...]}' };
  return undefined;
}

/** Validates one JSONL value of a kind and queues its write, or records why it is bad. */
function acceptJsonlValue(
  kind: JsonlKind,
  line: number,
  value: unknown,
  parsed: Omit<ParsedSource, 'sha256'>,
): void {
  const { schema, apply } = JSONL_KINDS[kind];
  const result = schema.safeParse(value);
  if (!result.success) parsed.problems.push({ line, message: issuesText(result.error) });
  // The cast joins each schema's output to its own applier: JSONL_KINDS pairs them by construction.
  else
    parsed.records.push({
      line,
      apply: (context) =>
        (apply as (c: ApplyContext, l: number, r: unknown) => Promise<void>)(context, line, result.data),
    });
}

async function parseJsonlSource(
  kind: JsonlKind,
  source: SourceFile,
  options: ParseOptions,
): Promise<ParsedSource> {
  const parsed: Omit<ParsedSource, 'sha256'> = { records: [], problems: [] };
  let first: { line: number; value: unknown } | undefined;
  const sha256 = await streamLines(source, {
    line: (line, text) => {
      if (text.trim() === '') return;
      const reading = readJson(text);
      if (!reading.ok) {
        parsed.problems.push({ line, message: reading.message });
        return;
      }
      first ??= { line, value: reading.value };
      acceptJsonlValue(kind, line, reading.value, parsed);
    },
    invalidUtf8: (line, byte) => parsed.problems.push({ line, message: invalidUtf8Message(byte) }),
    bytes: options.onBytes,
  });
  // Not one record of the kind asked for, and the first is a record of another kind: the wrong kind.
  if (parsed.records.length === 0 && first !== undefined) {
    const [other] = otherKindsOf(kind, first.value);
    if (other !== undefined)
      throw wrongKind(source, kind, other, `its first record, on line ${first.line}, is one`);
  }
  return { sha256, ...parsed };
}

/**
 * Validates records made in memory (by a generator, the demo, an extractor run, a Label Studio task)
 * exactly as if they had been read from a JSONL file; "line" n is the n-th record unless `lines`
 * gives each record's own (the line of the task it came from). The hash is that of the JSONL text.
 */
export function parseValues(
  kind: JsonlKind,
  values: readonly unknown[],
  lines?: readonly number[],
): ParsedSource {
  const parsed: Omit<ParsedSource, 'sha256'> = { records: [], problems: [] };
  const hash = createHash('sha256');
  values.forEach((value, index) => {
    hash.update(`${JSON.stringify(value)}\n`);
    acceptJsonlValue(kind, lines?.[index] ?? index + 1, value, parsed);
  });
  return { sha256: hash.digest('hex'), ...parsed };
}

async function parseScenarioSource(source: SourceFile, options: ParseOptions): Promise<ParsedSource> {
  const { text, sha256 } = await readWhole(source);
  options.onBytes?.(source.size);
  const mode = options.mode ?? modeFromFileName(source.name);
  if (!mode)
    throw errors.validation(
      `${source.displayName}: the file name does not say the mode; pass --mode arguable|reordered|non_arguable (on the Data screen: choose the mode).`,
    );
  const parsed = parseScenarioCsv(text, { mode, idPrefix: source.name.replace(/\.[^.]+$/, '') });
  const problems: RecordProblem[] = [...parsed.errors];
  const records: ParsedRecord[] = [];
  for (const { line, record } of parsed.triples) {
    const result = tripleSchema.safeParse(record);
    if (!result.success) problems.push({ line, message: issuesText(result.error) });
    else records.push({ line, apply: async (context) => await applyTriple(context, line, result.data) });
  }
  return { sha256, records, problems };
}

async function parsePaperLogSource(source: SourceFile, options: ParseOptions): Promise<ParsedSource> {
  if (!options.model || !options.test)
    throw errors.validation(
      `${source.displayName}: a paper log does not name its model and test; pass --model NAME and --test 1|2|3 (on the Data screen: fill in Model and Test).`,
    );
  const { text, sha256 } = await readWhole(source);
  options.onBytes?.(source.size);
  const { model, test } = options;
  const parsed = parsePaperLog(text, {
    model,
    test,
    extractor: options.extractor ?? 'gpt-4.1',
    idPrefix: `${model}-test${test}`,
  });
  const problems: RecordProblem[] = [...parsed.errors];
  const records: ParsedRecord[] = [];
  for (const entry of parsed.records) {
    const triple = tripleSchema.safeParse(entry.triple);
    const argument = argumentSchema.safeParse(entry.argument);
    const extraction = extractionSchema.safeParse(entry.extraction);
    const failures = [
      ['scenario', triple],
      ['argument', argument],
      ['distilled_factors', extraction],
    ] as const;
    let valid = true;
    for (const [field, result] of failures) {
      if (!result.success) {
        valid = false;
        problems.push({ line: entry.line, message: `${field}: ${issuesText(result.error)}` });
      }
    }
    if (valid && triple.success && argument.success && extraction.success) {
      records.push({
        line: entry.line,
        apply: async (context) => {
          await applyTriple(context, entry.line, triple.data);
          await applyArgument(context, entry.line, argument.data);
          await applyExtraction(context, entry.line, extraction.data);
        },
      });
    }
  }
  return { sha256, records, problems };
}

/**
 * The figures of a reported file that failed its schema which are sound on their own (no issue names
 * them, and the file names its source), so their conflicts with stored figures are found in the same pass.
 */
function soundReportedValues(value: unknown, error: z.ZodError, lines: readonly number[]): ParsedRecord[] {
  if (typeof value !== 'object' || value === null || !('source' in value) || !('values' in value)) return [];
  const { source, values } = value;
  if (typeof source !== 'string' || source.trim() === '' || !Array.isArray(values)) return [];
  const named = new Set(
    error.issues.map((issue) => (issue.path[0] === 'values' ? issue.path[1] : undefined)),
  );
  return values.flatMap((entry: unknown, index) => {
    const parsed = reportedValueSchema.safeParse(entry);
    if (named.has(index) || !parsed.success) return [];
    const line = lines[index] ?? 1;
    return [
      {
        line,
        apply: async (context: ApplyContext) =>
          await applyReportedValue(context, line, source.trim(), parsed.data),
      },
    ];
  });
}

async function parseReportedSource(source: SourceFile): Promise<ParsedSource> {
  const { text, sha256 } = await readWhole(source);
  const reading = readJson(text);
  if (!reading.ok) return { sha256, records: [], problems: [{ line: 1, message: reading.message }] };
  const result = reportedResultsSchema.safeParse(reading.value);
  const lines = locateArrayElements(text, 'values');
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const index =
        issue.path[0] === 'values' && typeof issue.path[1] === 'number' ? issue.path[1] : undefined;
      const path = formatIssuePath(issue.path);
      return {
        line: (index !== undefined ? lines[index] : undefined) ?? 1,
        message: path ? `${path}: ${issue.message}` : issue.message,
      };
    });
    return { sha256, records: soundReportedValues(reading.value, result.error, lines), problems };
  }
  const report = result.data;
  const records = report.values.map((entry, index) => {
    const line = lines[index] ?? 1;
    return {
      line,
      apply: async (context: ApplyContext) => await applyReportedValue(context, line, report.source, entry),
    };
  });
  return { sha256, records, problems: [] };
}
