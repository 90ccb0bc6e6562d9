import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FACTOR_IDS } from '../factors.ts';
import { tripleSchema } from '../schemas/index.ts';
import type { Outcome } from '../vocabulary.ts';
import {
  formatScenarioCsv,
  looksLikeScenarioCsv,
  modeFromFileName,
  parseScenarioCsv,
} from './scenario-csv.ts';

function fixture(name: string): string {
  return readFileSync(new URL(`../../test/fixtures/paper/${name}`, import.meta.url), 'utf8');
}

const REAL_FILE = 'reordered_factor_3_complexity4.csv';

// The three scenarios of the study's reordered_factor_3_complexity4.csv, read off the file by hand.
const REAL_TRIPLES = [
  {
    line: 2,
    record: {
      id: 'reordered_factor_3_complexity4-1',
      mode: 'reordered',
      current: { factors: ['F14', 'F23', 'F24'] },
      tsc1: { factors: ['F2', 'F14', 'F23'], outcome: 'defendant' },
      tsc2: { factors: ['F6', 'F14', 'F23', 'F24'], outcome: 'plaintiff' },
    },
  },
  {
    line: 21,
    record: {
      id: 'reordered_factor_3_complexity4-2',
      mode: 'reordered',
      current: { factors: ['F5', 'F15', 'F17', 'F25', 'F27'] },
      tsc1: { factors: ['F5', 'F17', 'F18', 'F25', 'F27'], outcome: 'defendant' },
      tsc2: { factors: ['F5', 'F11', 'F15', 'F17', 'F18'], outcome: 'plaintiff' },
    },
  },
  {
    line: 45,
    record: {
      id: 'reordered_factor_3_complexity4-3',
      mode: 'reordered',
      current: { factors: ['F5', 'F11', 'F18', 'F21'] },
      tsc1: { factors: ['F5', 'F8', 'F11', 'F18'], outcome: 'defendant' },
      tsc2: { factors: ['F6', 'F16', 'F18', 'F21'], outcome: 'plaintiff' },
    },
  },
];

const ARGUABLE_FIRST = {
  current: { factors: ['F4', 'F6', 'F10'] },
  tsc1: { factors: ['F4', 'F6', 'F15'], outcome: 'plaintiff' },
  tsc2: { factors: ['F6', 'F10', 'F27'], outcome: 'defendant' },
};

function scenarioField(body: string): string {
  return `"${body.replaceAll('"', '""')}"`;
}

const VALID_BODY = 'Input Scenario\n\tF4\n\nTSC 1\noutcome Plaintiff\n\tF4\n\nTSC 2\noutcome Defendant\n\tF6';

describe('parseScenarioCsv on the study format', () => {
  it('reads the three scenarios of the real reordered file with their exact factor sets, outcomes and lines', () => {
    const result = parseScenarioCsv(fixture(REAL_FILE), {
      mode: 'reordered',
      idPrefix: 'reordered_factor_3_complexity4',
    });
    expect(result.errors).toEqual([]);
    expect(result.triples).toEqual(REAL_TRIPLES);
  });

  it('gives records that tripleSchema accepts unchanged', () => {
    const { triples } = parseScenarioCsv(fixture(REAL_FILE), { mode: 'reordered', idPrefix: 'r' });
    expect(triples).toHaveLength(3);
    for (const { record } of triples) expect(tripleSchema.parse(record)).toEqual(record);
  });

  it('reads an arguable file with the ids the caller prefixes', () => {
    const result = parseScenarioCsv(fixture('arguable_factor_2_complexity3.csv'), {
      mode: 'arguable',
      idPrefix: 'arg',
    });
    expect(result.errors).toEqual([]);
    expect(result.triples.map((triple) => [triple.line, triple.record.id, triple.record.mode])).toEqual([
      [2, 'arg-1', 'arguable'],
      [20, 'arg-2', 'arguable'],
    ]);
    expect(result.triples[0]?.record).toMatchObject(ARGUABLE_FIRST);
    expect(result.triples[1]?.record).toMatchObject({
      current: { factors: ['F1', 'F21'] },
      tsc1: { factors: ['F1', 'F3'], outcome: 'defendant' },
      tsc2: { factors: ['F21', 'F22'], outcome: 'plaintiff' },
    });
  });

  it('accepts TSC1 without a space, headings and outcomes case-insensitively, colons, a quoted header and two factors on a line', () => {
    const result = parseScenarioCsv(fixture('non_arguable_factor_3_complexity4.csv'), {
      mode: 'non_arguable',
      idPrefix: 'na',
    });
    expect(result).toEqual({
      triples: [
        {
          line: 2,
          record: {
            id: 'na-1',
            mode: 'non_arguable',
            current: { factors: ['F2', 'F7'] },
            tsc1: { factors: ['F12', 'F13'], outcome: 'plaintiff' },
            tsc2: { factors: ['F19', 'F20'], outcome: 'defendant' },
          },
        },
      ],
      errors: [],
    });
  });

  it('reads CRLF line endings exactly as LF', () => {
    const lf = parseScenarioCsv(fixture('arguable_factor_2_complexity3.csv'), {
      mode: 'arguable',
      idPrefix: 'a',
    });
    const crlfText = fixture('arguable_crlf.csv');
    expect(crlfText).toContain('\r\n');
    expect(parseScenarioCsv(crlfText, { mode: 'arguable', idPrefix: 'a' })).toEqual(lf);
  });

  it('reports errors at the right line in a CRLF file', () => {
    const text = fixture('broken_unknown_factor.csv').replaceAll('\n', '\r\n');
    expect(parseScenarioCsv(text, { mode: 'arguable' }).errors.map((error) => error.line)).toEqual([5, 13]);
  });

  it('picks the Scenario column by its header among extra columns and undoubles quotes', () => {
    const result = parseScenarioCsv(fixture('extra_columns.csv'), { mode: 'arguable', idPrefix: 'x' });
    expect(result).toEqual({
      triples: [{ line: 2, record: { id: 'x-1', mode: 'arguable', ...ARGUABLE_FIRST } }],
      errors: [],
    });
  });

  it('ignores a byte order mark before the header', () => {
    const result = parseScenarioCsv(`\uFEFF${fixture(REAL_FILE)}`, {
      mode: 'reordered',
      idPrefix: 'reordered_factor_3_complexity4',
    });
    expect(result.triples).toEqual(REAL_TRIPLES);
  });

  it('reads a file without a header as one Scenario column, as the study’s generator does', () => {
    const text = `${scenarioField(VALID_BODY)}\n${scenarioField(VALID_BODY.replace('F6', 'F10'))}`;
    const result = parseScenarioCsv(text, { mode: 'arguable', idPrefix: 'h' });
    expect(result.errors).toEqual([]);
    expect(result.triples.map((triple) => [triple.line, triple.record.tsc2.factors])).toEqual([
      [1, ['F6']],
      [11, ['F10']],
    ]);
  });

  it('names records "scenario-n" when the caller gives no prefix', () => {
    const result = parseScenarioCsv(`Scenario\n${scenarioField(VALID_BODY)}`, { mode: 'arguable' });
    expect(result.triples[0]?.record.id).toBe('scenario-1');
  });

  it('returns factors deduplicated and in catalogue order', () => {
    const body =
      'Input Scenario\n\tF21,\n\tF4,\n\tF21\nTSC 1\noutcome Plaintiff\n\tF10, F2\nTSC 2\noutcome Defendant';
    const result = parseScenarioCsv(`Scenario\n${scenarioField(body)}`, { mode: 'arguable' });
    expect(result.triples[0]?.record).toMatchObject({
      current: { factors: ['F4', 'F21'] },
      tsc1: { factors: ['F2', 'F10'] },
      tsc2: { factors: [] },
    });
  });

  it('accepts a quoted outcome and a factor given by name only', () => {
    const body =
      'Input Scenario\n\tagreed not to disclose\nTSC 1\noutcome "Plaintiff".\n\tF4\nTSC 2\noutcome Defendant\n\tF6';
    const result = parseScenarioCsv(`Scenario\n${scenarioField(body)}`, { mode: 'arguable' });
    expect(result.errors).toEqual([]);
    expect(result.triples[0]?.record.current.factors).toEqual(['F4']);
    expect(result.triples[0]?.record.tsc1.outcome).toBe('plaintiff');
  });
});

describe('parseScenarioCsv errors', () => {
  it('reports a missing TSC 2 block at the line where its scenario starts, keeping the good scenario', () => {
    const result = parseScenarioCsv(fixture('broken_missing_tsc2.csv'), { mode: 'arguable', idPrefix: 'm' });
    expect(result.triples.map((triple) => triple.record.id)).toEqual(['m-1']);
    expect(result.errors).toEqual([{ line: 14, message: 'scenario 2: no TSC 2 block' }]);
  });

  it('reports each unknown factor with its text and line', () => {
    const result = parseScenarioCsv(fixture('broken_unknown_factor.csv'), { mode: 'arguable' });
    expect(result.triples).toEqual([]);
    expect(result.errors).toEqual([
      { line: 5, message: 'scenario 1: unknown factor "F30 Market-dominance (P)"' },
      { line: 13, message: 'scenario 1: unknown factor "F9 Obsolete-factor (D)"' },
    ]);
  });

  it('reports an outcome that is neither Plaintiff nor Defendant, once', () => {
    const result = parseScenarioCsv(fixture('broken_bad_outcome.csv'), { mode: 'arguable' });
    expect(result.triples).toEqual([]);
    expect(result.errors).toEqual([
      { line: 7, message: 'scenario 1: bad outcome "Settled" for TSC 1 (expected Plaintiff or Defendant)' },
    ]);
  });

  it('reports a quote that never closes at its line, keeping the scenarios before it', () => {
    const result = parseScenarioCsv(fixture('broken_unclosed_quote.csv'), { mode: 'arguable' });
    expect(result.triples).toHaveLength(1);
    expect(result.errors).toEqual([
      { line: 14, message: 'the quoted field that opens on line 14 never closes' },
    ]);
  });

  it('rejects a label whose name or side contradicts its code', () => {
    const body = VALID_BODY.replace(
      '\tF4\n\nTSC 1',
      '\tF4 Security-measures (P),\n\tF6 Security-measures (D)\n\nTSC 1',
    );
    const result = parseScenarioCsv(`Scenario\n${scenarioField(body)}`, { mode: 'arguable' });
    expect(result.triples).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 3,
        message:
          'scenario 1: "F4 Security-measures (P)" does not match the catalogue\'s F4 Agreed-not-to-disclose (P)',
      },
      {
        line: 4,
        message:
          'scenario 1: "F6 Security-measures (D)" does not match the catalogue\'s F6 Security-measures (P)',
      },
    ]);
  });

  it('rejects a line that is no factor, heading or outcome', () => {
    const body = VALID_BODY.replace('TSC 2\n', 'TSC 2\nthe court split\n');
    const result = parseScenarioCsv(`Scenario\n${scenarioField(body)}`, { mode: 'arguable' });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.line).toBe(10);
    expect(result.errors[0]?.message).toMatch(/^scenario 1: unrecognised line "the court split"/);
  });

  it('rejects text before the Input Scenario heading', () => {
    const result = parseScenarioCsv(`Scenario\n${scenarioField(`F4\n${VALID_BODY}`)}`, { mode: 'arguable' });
    expect(result.errors).toEqual([
      { line: 2, message: 'scenario 1: "F4" comes before the Input Scenario heading' },
    ]);
  });

  it('rejects an outcome on the input case', () => {
    const body = VALID_BODY.replace('Input Scenario\n', 'Input Scenario\noutcome Plaintiff\n');
    const result = parseScenarioCsv(`Scenario\n${scenarioField(body)}`, { mode: 'arguable' });
    expect(result.errors).toEqual([
      { line: 3, message: 'scenario 1: the Input Scenario has an outcome line; only TSC 1 and TSC 2 do' },
    ]);
  });

  it('rejects a TSC block without an outcome line, at its heading', () => {
    const body = VALID_BODY.replace('outcome Plaintiff\n', '');
    const result = parseScenarioCsv(`Scenario\n${scenarioField(body)}`, { mode: 'arguable' });
    expect(result.errors).toEqual([{ line: 5, message: 'scenario 1: TSC 1 has no outcome line' }]);
  });

  it('rejects a repeated heading and a repeated outcome', () => {
    const body = `${VALID_BODY}\noutcome Plaintiff\nTSC 1`;
    const result = parseScenarioCsv(`Scenario\n${scenarioField(body)}`, { mode: 'arguable' });
    expect(result.errors).toEqual([
      { line: 12, message: 'scenario 1: a second outcome line for TSC 2' },
      { line: 13, message: 'scenario 1: a second TSC 1 heading' },
    ]);
  });

  it('keeps the numbers of later scenarios when one in the middle breaks', () => {
    const text = [
      'Scenario',
      scenarioField(VALID_BODY),
      scenarioField('Input Scenario\n\tF4'),
      scenarioField(VALID_BODY),
    ];
    const result = parseScenarioCsv(text.join('\n'), { mode: 'arguable', idPrefix: 'k' });
    expect(result.triples.map((triple) => triple.record.id)).toEqual(['k-1', 'k-3']);
    expect(result.errors.map((error) => error.message)).toEqual([
      'scenario 2: no TSC 1 block',
      'scenario 2: no TSC 2 block',
    ]);
  });

  it('rejects an empty Scenario field', () => {
    const result = parseScenarioCsv('id,Scenario\n1,""\n', { mode: 'arguable' });
    expect(result.errors).toEqual([{ line: 2, message: 'scenario 1: the Scenario field is empty' }]);
  });

  it('rejects a row too short to reach the Scenario column', () => {
    const result = parseScenarioCsv('id,Scenario\n1\n', { mode: 'arguable' });
    expect(result.errors).toEqual([{ line: 2, message: 'scenario 1: the row has no Scenario field' }]);
  });

  it('rejects a header without a Scenario column, naming the columns it has', () => {
    const result = parseScenarioCsv('Input,Argument\n"x","y"\n', { mode: 'arguable' });
    expect(result).toEqual({
      triples: [],
      errors: [{ line: 1, message: 'the header has no "Scenario" column (it has "Input", "Argument")' }],
    });
  });

  it('rejects an empty file and a header without scenarios', () => {
    expect(parseScenarioCsv('\n\n', { mode: 'arguable' }).errors).toEqual([
      { line: 1, message: 'the file is empty: expected a header line with a "Scenario" column' },
    ]);
    expect(parseScenarioCsv('Scenario\n', { mode: 'arguable' }).errors).toEqual([
      { line: 1, message: 'no scenarios after the header' },
    ]);
  });
});

describe('formatScenarioCsv', () => {
  it('writes the real file back exactly, but for the stray space after its last quote', () => {
    const text = fixture(REAL_FILE);
    expect(text.endsWith('" ')).toBe(true);
    const { triples } = parseScenarioCsv(text, { mode: 'reordered' });
    expect(formatScenarioCsv(triples.map((triple) => triple.record))).toBe(text.trimEnd());
  });

  it('writes the block layout of the study: trailing space, tabs, commas between labels', () => {
    const written = formatScenarioCsv([
      {
        current: { factors: ['F6', 'F4'] },
        tsc1: { factors: [], outcome: 'plaintiff' },
        tsc2: { factors: ['F1'], outcome: 'defendant' },
      },
    ]);
    expect(written).toBe(
      'Scenario\n"\nInput Scenario \n\tF4 Agreed-not-to-disclose (P),\n\tF6 Security-measures (P)\n\nTSC 1\noutcome Plaintiff\n\nTSC 2\noutcome Defendant\n\tF1 Disclosure-in-negotiations (D)\n"',
    );
  });

  it('round-trips: parsing what it writes gives the same triples', () => {
    const factorSet = fc.subarray([...FACTOR_IDS]);
    const outcome = fc.constantFrom<Outcome>('plaintiff', 'defendant');
    const triple = fc.record({
      current: fc.record({ factors: factorSet }),
      tsc1: fc.record({ factors: factorSet, outcome }),
      tsc2: fc.record({ factors: factorSet, outcome }),
    });
    fc.assert(
      fc.property(fc.array(triple, { minLength: 1, maxLength: 5 }), (cases) => {
        const triples = cases.map((item, index) => ({
          id: `p-${index + 1}`,
          mode: 'arguable' as const,
          ...item,
        }));
        const parsed = parseScenarioCsv(formatScenarioCsv(triples), { mode: 'arguable', idPrefix: 'p' });
        expect(parsed.errors).toEqual([]);
        expect(parsed.triples.map((entry) => entry.record)).toEqual(triples);
      }),
    );
  });
});

describe('looksLikeScenarioCsv', () => {
  it('recognises the study file and a header with extra columns', () => {
    expect(looksLikeScenarioCsv(fixture(REAL_FILE).slice(0, 200))).toBe(true);
    expect(looksLikeScenarioCsv(fixture('extra_columns.csv').slice(0, 40))).toBe(true);
    expect(looksLikeScenarioCsv('"Scenario"\r\n"')).toBe(true);
  });

  it('skips a byte order mark and blank lines before the header', () => {
    expect(looksLikeScenarioCsv('\uFEFF\n\n  scenario  \n"')).toBe(true);
  });

  it('recognises a headerless file that starts with a scenario block', () => {
    expect(looksLikeScenarioCsv('"\nInput Scenario \n\tF4')).toBe(true);
  });

  it('refuses other files', () => {
    expect(looksLikeScenarioCsv('[\n  {\n    "timestamp": "2025", "scenario": "x"')).toBe(false);
    expect(looksLikeScenarioCsv('{"id":"t1","mode":"arguable"}')).toBe(false);
    expect(looksLikeScenarioCsv('Scenarios,Notes\n')).toBe(false);
    expect(looksLikeScenarioCsv('')).toBe(false);
  });
});

describe('modeFromFileName', () => {
  it('reads the three modes of the study’s file names', () => {
    expect(modeFromFileName('reordered_factor_3_complexity4.csv')).toBe('reordered');
    expect(modeFromFileName('arguable_factor_3_complexity4.csv')).toBe('arguable');
    expect(modeFromFileName('non_arguable_factor_3_complexity4.csv')).toBe('non_arguable');
  });

  it('does not mistake non_arguable, nonarguable or non-arguable for arguable', () => {
    expect(modeFromFileName('non_arguable.csv')).toBe('non_arguable');
    expect(modeFromFileName('nonarguable_set.csv')).toBe('non_arguable');
    expect(modeFromFileName('Non-Arguable Scenarios.CSV')).toBe('non_arguable');
  });

  it('looks at the base name only, case-insensitively', () => {
    expect(modeFromFileName('data/arguable/REORDERED_f3.csv')).toBe('reordered');
    expect(modeFromFileName('C:\\runs\\non_arguable\\Arguable_f2.csv')).toBe('arguable');
  });

  it('returns null for names that announce no mode', () => {
    expect(modeFromFileName('Scenario_Factors.csv')).toBeNull();
    expect(modeFromFileName('unarguable.csv')).toBeNull();
  });
});
