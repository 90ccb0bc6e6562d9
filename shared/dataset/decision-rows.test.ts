import { describe, expect, it } from 'vitest';
import { buildDatasetRecords } from './build-records.ts';
import { decisionColumns, decisionsCsv } from './decision-rows.ts';
import { smallSource } from './test-fixtures.ts';

const records = () => buildDatasetRecords(smallSource(), { names: false });

describe('decisionColumns', () => {
  it('has one column per annotator position and per extractor', () => {
    expect(decisionColumns(records()).map((column) => column.name)).toEqual([
      'argument_id',
      'model',
      'test',
      'stratum',
      'weight',
      'case',
      'factor',
      'ground_truth',
      'annotator_A',
      'annotator_B',
      'gold',
      'extractor_x',
      'extractor_y',
    ]);
  });
});

describe('decisionsCsv', () => {
  const lines = () => decisionsCsv(records()).split('\n');

  it('writes a header and 26 × 3 rows per argument, ending in a newline', () => {
    const csv = decisionsCsv(records());
    expect(csv.endsWith('\n')).toBe(true);
    expect(lines()).toHaveLength(1 + 2 * 78 + 1);
  });

  it('writes each source as 0/1 and leaves missing sources empty', () => {
    const rows = lines();
    // a1, current, F1: truth 1, A (bob) 1, B (alice) 1, gold 1, x 1, y failed.
    expect(rows[1]).toBe('a1,m1,1,,,current,F1,1,1,1,1,1,');
    // a1, current, F5: only x asserts it.
    expect(rows[5]).toBe('a1,m1,1,,,current,F5,0,0,0,0,1,');
    // a2: one annotator, no gold, no extraction; sampled with weight 4; its stratum holds "|" but no comma.
    expect(rows[79]).toBe('a2,m1,1,model=m1|test=1,4,current,F1,1,0,,,,');
  });

  it('gives the header alone for no records', () => {
    expect(decisionsCsv([]).split('\n')).toHaveLength(2);
  });
});
