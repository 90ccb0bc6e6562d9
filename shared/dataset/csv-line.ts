/** One CSV cell: text, a number (written with `String`), or `null` for an empty cell. */
export type CsvCell = string | number | null;

/**
 * One CSV record by RFC 4180 (section 2): cells joined by commas; a cell holding a comma, a double
 * quote, a carriage return or a line feed is enclosed in double quotes, its quotes doubled; other cells
 * are written as they are — except a text cell a spreadsheet would run as a formula. By OWASP's rule
 * against CSV injection (cheat sheet "CSV Injection"), a text that starts with `=`, `+`, `-`, `@`, a
 * tab or a carriage return gets a leading apostrophe (which Excel, LibreOffice and Google Sheets show
 * as text) and is enclosed in double quotes: `=HYPERLINK("http://x")` is written `"'=HYPERLINK(""http://x"")"`.
 * Number cells are not text and stay as they are (`-1`). gold.jsonl keeps every value unchanged. The line ends with `\n` (not the RFC's CRLF): R's `read.csv`, pandas and
 * `csv` modules read both, and a `\n` file diffs cleanly in git. Text stays UTF-16 here; the caller
 * writes UTF-8 without a byte order mark.
 *
 * Preconditions: numbers are finite (RangeError otherwise: "NaN" in a 0/1 column would read as text).
 *
 * @example csvLine(['a1', 'say "hi", then', 3, null]) // 'a1,"say ""hi"", then",3,\n'
 * @example csvLine(['@SUM(A1)', -1]) // `"'@SUM(A1)",-1\n`
 */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\n`;
}

function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`csvLine: a number cell must be finite, got ${cell}`);
    return String(cell);
  }
  if (FORMULA_START.test(cell)) return `"'${cell.replaceAll('"', '""')}"`;
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** The first characters with which a spreadsheet reads a cell as a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
