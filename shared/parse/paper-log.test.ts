import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { argumentSchema, type ExtractionInput, extractionSchema, tripleSchema } from '../schemas/index.ts';
import { looksLikePaperLog, type ParsePaperLogOptions, parsePaperLog, tripleContentId } from './paper-log.ts';
import { formatScenarioBlock, type ScenarioCases } from './scenario-block.ts';

const LOG_FILE = new URL('../../test/fixtures/paper/gpt-4o_test1_responses.json', import.meta.url);
const logText = readFileSync(LOG_FILE, 'utf8');

const OPTIONS: ParsePaperLogOptions = {
  model: 'gpt-4o',
  test: 1,
  extractor: 'gpt-4.1',
  idPrefix: 'gpt-4o-t1',
};

const FIRST_CASES: ScenarioCases = {
  current: { factors: ['F4', 'F6', 'F10'] },
  tsc1: { factors: ['F4', 'F6', 'F15'], outcome: 'plaintiff' },
  tsc2: { factors: ['F6', 'F10', 'F27'], outcome: 'defendant' },
};
const SECOND_CASES: ScenarioCases = {
  current: { factors: ['F1', 'F21'] },
  tsc1: { factors: ['F1', 'F3'], outcome: 'defendant' },
  tsc2: { factors: ['F21', 'F22'], outcome: 'plaintiff' },
};

function record(
  overrides: Partial<Record<'scenario' | 'argument' | 'distilled_factors', unknown>> = {},
): Record<string, unknown> {
  return {
    timestamp: '2025-04-20T14:03:11.482913',
    scenario: formatScenarioBlock({
      current: { factors: ['F4'] },
      tsc1: { factors: ['F4'], outcome: 'plaintiff' },
      tsc2: { factors: ['F6'], outcome: 'defendant' },
    }),
    argument: 'Plaintiff argues F4 Agreed-not-to-disclose (P) is shared with TSC1.',
    distilled_factors: '{"Input Case": ["F4"], "TSC1": ["F4"], "TSC2": []}',
    ...overrides,
  };
}

describe('parsePaperLog on a pretty-printed log', () => {
  const result = parsePaperLog(logText, OPTIONS);

  it('reads every record, at the line where its element starts', () => {
    expect(result.errors).toEqual([]);
    expect(result.records.map((entry) => [entry.index, entry.line])).toEqual([
      [1, 2],
      [2, 8],
      [3, 14],
      [4, 20],
    ]);
  });

  it('reads each scenario into a triple with the exact factor sets and outcomes, mode from the test', () => {
    const [first, second] = result.records;
    expect(first?.triple).toEqual({ id: first?.triple.id, mode: 'arguable', ...FIRST_CASES });
    expect(second?.triple).toEqual({ id: second?.triple.id, mode: 'arguable', ...SECOND_CASES });
  });

  it('gives identical scenarios one triple id and different ones different ids', () => {
    const ids = result.records.map((entry) => entry.triple.id);
    expect(ids[0]).toMatch(/^arguable-[0-9a-f]{16}$/);
    expect(ids[2]).toBe(ids[0]);
    expect(ids[3]).toBe(ids[1]);
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[0]).toBe(tripleContentId('arguable', FIRST_CASES));
  });

  it('keeps each argument as logged, with its model, test and triple', () => {
    const second = result.records[1];
    expect(second?.argument).toEqual({
      id: 'gpt-4o-t1-2',
      triple_id: second?.triple.id,
      model: 'gpt-4o',
      test: 1,
      text: 'Plaintiff’s Argument: F21 Knew-info-confidential (P) is shared with TSC2, decided for the Plaintiff.\nDefendant’s Counterargument: F1 Disclosure-in-negotiations (D) is shared with TSC1, decided for the Defendant, which also had market dominance.\nPlaintiff’s Rebuttal: TSC1 had F3 Employee-sole-developer (D), absent here.',
    });
  });

  it('reads a fenced set-brace extraction into lists as written, keeping raw', () => {
    const first = result.records[0];
    expect(first?.extraction).toEqual({
      argument_id: 'gpt-4o-t1-1',
      extractor: 'gpt-4.1',
      current: [
        'F4 Agreed-not-to-disclose (P)',
        'F6 Security-measures (P)',
        'F10 Secrets-disclosed-outsiders (D)',
      ],
      tsc1: ['F4 Agreed-not-to-disclose (P)', 'F6 Security-measures (P)', 'F15 Unique-product (P)'],
      tsc2: [
        'F6 Security-measures (P)',
        'F10 Secrets-disclosed-outsiders (D)',
        'F27 Disclosure-in-public-forum (D)',
      ],
      raw: JSON.parse(logText)[0].distilled_factors,
      status: 'extracted',
    });
  });

  it('reads "None" values as an empty, successful extraction', () => {
    expect(result.records[2]?.extraction).toMatchObject({
      status: 'extracted',
      current: [],
      tsc1: [],
      tsc2: [],
    });
    expect(result.records[2]?.extraction).not.toHaveProperty('error');
  });

  it('keeps a truncated extraction as failed, with empty lists, its error and raw', () => {
    const fourth = result.records[3]?.extraction;
    expect(fourth).toMatchObject({ status: 'failed', current: [], tsc1: [], tsc2: [] });
    expect(fourth?.error).toMatch(/\(truncated\)\.$/);
    expect(fourth?.raw).toBe(JSON.parse(logText)[3].distilled_factors);
  });

  it('produces records every schema accepts', () => {
    for (const entry of result.records) {
      expect(tripleSchema.parse(entry.triple)).toEqual(entry.triple);
      expect(argumentSchema.parse(entry.argument)).toEqual(entry.argument);
      const input: ExtractionInput = entry.extraction;
      expect(extractionSchema.safeParse(input).success).toBe(true);
    }
  });

  it('lets the extraction schema move an invented factor to unlisted', () => {
    const parsed = extractionSchema.parse(result.records[1]?.extraction);
    expect(parsed.tsc1).toEqual(['F1']);
    expect(parsed.unlisted).toEqual([{ case: 'tsc1', text: 'F30 Market-dominance (D)' }]);
    expect(parsed.current).toEqual(['F1', 'F21']);
  });
});

describe('parsePaperLog variants', () => {
  it('reads the same log written on one line, every record on line 1', () => {
    const pretty = parsePaperLog(logText, OPTIONS);
    const oneLine = parsePaperLog(JSON.stringify(JSON.parse(logText)), OPTIONS);
    expect(oneLine.errors).toEqual([]);
    expect(oneLine.records.map((entry) => entry.line)).toEqual([1, 1, 1, 1]);
    expect(oneLine.records.map(({ line: _, ...rest }) => rest)).toEqual(
      pretty.records.map(({ line: _, ...rest }) => rest),
    );
  });

  it('counts lines in a CRLF log', () => {
    const crlf = parsePaperLog(logText.replaceAll('\n', '\r\n'), OPTIONS);
    expect(crlf.records.map((entry) => entry.line)).toEqual([2, 8, 14, 20]);
  });

  it('takes the mode from the test and ids from the prefix', () => {
    const test3 = parsePaperLog(logText, { ...OPTIONS, test: 3, idPrefix: 'm-t3' });
    const test1 = parsePaperLog(logText, OPTIONS);
    expect(test3.records[0]?.triple.mode).toBe('non_arguable');
    expect(test3.records[0]?.triple.id).toMatch(/^non_arguable-/);
    expect(test3.records[0]?.triple.id).not.toBe(test1.records[0]?.triple.id);
    expect(test3.records[0]?.argument).toMatchObject({ id: 'm-t3-1', test: 3 });
  });

  it('gives the same scenario the same triple id whatever its spelling', () => {
    const spelled =
      '\r\nINPUT SCENARIO:\r\n\tF4\r\nTSC1\r\noutcome plaintiff\r\n\tF4 Agreed-not-to-disclose (P),\r\ntsc 2\r\nOutcome Defendant\r\n\tF6';
    const result = parsePaperLog(JSON.stringify([record(), record({ scenario: spelled })]), OPTIONS);
    expect(result.errors).toEqual([]);
    expect(result.records[1]?.triple.id).toBe(result.records[0]?.triple.id);
  });

  it('keeps a record without distilled_factors as a failed extraction with empty raw', () => {
    const { distilled_factors: _, ...withoutDistilled } = record();
    const result = parsePaperLog(JSON.stringify([withoutDistilled]), OPTIONS);
    expect(result.records[0]?.extraction).toEqual({
      argument_id: 'gpt-4o-t1-1',
      extractor: 'gpt-4.1',
      current: [],
      tsc1: [],
      tsc2: [],
      raw: '',
      status: 'failed',
      error: 'the record has no distilled_factors text.',
    });
    expect(extractionSchema.safeParse(result.records[0]?.extraction).success).toBe(true);
  });

  it('reads a distilled_factors already stored as an object, keeping it as JSON in raw', () => {
    const distilled = { 'Input Case': ['F4'], TSC1: [], TSC2: ['F6'] };
    const result = parsePaperLog(JSON.stringify([record({ distilled_factors: distilled })]), OPTIONS);
    expect(result.records[0]?.extraction).toMatchObject({
      status: 'extracted',
      current: ['F4'],
      tsc2: ['F6'],
      raw: JSON.stringify(distilled),
    });
  });
});

describe('parsePaperLog errors', () => {
  it('reports a scenario with an unknown factor at its record’s line, keeping the others', () => {
    const bad = record({
      scenario:
        'Input Scenario\n\tF30 Market-dominance (P)\nTSC 1\noutcome Plaintiff\nTSC 2\noutcome Defendant',
    });
    const result = parsePaperLog(JSON.stringify([record(), bad, record()], null, 2), OPTIONS);
    expect(result.records.map((entry) => entry.index)).toEqual([1, 3]);
    expect(result.errors).toEqual([
      { line: 8, message: 'record 2: scenario line 2: unknown factor "F30 Market-dominance (P)"' },
    ]);
  });

  it('reports a scenario without a TSC 2 block', () => {
    const bad = record({ scenario: 'Input Scenario\n\tF4\nTSC 1\noutcome Plaintiff\n\tF4' });
    expect(parsePaperLog(JSON.stringify([bad]), OPTIONS).errors).toEqual([
      { line: 1, message: 'record 1: scenario: no TSC 2 block' },
    ]);
  });

  it('reports elements that are not objects or lack the texts', () => {
    const text = JSON.stringify(
      [record(), 'hello', record({ argument: null }), record({ scenario: 3 })],
      null,
      2,
    );
    const result = parsePaperLog(text, OPTIONS);
    expect(result.records.map((entry) => entry.index)).toEqual([1]);
    expect(result.errors).toEqual([
      { line: 8, message: 'record 2: not an object with scenario, argument and distilled_factors' },
      { line: 9, message: 'record 3: no "argument" text' },
      { line: 15, message: 'record 4: no "scenario" text' },
    ]);
  });

  it('reports an element that is not valid JSON and reads the rest', () => {
    const text = `[\n  {"scenario": "x",},\n  ${JSON.stringify(record())}\n]`;
    const result = parsePaperLog(text, OPTIONS);
    expect(result.records.map((entry) => [entry.index, entry.line])).toEqual([[2, 3]]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.line).toBe(2);
    expect(result.errors[0]?.message).toMatch(/^record 1: not valid JSON \(/);
  });

  it('reads the records before the cut of a truncated file and reports the cut', () => {
    const text = logText.slice(0, logText.indexOf('"scenario"', logText.indexOf('2025-04-20T14:03:25')));
    const result = parsePaperLog(text, OPTIONS);
    expect(result.records.map((entry) => entry.index)).toEqual([1, 2]);
    expect(result.errors).toEqual([
      { line: 14, message: 'record 3 is cut off: the file ends inside it (truncated)' },
    ]);
  });

  it('reports a file that is not an array', () => {
    expect(parsePaperLog('\n{"scenario": "x"}', OPTIONS)).toEqual({
      records: [],
      errors: [
        { line: 2, message: 'a paper log is a JSON array of records, but the file does not start with "["' },
      ],
    });
  });

  it('reports an array that never closes and text after the closing bracket', () => {
    expect(parsePaperLog(`[${JSON.stringify(record())},\n`, OPTIONS).errors).toEqual([
      { line: 2, message: 'the file ends before the array closes (truncated)' },
    ]);
    const trailing = parsePaperLog(`[${JSON.stringify(record())}]\n]`, OPTIONS);
    expect(trailing.records).toHaveLength(1);
    expect(trailing.errors).toEqual([{ line: 2, message: 'text after the array\'s closing "]"' }]);
  });

  it('reports an empty file', () => {
    expect(parsePaperLog('  ', OPTIONS).errors).toEqual([{ line: 1, message: 'the file is empty' }]);
  });

  it('reads an empty array as no records and no errors', () => {
    expect(parsePaperLog('[]', OPTIONS)).toEqual({ records: [], errors: [] });
  });
});

describe('looksLikePaperLog', () => {
  it('recognises the start of a pretty-printed and of a one-line log', () => {
    expect(looksLikePaperLog(logText.slice(0, 200))).toBe(true);
    expect(looksLikePaperLog(`\uFEFF${JSON.stringify([record()]).slice(0, 120)}`)).toBe(true);
  });

  it('refuses other JSON and CSV', () => {
    expect(looksLikePaperLog('Scenario\n"\nInput Scenario ')).toBe(false);
    expect(looksLikePaperLog('{"id":"t1","mode":"arguable"}\n')).toBe(false);
    expect(looksLikePaperLog('[{"source": "Table 2", "values": []}]')).toBe(false);
    expect(looksLikePaperLog('[]')).toBe(false);
  });
});

describe('parsePaperLog: text that is not Unicode', () => {
  it('refuses an element with a lone surrogate escape, naming the field, and keeps the others', () => {
    const text = `[\n${JSON.stringify(record())},\n${JSON.stringify(record({ argument: 'Plaintiff: X' })).replace('X', '\\ud800')}\n]`;
    const parsed = parsePaperLog(text, OPTIONS);
    expect(parsed.records.map((entry) => entry.index)).toEqual([1]);
    expect(parsed.errors).toEqual([
      {
        line: 3,
        message: expect.stringMatching(/^record 2: argument: the escape \\ud800 is half of a surrogate pair/),
      },
    ]);
  });
});
