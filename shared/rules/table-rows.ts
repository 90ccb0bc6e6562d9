import type { CaseId } from '../vocabulary.ts';
import type { ResolvedCue } from './case-references.ts';
import { definePatterns } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { Entry } from './segment-facts.ts';

/**
 * Markdown tables that mark factors per case: a header row of case words ("| factor | input | TSC1
 * | TSC2 |"), a separator row ("|---|---|"), then one row per factor whose cells say yes or no for
 * the case of their column ("| F7 | no | yes | no |", "| F25 | ✗ | ✗ | ✓ |"). A factor in such a
 * row belongs to the columns marked present and is negated in those marked absent (the classes
 * `table-present` and `table-absent`); a cell that says neither decides nothing. The same table
 * turned on its side (edition 3.5.0, `case.table-column`): a header row of factors ("| case | F16 |
 * F6 |") over one row per case ("| TSC2 | ✓ | ✗ |") — a factor in the header belongs to the rows
 * whose cell in its column marks it present and is negated in those marked absent.
 */
const patternsOf = definePatterns({
  PRESENT: ['^[\\s*_]*(?:{table-present})[\\s*_.!]*$', 'i'],
  ABSENT: ['^[\\s*_]*(?:{table-absent})[\\s*_.!]*$', 'i'],
});

// A delimiter cell is one hyphen or more with optional colons ("---", ":-:", "-:"), as markdown writes it.
const SEPARATOR = /^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/;

interface Line {
  start: number;
  end: number;
}

function lineAt(text: string, position: number): Line {
  const start = text.lastIndexOf('\n', position - 1) + 1;
  const newline = text.indexOf('\n', position);
  return { start, end: newline === -1 ? text.length : newline };
}

/** The cells of a table row, as spans between its pipes (the text before the first pipe is no cell). */
function cellsOf(text: string, line: Line): Line[] {
  const cells: Line[] = [];
  let open = text.indexOf('|', line.start);
  while (open !== -1 && open < line.end) {
    const close = text.indexOf('|', open + 1);
    if (close === -1 || close > line.end) break;
    cells.push({ start: open + 1, end: close });
    open = close;
  }
  return cells;
}

const isRow = (text: string, line: Line) => text.slice(line.start, line.end).trimStart().startsWith('|');

/** The header row above the table row `row` (the line before its separator), or undefined. */
function headerOf(text: string, row: Line): Line | undefined {
  let line = row;
  while (line.start > 0) {
    const above = lineAt(text, line.start - 1);
    if (!isRow(text, above)) return undefined;
    if (SEPARATOR.test(text.slice(above.start, above.end))) {
      if (above.start === 0) return undefined;
      const header = lineAt(text, above.start - 1);
      return isRow(text, header) ? header : undefined;
    }
    line = above;
  }
  return undefined;
}

/** The rows of a table under its header row `header` (after the separator), or none when no separator follows it. */
function rowsUnder(text: string, header: Line): Line[] {
  if (header.end >= text.length) return [];
  const separator = lineAt(text, header.end + 1);
  if (!SEPARATOR.test(text.slice(separator.start, separator.end))) return [];
  const rows: Line[] = [];
  let line = separator;
  while (line.end < text.length) {
    line = lineAt(text, line.end + 1);
    if (!isRow(text, line)) break;
    rows.push(line);
  }
  return rows;
}

/** What a cell's words say of the factor for `caseId`: present, absent (negated), or nothing. */
function cellEntry(
  words: string,
  caseId: CaseId,
  rule: 'case.table-row' | 'case.table-column',
  lexicon: Lexicon,
): Entry | undefined {
  const { PRESENT, ABSENT } = patternsOf(lexicon);
  if (PRESENT.test(words)) return { case: caseId, negated: false, rule };
  if (ABSENT.test(words)) return { case: caseId, negated: true, rule, negatedBy: rule };
  return undefined;
}

/** The one case a header cell names, or undefined (no case word, or several). */
function columnCase(cues: readonly ResolvedCue[], cell: Line): CaseId | undefined {
  const inside = cues.filter((cue) => cue.start >= cell.start && cue.end <= cell.end);
  const cases = new Set(inside.flatMap((cue) => cue.cases));
  if (cases.size !== 1) return undefined;
  const [only] = cases;
  return only ?? undefined;
}

/**
 * The cases of a mention at `position` in a row of a table of factors by case (`case.table-row`
 * entries, negated for a column marked absent), or undefined when it stands in no such row.
 *
 * @example '| factor | input | TSC1 |\n|---|---|---|\n| F7 | no | yes |' — F7: current negated, tsc1 asserted
 */
export function tableRowCases(
  text: string,
  cues: readonly ResolvedCue[],
  position: number,
  lexicon: Lexicon,
): Entry[] | undefined {
  const row = lineAt(text, position);
  if (!isRow(text, row)) return undefined;
  const rows = rowsUnder(text, row);
  if (rows.length > 0) return columnCases(text, cues, row, rows, position, lexicon);
  const header = headerOf(text, row);
  if (!header) return undefined;
  const cells = cellsOf(text, row);
  const columns = cellsOf(text, header).map((cell) => columnCase(cues, cell));
  const own = cells.findIndex((cell) => position >= cell.start && position < cell.end);
  // A row whose own cell is a case column lists factors per case: other rules read it.
  if (own === -1 || columns[own] !== undefined) return undefined;
  const entries: Entry[] = [];
  for (const [index, cell] of cells.entries()) {
    const caseId = columns[index];
    if (index === own || caseId === undefined) continue;
    const entry = cellEntry(text.slice(cell.start, cell.end), caseId, 'case.table-row', lexicon);
    if (entry) entries.push(entry);
  }
  return entries.length > 0 ? entries : undefined;
}

/**
 * The cases of a mention at `position` in the header row `header` of a table whose rows are cases
 * (`case.table-column` entries, negated for a row marked absent in its column), or undefined when
 * the mention's own cell names a case or no row names one.
 */
function columnCases(
  text: string,
  cues: readonly ResolvedCue[],
  header: Line,
  rows: readonly Line[],
  position: number,
  lexicon: Lexicon,
): Entry[] | undefined {
  const headerCells = cellsOf(text, header);
  const own = headerCells.findIndex((cell) => position >= cell.start && position < cell.end);
  const ownCell = headerCells[own];
  if (!ownCell || columnCase(cues, ownCell) !== undefined) return undefined;
  const entries: Entry[] = [];
  for (const row of rows) {
    const cells = cellsOf(text, row);
    const caseId = cells
      .filter((_, index) => index !== own)
      .map((cell) => columnCase(cues, cell))
      .find((named) => named !== undefined);
    const cell = cells[own];
    if (caseId === undefined || !cell) continue;
    const entry = cellEntry(text.slice(cell.start, cell.end), caseId, 'case.table-column', lexicon);
    if (entry) entries.push(entry);
  }
  return entries.length > 0 ? entries : undefined;
}
