import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenarioCsv } from '../parse/scenario-csv.ts';
import { type Triple, tripleSchema } from '../schemas/triple.ts';
import type { Mode } from '../vocabulary.ts';
import { triplesToJsonl, triplesToScenarioCsv } from './format.ts';
import { generateTriples } from './triples.ts';

const TRIPLE: Triple = {
  id: 'a-1',
  mode: 'arguable',
  current: { factors: ['F4', 'F10'] },
  tsc1: { factors: ['F4', 'F15'], outcome: 'plaintiff' },
  tsc2: { factors: ['F10'], outcome: 'defendant' },
};

const generatedArb = fc
  .record({
    mode: fc.constantFrom<Mode>('arguable', 'reordered', 'non_arguable'),
    count: fc.integer({ min: 0, max: 8 }),
    complexity: fc.integer({ min: 1, max: 25 }),
    seed: fc.integer(),
  })
  .map((options) => ({ mode: options.mode, triples: generateTriples(options).triples }));

describe('triplesToJsonl', () => {
  it('writes one JSON object per line with a trailing line break', () => {
    expect(triplesToJsonl([TRIPLE, { ...TRIPLE, id: 'a-2' }])).toBe(
      '{"id":"a-1","mode":"arguable","current":{"factors":["F4","F10"]},"tsc1":{"factors":["F4","F15"],"outcome":"plaintiff"},"tsc2":{"factors":["F10"],"outcome":"defendant"}}\n' +
        '{"id":"a-2","mode":"arguable","current":{"factors":["F4","F10"]},"tsc1":{"factors":["F4","F15"],"outcome":"plaintiff"},"tsc2":{"factors":["F10"],"outcome":"defendant"}}\n',
    );
  });

  it('writes the keys in the order id, mode, current, tsc1, tsc2 (factors, outcome) whatever the input order', () => {
    const shuffled: Triple = {
      tsc2: { outcome: 'defendant', factors: ['F10'] },
      tsc1: { outcome: 'plaintiff', factors: ['F4', 'F15'] },
      current: { factors: ['F4', 'F10'] },
      mode: 'arguable',
      id: 'a-1',
    };
    expect(triplesToJsonl([shuffled])).toBe(triplesToJsonl([TRIPLE]));
  });

  it('gives the empty string for no triples', () => {
    expect(triplesToJsonl([])).toBe('');
  });

  it('round-trips generated triples through tripleSchema line by line', () => {
    fc.assert(
      fc.property(generatedArb, ({ triples }) => {
        const lines = triplesToJsonl(triples).split('\n');
        expect(lines.pop()).toBe('');
        expect(lines.map((line) => tripleSchema.parse(JSON.parse(line)))).toEqual(triples);
      }),
    );
  });
});

describe('triplesToScenarioCsv', () => {
  it('writes the study scenario CSV for one triple', () => {
    expect(triplesToScenarioCsv([TRIPLE])).toBe(
      [
        'Scenario',
        '"',
        'Input Scenario ',
        '\tF4 Agreed-not-to-disclose (P),',
        '\tF10 Secrets-disclosed-outsiders (D)',
        '',
        'TSC 1',
        'outcome Plaintiff',
        '\tF4 Agreed-not-to-disclose (P),',
        '\tF15 Unique-product (P)',
        '',
        'TSC 2',
        'outcome Defendant',
        '\tF10 Secrets-disclosed-outsiders (D)',
        '"',
      ].join('\n'),
    );
  });

  it('writes only the header for no triples', () => {
    expect(triplesToScenarioCsv([])).toBe('Scenario');
  });

  it('reads back with parseScenarioCsv to the same triples (ids from the prefix, mode given)', () => {
    fc.assert(
      fc.property(generatedArb, ({ mode, triples }) => {
        const parsed = parseScenarioCsv(triplesToScenarioCsv(triples), { mode, idPrefix: mode });
        if (triples.length === 0) {
          expect(parsed.triples).toEqual([]);
          return;
        }
        expect(parsed.errors).toEqual([]);
        expect(parsed.triples.map((entry) => entry.record)).toEqual(triples);
      }),
    );
  });

  it('reads back precedents left empty by the non-arguable clamp', () => {
    const triple: Triple = {
      id: 'non_arguable-1',
      mode: 'non_arguable',
      current: { factors: TRIPLE.current.factors },
      tsc1: { factors: [], outcome: 'plaintiff' },
      tsc2: { factors: [], outcome: 'defendant' },
    };
    const parsed = parseScenarioCsv(triplesToScenarioCsv([triple]), {
      mode: 'non_arguable',
      idPrefix: 'non_arguable',
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.triples.map((entry) => entry.record)).toEqual([triple]);
  });
});
