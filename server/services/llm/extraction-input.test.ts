import { describe, expect, it } from 'vitest';
import { extractionInput } from './extraction-input.ts';

describe('extractionInput (the study: last ```json block, else the whole response)', () => {
  it('takes the last ```json block, trimmed', () => {
    const text = 'A\n```json\n{"first": 1}\n```\nB\n```json\n  {"second": 2}\n```\nC';
    expect(extractionInput(text, 'last-json')).toBe('{"second": 2}');
  });
  it('passes the whole response when there is no ```json block', () => {
    expect(extractionInput('Plain prose, F4.', 'last-json')).toBe('Plain prose, F4.');
  });
  it('ignores fences opened with plain ``` or ```JSON, and an unclosed ```json fence', () => {
    const plain = 'x\n```\n{"a": 1}\n```';
    expect(extractionInput(plain, 'last-json')).toBe(plain);
    const upper = 'x\n```JSON\n{"a": 1}\n```';
    expect(extractionInput(upper, 'last-json')).toBe(upper);
    const unclosed = 'x\n```json\n{"a": 1}';
    expect(extractionInput(unclosed, 'last-json')).toBe(unclosed);
  });
  it('ends each block at the next fence (lazy match), as re.findall does', () => {
    expect(extractionInput('```json A``` ```json B```', 'last-json')).toBe('B');
  });
  it('passes everything with full', () => {
    const text = 'A\n```json\n{}\n```';
    expect(extractionInput(text, 'full')).toBe(text);
  });
});
