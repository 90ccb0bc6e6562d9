import type { LineError } from './lines.ts';

/** One CSV field with the 1-based line its first character (the opening quote, if quoted) is on. */
export interface CsvField {
  value: string;
  line: number;
  quoted: boolean;
}

/** One CSV record; `line` is where it starts. */
export interface CsvRow {
  line: number;
  fields: CsvField[];
}

/**
 * Reads comma-separated records as RFC 4180 describes them: a field in double quotes may hold
 * commas and line breaks, and `""` inside it stands for one `"`. Records end at CRLF, LF or a lone
 * CR; breaks inside quoted fields are kept as written, so line k of a field's value is line
 * `field.line + k` of the file.
 *
 * Lenient where Python's `csv` module (the study's writer and reader) is lenient: a quote inside an
 * unquoted field is an ordinary character, and characters after a closing quote join the field.
 * Blank lines are skipped. A quoted field that never closes is the one error: the records before
 * it are returned, with an error at the line where the quote opened.
 *
 * @example readCsv('a,"b ""c"""\n').rows[0].fields.map((f) => f.value) // ['a', 'b "c"']
 */
export function readCsv(text: string): { rows: CsvRow[]; error: LineError | null } {
  const rows: CsvRow[] = [];
  let line = 1;
  let index = 0;
  let fields: CsvField[] = [];
  let rowLine = 1;

  // Consumes one line break at `index` if there is one, counting CRLF as a single break.
  const takeBreak = (): boolean => {
    const char = text[index];
    if (char === '\r') {
      index += text[index + 1] === '\n' ? 2 : 1;
    } else if (char === '\n') {
      index += 1;
    } else {
      return false;
    }
    line += 1;
    return true;
  };

  const endRow = () => {
    const only = fields[0];
    const blank = fields.length === 1 && only !== undefined && !only.quoted && only.value === '';
    if (!blank) rows.push({ line: rowLine, fields });
    fields = [];
  };

  while (index < text.length) {
    if (fields.length === 0) rowLine = line;
    const field: CsvField = { value: '', line, quoted: text[index] === '"' };
    if (field.quoted) {
      index += 1;
      let closed = false;
      while (index < text.length) {
        const char = text[index];
        if (char === '"') {
          if (text[index + 1] === '"') {
            field.value += '"';
            index += 2;
            continue;
          }
          index += 1;
          closed = true;
          break;
        }
        const before = index;
        if (takeBreak()) {
          field.value += text.slice(before, index);
          continue;
        }
        field.value += char;
        index += 1;
      }
      if (!closed) {
        return {
          rows,
          error: {
            line: field.line,
            message: `the quoted field that opens on line ${field.line} never closes`,
          },
        };
      }
    }
    // Unquoted text, or what follows a closing quote, runs to the next comma or line break.
    while (index < text.length && text[index] !== ',' && text[index] !== '\r' && text[index] !== '\n') {
      field.value += text[index];
      index += 1;
    }
    fields.push(field);
    if (text[index] === ',') {
      index += 1;
      // A comma as the last character still leaves one more, empty, field.
      if (index >= text.length) {
        fields.push({ value: '', line, quoted: false });
        endRow();
      }
      continue;
    }
    takeBreak();
    endRow();
  }
  if (fields.length > 0) endRow();
  return { rows, error: null };
}
