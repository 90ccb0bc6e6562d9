import type { Triple } from '../schemas/triple.ts';
import type { Mode } from '../vocabulary.ts';
import { type CsvRow, readCsv } from './csv-records.ts';
import { type LineError, splitLines, stripByteOrderMark } from './lines.ts';
import { formatScenarioBlock, parseScenarioBlock, type ScenarioCases } from './scenario-block.ts';

export interface ParseScenarioCsvOptions {
  mode: Mode;
  /** Ids are `${idPrefix}-${n}`, n the 1-based scenario index; the caller passes e.g. the file's base name. */
  idPrefix?: string;
}

export interface ScenarioCsvResult {
  /** Each scenario that parsed, with the line where its field starts; `record` is one triples-JSONL record. */
  triples: Array<{ line: number; record: Triple }>;
  errors: LineError[];
}

/** The id prefix when the caller gives none. */
export const DEFAULT_SCENARIO_ID_PREFIX = 'scenario';

// A headerless file starts straight away with a scenario block.
const BLOCK_START = /^\s*(?:input|current)\s*(?:scenario|case)\b/i;

function isScenarioHeader(value: string): boolean {
  return value.trim().toLowerCase() === 'scenario';
}

function locateScenarioColumn(first: CsvRow): { column: number; headerless: boolean } | LineError {
  if (first.fields.length === 1 && BLOCK_START.test(first.fields[0]?.value ?? '')) {
    return { column: 0, headerless: true };
  }
  const column = first.fields.findIndex((field) => isScenarioHeader(field.value));
  if (column !== -1) return { column, headerless: false };
  const found = first.fields.map((field) => `"${field.value.trim()}"`).join(', ');
  return { line: first.line, message: `the header has no "Scenario" column (it has ${found})` };
}

/**
 * Reads the study's scenario CSV: a header line with a `Scenario` column (picked by name,
 * case-insensitively, so other columns may sit beside it), then one quoted field per scenario in
 * the block format `parseScenarioBlock` reads. A file whose first record is already a scenario
 * block (no header) is read as one Scenario column, as the study's generation script does.
 * CRLF, a byte order mark and doubled quotes are handled.
 *
 * Each scenario becomes a triples-JSONL record `{id, mode, current, tsc1, tsc2}` with id
 * `${idPrefix}-${n}`, n its 1-based position among the data rows (a broken scenario keeps its
 * number, so the ids of the others do not shift). `line` is the file line where the scenario's
 * field starts (its opening quote). Problems are errors at the file line they are on, prefixed
 * "scenario n:"; a scenario with a problem yields no triple. An empty file, a header without
 * scenarios and an unclosed quote are errors too.
 *
 * @example parseScenarioCsv('Scenario\n"Input Scenario\n\tF4\nTSC 1\noutcome Plaintiff\n\tF4\nTSC 2\noutcome Defendant\n\tF6"', { mode: 'arguable', idPrefix: 'x' }).triples[0].record
 * // { id: 'x-1', mode: 'arguable', current: { factors: ['F4'] }, tsc1: { factors: ['F4'], outcome: 'plaintiff' }, tsc2: { factors: ['F6'], outcome: 'defendant' } }
 */
export function parseScenarioCsv(text: string, options: ParseScenarioCsvOptions): ScenarioCsvResult {
  const prefix = options.idPrefix ?? DEFAULT_SCENARIO_ID_PREFIX;
  const { rows, error } = readCsv(stripByteOrderMark(text));
  const triples: ScenarioCsvResult['triples'] = [];
  const errors: LineError[] = [];
  const first = rows[0];
  if (!first) {
    errors.push(
      error ?? { line: 1, message: 'the file is empty: expected a header line with a "Scenario" column' },
    );
    return { triples, errors };
  }
  const located = locateScenarioColumn(first);
  if ('message' in located) return { triples, errors: [located, ...(error ? [error] : [])] };

  const dataRows = located.headerless ? rows : rows.slice(1);
  dataRows.forEach((row, index) => {
    const n = index + 1;
    const field = row.fields[located.column];
    if (!field) {
      errors.push({ line: row.line, message: `scenario ${n}: the row has no Scenario field` });
      return;
    }
    if (field.value.trim() === '') {
      errors.push({ line: field.line, message: `scenario ${n}: the Scenario field is empty` });
      return;
    }
    const parsed = parseScenarioBlock(field.value);
    if (parsed.ok) {
      triples.push({
        line: field.line,
        record: { id: `${prefix}-${n}`, mode: options.mode, ...parsed.cases },
      });
      return;
    }
    for (const issue of parsed.issues) {
      const line = issue.lineOffset === null ? field.line : field.line + issue.lineOffset;
      errors.push({ line, message: `scenario ${n}: ${issue.message}` });
    }
  });
  if (error) errors.push(error);
  else if (dataRows.length === 0) errors.push({ line: first.line, message: 'no scenarios after the header' });
  errors.sort((a, b) => a.line - b.line);
  return { triples, errors };
}

/**
 * Content detection: true when the first non-empty line is a CSV header with a `Scenario` column
 * (whatever the case, quoted or not), or when the text starts straight away with a scenario block ("Input
 * Scenario", possibly inside an opening quote), which `parseScenarioCsv` also reads.
 */
export function looksLikeScenarioCsv(firstChunk: string): boolean {
  const text = stripByteOrderMark(firstChunk);
  if (BLOCK_START.test(text.replace(/^\s*"/, ''))) return true;
  const headerLine = splitLines(text).find((line) => line.trim() !== '');
  if (headerLine === undefined) return false;
  const header = readCsv(headerLine).rows[0];
  return header?.fields.some((field) => isScenarioHeader(field.value)) ?? false;
}

/**
 * The mode the study's file names announce: `non_arguable_…`, `nonarguable…`, `non-arguable…` →
 * non_arguable; `reordered_…` → reordered; `arguable_…` → arguable; anything else → null. Only the
 * base name counts, case-insensitively. "non_arguable" contains "arguable", so it is tested first,
 * and "arguable" must start a word (so "unarguable" is not arguable).
 *
 * @example modeFromFileName('data/reordered_factor_3_complexity4.csv') // 'reordered'
 */
export function modeFromFileName(name: string): Mode | null {
  const base = (name.split(/[\\/]/).pop() ?? '').toLowerCase();
  if (/(?:^|[^a-z])non[\s_-]?arguable/.test(base)) return 'non_arguable';
  if (/(?:^|[^a-z])reorder/.test(base)) return 'reordered';
  if (/(?:^|[^a-z])arguable/.test(base)) return 'arguable';
  return null;
}

function quoteField(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/**
 * Writes scenarios in the study's CSV format: the header `Scenario`, then one quoted field per
 * scenario in the block format of `formatScenarioBlock`, records separated by LF, no final line
 * break (as the study's files are). Ids and modes are not written: the format has no place for them.
 * `parseScenarioCsv` with the same mode and prefix reads the triples back.
 */
export function formatScenarioCsv(triples: readonly ScenarioCases[]): string {
  return ['Scenario', ...triples.map((triple) => quoteField(formatScenarioBlock(triple)))].join('\n');
}
