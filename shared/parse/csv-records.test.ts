import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-records.ts';

function values(text: string): string[][] {
  return readCsv(text).rows.map((row) => row.fields.map((field) => field.value));
}

describe('readCsv', () => {
  it('undoubles quotes and keeps commas and line breaks inside quoted fields', () => {
    expect(values('a,"b ""c"", d\ne"\n')).toEqual([['a', 'b "c", d\ne']]);
  });

  it('keeps CRLF inside a field and counts it as one line', () => {
    const { rows } = readCsv('h\r\n"x\r\ny"\r\nz');
    expect(rows.map((row) => [row.line, row.fields[0]?.value])).toEqual([
      [1, 'h'],
      [2, 'x\r\ny'],
      [4, 'z'],
    ]);
  });

  it('counts a lone CR as a line break', () => {
    expect(readCsv('a\rb').rows.map((row) => row.line)).toEqual([1, 2]);
  });

  it('gives each field the line of its first character', () => {
    const { rows } = readCsv('id,text\n1,"two\nlines",x\n');
    expect(rows[1]?.fields.map((field) => [field.value, field.line, field.quoted])).toEqual([
      ['1', 2, false],
      ['two\nlines', 2, true],
      ['x', 3, false],
    ]);
  });

  it('keeps empty fields, a trailing comma included', () => {
    expect(values('a,,b,\nc,')).toEqual([
      ['a', '', 'b', ''],
      ['c', ''],
    ]);
  });

  it('skips blank lines', () => {
    expect(values('\na\n\n\nb\n\n')).toEqual([['a'], ['b']]);
  });

  it('treats a quote inside an unquoted field as a character, like Python’s csv', () => {
    expect(values('ab"c,d')).toEqual([['ab"c', 'd']]);
  });

  it('appends what follows a closing quote to the field, like Python’s csv', () => {
    expect(values('"a"b,"c" \n')).toEqual([['ab', 'c ']]);
  });

  it('reports a quote that never closes at its line, with the rows before it', () => {
    expect(readCsv('h\nx\n"y\nz')).toEqual({
      rows: [
        { line: 1, fields: [{ value: 'h', line: 1, quoted: false }] },
        { line: 2, fields: [{ value: 'x', line: 2, quoted: false }] },
      ],
      error: { line: 3, message: 'the quoted field that opens on line 3 never closes' },
    });
  });
});
