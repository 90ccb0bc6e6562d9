import { describe, expect, it } from 'vitest';
import { sniffFormat } from './read-source.ts';

describe('sniffFormat', () => {
  it('tells JSONL from a multi-line JSON document by the first line', () => {
    expect(sniffFormat('{"id": "t1"}\n{"id": "t2"}\n')).toBe('jsonl');
    expect(sniffFormat('{\n  "source": "Table 2",\n  "values": []\n}')).toBe('json');
  });
  it('reads a leading [ as a JSON array (the paper log)', () => {
    expect(sniffFormat('\uFEFF  [\n {"timestamp": 1}')).toBe('json');
  });
  it("recognises the study's scenario CSV by its Scenario column", () => {
    expect(sniffFormat('Scenario\n"\nInput Scenario \n\tF4 Agreed-not-to-disclose (P)\n"')).toBe(
      'scenario-csv',
    );
  });
  it('calls anything else unknown', () => {
    expect(sniffFormat('id,text\n1,hello')).toBe('unknown');
  });
});

describe('sniffFormat on JSONL whose first record is long or broken', () => {
  it('reads a first line longer than 64 kB whole: a complete record is JSONL', () => {
    const long = JSON.stringify({ id: 'a1', text: 'x'.repeat(200_000) });
    expect(sniffFormat(`${long}\n{"id": "a2"}\n`)).toBe('jsonl');
  });
  it('calls a broken first record JSONL when the next line is a record, so every bad line is reported', () => {
    expect(sniffFormat('{"id": "t1", oops}\n{"id": "t2"}\n')).toBe('jsonl');
    expect(sniffFormat('{"id": "t1", "text": "cut short\n{"id": "t2"}\n')).toBe('jsonl');
    expect(sniffFormat('{"id": "t1", "text": broken}\nnot json either\n')).toBe('jsonl');
  });
  it('still calls a first line that opens a value continued below a JSON document', () => {
    expect(sniffFormat('{ "source": "Table 2", "values": [\n  {"model": "m", "test": 1},\n')).toBe('json');
    expect(sniffFormat('{\n  "source": "Table 2"\n}\n')).toBe('json');
  });
});
