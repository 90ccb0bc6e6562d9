import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { locateArrayElements } from '../../../shared/json-locate.ts';
import { modeFromFileName, parsePaperLog, parseScenarioCsv } from '../../../shared/parse/index.ts';
import { annotationSchema, goldSchema } from '../../../shared/schemas/annotation.ts';
import { argumentSchema } from '../../../shared/schemas/argument.ts';
import { extractionSchema } from '../../../shared/schemas/extraction.ts';
import { reportedResultsSchema } from '../../../shared/schemas/reported.ts';
import { tripleSchema } from '../../../shared/schemas/triple.ts';
import type { Mode, TestNumber } from '../../../shared/vocabulary.ts';
import { describeIssues, formatIssuePath } from '../../../shared/zod-issues.ts';
import { errors, type RecordProblem } from '../../errors.ts';
import {
  applyAnnotation,
  applyArgument,
  applyExtraction,
  applyGold,
  applyReportedValue,
  applyTriple,
} from './apply-records.ts';
import { readWhole, type SourceFile, streamLines } from './read-source.ts';
import type { ApplyContext } from './reconcile.ts';

export const IMPORT_KINDS = [
  'triples',
  'arguments',
  'extractions',
  'annotations',
  'gold',
  'reported',
  'paper-log',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A validated record, ready to be written by its kind's rule. */
export interface ParsedRecord {
  line: number;
  apply: (context: ApplyContext) => void;
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
  const expected =
    kind === 'paper-log'
      ? "the pipeline's response log (a JSON array)"
      : kind === 'reported'
        ? 'a JSON document {"source", "values": [...]}'
        : kind === 'triples'
          ? "JSONL or the study's scenario CSV"
          : 'JSONL (one JSON object per line)';
  throw errors.validation(
    `${source.name} looks like ${FORMAT_NAMES[source.format]}, but import ${kind} reads ${expected}.`,
  );
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
        (apply as (c: ApplyContext, l: number, r: unknown) => void)(context, line, result.data),
    });
}

async function parseJsonlSource(
  kind: JsonlKind,
  source: SourceFile,
  options: ParseOptions,
): Promise<ParsedSource> {
  const parsed: Omit<ParsedSource, 'sha256'> = { records: [], problems: [] };
  const sha256 = await streamLines(
    source,
    (line, text) => {
      if (text.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        parsed.problems.push({
          line,
          message: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
        });
        return;
      }
      acceptJsonlValue(kind, line, value, parsed);
    },
    options.onBytes,
  );
  return { sha256, ...parsed };
}

/**
 * Validates records made in memory (by a generator, the demo, an extractor run) exactly as if they
 * had been read from a JSONL file; "line" n is the n-th record. The hash is that of the JSONL text.
 */
export function parseValues(kind: JsonlKind, values: readonly unknown[]): ParsedSource {
  const parsed: Omit<ParsedSource, 'sha256'> = { records: [], problems: [] };
  const hash = createHash('sha256');
  values.forEach((value, index) => {
    hash.update(`${JSON.stringify(value)}\n`);
    acceptJsonlValue(kind, index + 1, value, parsed);
  });
  return { sha256: hash.digest('hex'), ...parsed };
}

async function parseScenarioSource(source: SourceFile, options: ParseOptions): Promise<ParsedSource> {
  const { text, sha256 } = await readWhole(source);
  options.onBytes?.(source.size);
  const mode = options.mode ?? modeFromFileName(source.name);
  if (!mode)
    throw errors.validation(
      `${source.name}: the file name does not say the mode; pass --mode arguable|reordered|non_arguable.`,
    );
  const parsed = parseScenarioCsv(text, { mode, idPrefix: source.name.replace(/\.[^.]+$/, '') });
  const problems: RecordProblem[] = [...parsed.errors];
  const records: ParsedRecord[] = [];
  for (const { line, record } of parsed.triples) {
    const result = tripleSchema.safeParse(record);
    if (!result.success) problems.push({ line, message: issuesText(result.error) });
    else records.push({ line, apply: (context) => applyTriple(context, line, result.data) });
  }
  return { sha256, records, problems };
}

async function parsePaperLogSource(source: SourceFile, options: ParseOptions): Promise<ParsedSource> {
  if (!options.model || !options.test)
    throw errors.validation(
      `${source.name}: a paper log does not name its model and test; pass --model NAME and --test 1|2|3.`,
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
        apply: (context) => {
          applyTriple(context, entry.line, triple.data);
          applyArgument(context, entry.line, argument.data);
          applyExtraction(context, entry.line, extraction.data);
        },
      });
    }
  }
  return { sha256, records, problems };
}

async function parseReportedSource(source: SourceFile): Promise<ParsedSource> {
  const { text, sha256 } = await readWhole(source);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      sha256,
      records: [],
      problems: [
        { line: 1, message: `not valid JSON (${error instanceof Error ? error.message : String(error)})` },
      ],
    };
  }
  const result = reportedResultsSchema.safeParse(value);
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
    return { sha256, records: [], problems };
  }
  const report = result.data;
  const records = report.values.map((entry, index) => {
    const line = lines[index] ?? 1;
    return {
      line,
      apply: (context: ApplyContext) => applyReportedValue(context, line, report.source, entry),
    };
  });
  return { sha256, records, problems: [] };
}
