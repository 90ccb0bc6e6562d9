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
