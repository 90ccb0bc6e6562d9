import { describe, expect, it } from 'vitest';
import { parseDistilledFactors, stripThinking } from './distilled-factors.ts';

// The example output of the study's Factor_Distiller_Task prompt: set braces, which are not JSON.
const PROMPT_EXAMPLE = `{
  "Input Case": {
    "F1 Disclosure-in-negotiations (D)",
	"F4 Agreed-not-to-disclose (P)",
	"F21 Knew-info-confidential (P)"
  },
  "TSC1": {
    "F4 Agreed-not-to-disclose (P)",
    "F18 Identical-products (P)"
  },
  "TSC2": {
    "F3 Employee-sole-developer (D)",
    "F21 Knew-info-confidential (P)"
  }
}`;

const PROMPT_EXAMPLE_LISTS = {
  status: 'extracted',
  current: [
    'F1 Disclosure-in-negotiations (D)',
    'F4 Agreed-not-to-disclose (P)',
    'F21 Knew-info-confidential (P)',
  ],
  tsc1: ['F4 Agreed-not-to-disclose (P)', 'F18 Identical-products (P)'],
  tsc2: ['F3 Employee-sole-developer (D)', 'F21 Knew-info-confidential (P)'],
};

function failure(raw: string): string {
  const result = parseDistilledFactors(raw);
  if (result.status !== 'failed') throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  expect(result).not.toHaveProperty('current');
  return result.error;
}

describe('parseDistilledFactors: notations', () => {
  it('reads set braces, the notation of the study’s prompt', () => {
    expect(parseDistilledFactors(PROMPT_EXAMPLE)).toEqual(PROMPT_EXAMPLE_LISTS);
  });

  it('reads arrays', () => {
    const raw = '{"Input Case": ["F4 Agreed-not-to-disclose (P)"], "TSC1": ["F4", "F6"], "TSC2": ["F10"]}';
    expect(parseDistilledFactors(raw)).toEqual({
      status: 'extracted',
      current: ['F4 Agreed-not-to-disclose (P)'],
      tsc1: ['F4', 'F6'],
      tsc2: ['F10'],
    });
  });

  it('reads empty {} and [] as empty lists', () => {
    expect(parseDistilledFactors('{"Input Case": {}, "TSC1": [], "TSC2": { }}')).toEqual({
      status: 'extracted',
      current: [],
      tsc1: [],
      tsc2: [],
    });
  });

  it('reads "None", "none" and "" values as empty', () => {
    expect(parseDistilledFactors('{"Input Case": "None", "TSC1": "none", "TSC2": ""}')).toEqual({
      status: 'extracted',
      current: [],
      tsc1: [],
      tsc2: [],
    });
  });

  it('reads bare None and null values as empty', () => {
    expect(parseDistilledFactors('{"Input Case": None, "TSC1": null, "TSC2": ["F6"]}')).toEqual({
      status: 'extracted',
      current: [],
      tsc1: [],
      tsc2: ['F6'],
    });
  });

  it('reads Python-style single quotes', () => {
    const raw =
      "{'Input Case': {'F4 Agreed-not-to-disclose (P)', 'F6 Security-measures (P)'}, 'TSC1': set(), 'TSC2': []}";
    // `set()` is how Python prints an empty set.
    expect(parseDistilledFactors(raw)).toEqual({
      status: 'extracted',
      current: ['F4 Agreed-not-to-disclose (P)', 'F6 Security-measures (P)'],
      tsc1: [],
      tsc2: [],
    });
  });

  it('reads curly quotes', () => {
    expect(parseDistilledFactors('{“Input Case”: {“F4”}, “TSC1”: {}, “TSC2”: {‘F6’}}')).toEqual({
      status: 'extracted',
      current: ['F4'],
      tsc1: [],
      tsc2: ['F6'],
    });
  });

  it('reads trailing and doubled commas', () => {
    expect(parseDistilledFactors('{"Input Case": {"F4",}, "TSC1": ["F6",,], "TSC2": {},}')).toEqual({
      status: 'extracted',
      current: ['F4'],
      tsc1: ['F6'],
      tsc2: [],
    });
  });

  it('reads objects keyed by factor, as the study’s scorer stores them', () => {
    const raw =
      '{"Input Case": {"F4 Agreed-not-to-disclose (P)": null, "F6": "present"}, "TSC1": {}, "TSC2": {}}';
    expect(parseDistilledFactors(raw)).toMatchObject({ current: ['F4 Agreed-not-to-disclose (P)', 'F6'] });
  });

  it('flattens lists grouped under a side', () => {
    const raw = '{"Input Case": {"Plaintiff": ["F4"], "Defendant": ["F10"]}, "TSC1": {}, "TSC2": {}}';
    expect(parseDistilledFactors(raw)).toMatchObject({ current: ['F4', 'F10'] });
  });

  it('splits a comma-separated string value into items', () => {
    const raw =
      '{"Input Case": "F4 Agreed-not-to-disclose (P), F6 Security-measures (P)", "TSC1": "F4", "TSC2": "N/A"}';
    expect(parseDistilledFactors(raw)).toEqual({
      status: 'extracted',
      current: ['F4 Agreed-not-to-disclose (P)', 'F6 Security-measures (P)'],
      tsc1: ['F4'],
      tsc2: [],
    });
  });

  it('reads unquoted keys and items', () => {
    const raw =
      '{\n  Input Case: {F4 Agreed-not-to-disclose (P), F6 Security-measures (P)},\n  TSC1: {},\n  TSC2: {F10}\n}';
    expect(parseDistilledFactors(raw)).toEqual({
      status: 'extracted',
      current: ['F4 Agreed-not-to-disclose (P)', 'F6 Security-measures (P)'],
      tsc1: [],
      tsc2: ['F10'],
    });
  });

  it('keeps items as written, invented factors and repeats included', () => {
    const raw =
      '{"Input Case": {"  F30 Market-dominance (P) ", "F4", "F4"}, "TSC1": {"Secrecy \\"measures\\""}, "TSC2": {}}';
    expect(parseDistilledFactors(raw)).toMatchObject({
      current: ['F30 Market-dominance (P)', 'F4', 'F4'],
      tsc1: ['Secrecy "measures"'],
    });
  });

  it('accepts the key spellings Input Scenario, Current Case, TSC 1 and tsc2, case-insensitively', () => {
    for (const [current, tsc1, tsc2] of [
      ['Input Scenario', 'TSC 1', 'tsc2'],
      ['current case', 'tsc_1', 'TSC 2'],
      ['INPUT CASE', 'Tsc1', 'TSC-2'],
    ]) {
      const raw = `{"${current}": ["F4"], "${tsc1}": ["F6"], "${tsc2}": ["F10"]}`;
      expect(parseDistilledFactors(raw), raw).toEqual({
        status: 'extracted',
        current: ['F4'],
        tsc1: ['F6'],
        tsc2: ['F10'],
      });
    }
  });

  it('ignores keys other than the three cases', () => {
    const raw = '{"Reasoning": "F4 appears", "Input Case": ["F6"], "TSC1": [], "TSC2": [], "Notes": ["F30"]}';
    expect(parseDistilledFactors(raw)).toEqual({ status: 'extracted', current: ['F6'], tsc1: [], tsc2: [] });
  });

  it('finds the object inside a wrapper object', () => {
    const raw = '{"factors": {"Input Case": ["F6"], "TSC1": [], "TSC2": []}}';
    expect(parseDistilledFactors(raw)).toMatchObject({ status: 'extracted', current: ['F6'] });
  });
});

describe('parseDistilledFactors: surroundings', () => {
  it('reads a ```json fenced block', () => {
    expect(parseDistilledFactors(`Here you go:\n\`\`\`json\n${PROMPT_EXAMPLE}\n\`\`\`\nDone.`)).toEqual(
      PROMPT_EXAMPLE_LISTS,
    );
  });

  it('reads a plain ``` fenced block', () => {
    expect(parseDistilledFactors(`\`\`\`\n${PROMPT_EXAMPLE}\n\`\`\``)).toEqual(PROMPT_EXAMPLE_LISTS);
  });

  it('uses the last of several fenced blocks', () => {
    const first = '```json\n{"Input Case": ["F1"], "TSC1": [], "TSC2": []}\n```';
    const second = '```json\n{"Input Case": ["F2"], "TSC1": [], "TSC2": []}\n```';
    expect(parseDistilledFactors(`Draft:\n${first}\nCorrected:\n${second}`)).toMatchObject({
      current: ['F2'],
    });
  });

  it('falls back to an earlier fenced block when the last one does not read', () => {
    const first = '```json\n{"Input Case": ["F1"], "TSC1": [], "TSC2": []}\n```';
    const broken = '```json\n{"Input Case": ["F2"], "TSC1": \n```';
    expect(parseDistilledFactors(`${first}\n${broken}`)).toMatchObject({
      status: 'extracted',
      current: ['F1'],
    });
  });

  it('reads an object surrounded by prose', () => {
    const raw = `Sure! The factors {as requested} are:\n${PROMPT_EXAMPLE}\nLet me know if you need more.`;
    expect(parseDistilledFactors(raw)).toEqual(PROMPT_EXAMPLE_LISTS);
  });

  it('reads the answer after a closed <think> trace, even one that mentions braces', () => {
    const raw = `<think>The input case has {F4}? Let me check "TSC1": {F6}.</think>\n\n${PROMPT_EXAMPLE}`;
    expect(parseDistilledFactors(raw)).toEqual(PROMPT_EXAMPLE_LISTS);
  });

  it('fails when the answer stays inside an unclosed <think> trace', () => {
    expect(failure(`<think>Let me list them. ${PROMPT_EXAMPLE.slice(0, 60)}`)).toBe(
      'the answer never leaves its <think> reasoning trace (no closing </think>).',
    );
  });

  it('fails when nothing follows the </think> trace', () => {
    expect(failure('<think>done</think>\n  ')).toBe('there is no answer after the </think> reasoning trace.');
  });
});

describe('parseDistilledFactors: failures', () => {
  it('fails on empty text', () => {
    expect(failure('  \n')).toBe('the extractor returned no text.');
  });

  it('fails on prose without an object', () => {
    expect(failure('No common factor between the input case and the TSC1/TSC2')).toBe(
      'the answer holds no JSON-like object.',
    );
  });

  it('fails on objects that have none of the three keys', () => {
    expect(failure('{"Plaintiff": ["F4"]}')).toBe(
      'no object in the answer has the keys "Input Case", "TSC1" and "TSC2".',
    );
  });

  it('fails when a key is missing, naming it', () => {
    expect(failure('{"Input Case": ["F4"], "TSC1": ["F6"]}')).toBe('the object has no "TSC2" key.');
  });

  it('fails on truncated text that ends inside a string', () => {
    expect(failure(PROMPT_EXAMPLE.slice(0, PROMPT_EXAMPLE.indexOf('Identical')))).toBe(
      'the text ends inside the string that opens at line 9, column 5 (truncated).',
    );
  });

  it('fails on truncated text that ends before the closing brace', () => {
    expect(failure(PROMPT_EXAMPLE.slice(0, -2))).toBe(
      'the text ends before the braces that open at line 1, column 1 close (truncated).',
    );
  });

  it('fails on a truncated fenced block', () => {
    expect(
      failure(
        '```json\n{\n  "Input Case": {\n    "F1 Disclosure-in-negotiations (D)",\n    "F21 Knew-info-con',
      ),
    ).toMatch(/\(truncated\)\.$/);
  });

  it('fails on unbalanced braces that close the object early', () => {
    expect(failure('{"Input Case": {"F4"}}, "TSC1": {"F6"}, "TSC2": {}}')).toBe(
      'the braces are unbalanced (4 "{" against 5 "}"), and the object lacks "TSC1" and "TSC2".',
    );
  });

  it('fails on a bracket that does not match its brace', () => {
    expect(failure('{"Input Case": {"F4"], "TSC1": {}, "TSC2": {}}')).toBe(
      'the object cannot be read: unexpected "]" at line 1, column 21 where a value was expected.',
    );
  });

  it('fails on a string broken across lines', () => {
    expect(failure('{"Input Case": {"F4\n"}, "TSC1": {}, "TSC2": {}}')).toBe(
      'the object cannot be read: the string that opens at line 1, column 17 is not closed on its line.',
    );
  });

  it('fails when a case is given twice', () => {
    expect(failure('{"Input Case": [], "TSC1": ["F4"], "TSC 1": ["F6"], "TSC2": []}')).toBe(
      'the object names TSC1 twice.',
    );
  });
});

describe('stripThinking', () => {
  it('returns text without a trace unchanged but trimmed', () => {
    expect(stripThinking('  {"a": 1}\n')).toEqual({
      answer: '{"a": 1}',
      hadThinking: false,
      unterminated: false,
    });
  });

  it('returns what follows a closed trace', () => {
    expect(stripThinking('<think>hmm</think>\nanswer')).toEqual({
      answer: 'answer',
      hadThinking: true,
      unterminated: false,
    });
  });

  it('matches the tags case-insensitively and takes the last closing tag', () => {
    expect(stripThinking('<THINK>a</Think> b </think> c')).toEqual({
      answer: 'c',
      hadThinking: true,
      unterminated: false,
    });
  });

  it('treats a closing tag without an opening one as a trace', () => {
    expect(stripThinking('reasoning…</think>answer')).toEqual({
      answer: 'answer',
      hadThinking: true,
      unterminated: false,
    });
  });

  it('flags an unclosed trace and keeps only what precedes it', () => {
    expect(stripThinking('prefix <think> still thinking')).toEqual({
      answer: 'prefix',
      hadThinking: true,
      unterminated: true,
    });
  });

  it('flags a trace reopened after the last closing tag', () => {
    expect(stripThinking('<think>a</think>answer<think>more')).toEqual({
      answer: 'answer',
      hadThinking: true,
      unterminated: true,
    });
  });
});
