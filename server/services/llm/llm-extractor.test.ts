import { describe, expect, it } from 'vitest';
import { FormatLadder } from './chat-client.ts';
import { readExtractionAnswer } from './llm-extractor.ts';

describe('readExtractionAnswer', () => {
  const complete = '{"Input Case": ["F4"], "TSC1": [], "TSC2": ["F10"]}';
  it('reads a complete answer', () => {
    expect(readExtractionAnswer(complete, 'stop')).toEqual({
      ok: true,
      current: ['F4'],
      tsc1: [],
      tsc2: ['F10'],
    });
  });
  it('fails an unreadable answer, never returning empty lists', () => {
    expect(readExtractionAnswer('I cannot help with that.', 'stop')).toEqual({
      ok: false,
      error: 'unreadable extraction: the answer holds no JSON-like object.',
    });
  });
  it('fails a truncated answer', () => {
    const reading = readExtractionAnswer('{"Input Case": ["F4"], "TSC1": ["F', 'length');
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.error).toMatch(/^truncated extraction \(finish_reason "length"\): /);
  });
  it('keeps a "length" answer whose object is complete and ends the answer (also in a closed fence)', () => {
    expect(readExtractionAnswer(complete, 'length').ok).toBe(true);
    expect(readExtractionAnswer(`\`\`\`json\n${complete}\n\`\`\``, 'length').ok).toBe(true);
  });
  it('fails a "length" answer that goes on after a complete object (a second object may have been cut)', () => {
    expect(
      readExtractionAnswer(`${complete}\nOn reflection, the corrected list is {"Input`, 'length'),
    ).toEqual({
      ok: false,
      error: 'truncated extraction (finish_reason "length"): the answer goes on after the object',
    });
  });
});

describe('FormatLadder', () => {
  it('steps down json_schema → json_object → text, and settles only downwards', () => {
    expect(FormatLadder.below('json_schema')).toBe('json_object');
    expect(FormatLadder.below('json_object')).toBe('text');
    expect(FormatLadder.below('text')).toBeNull();
    const ladder = new FormatLadder('json_schema');
    ladder.settle('json_object');
    ladder.settle('json_schema');
    expect(ladder.current()).toBe('json_object');
  });
});
