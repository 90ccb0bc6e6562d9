import { describe, expect, it } from 'vitest';
import {
  diffOutputs,
  type ExpectedOutput,
  formatDiff,
  formatExpectedJsonl,
  isUnchanged,
  parseExpectedJsonl,
} from './expected-output.ts';
import type { LabelledArgument } from './labelled-argument.ts';

function output(overrides: Partial<ExpectedOutput> = {}): ExpectedOutput {
  return {
    id: 'a1',
    current: [],
    tsc1: [],
    tsc2: [],
    unlisted: [],
    abstention: 'none',
    truncated: false,
    mentions: [],
    ...overrides,
  };
}

const gold: LabelledArgument = {
  id: 'a1',
  text: '',
  current: [{ factor: 'F15', style: 'code' }],
  tsc1: [],
  tsc2: [],
  unlisted: [],
  abstained: false,
  exact_phrase: false,
  truncated: false,
  negated: [{ case: 'tsc2', factor: 'F15' }],
};

describe('the diff of expected outputs', () => {
  it('lists the units gained and lost with the rule that lists each and the gold verdict', () => {
    const before = output({
      current: ['F15'],
      tsc2: ['F15'],
      mentions: [
        [0, 3, 'current', 'F15', 'code', 'asserted', ['find.code', 'case.own-case-words']],
        [0, 3, 'tsc2', 'F15', 'code', 'asserted', ['find.code', 'case.trailing-case-words']],
      ],
    });
    const after = output({
      current: ['F15'],
      mentions: [
        [0, 3, 'current', 'F15', 'code', 'asserted', ['find.code', 'case.own-case-words']],
        [0, 3, 'tsc2', 'F15', 'code', 'negated', ['find.code', 'comparison.but-not-in']],
      ],
    });
    const diff = diffOutputs('set', [before], [after], new Map([['a1', gold]]));
    expect(diff.gained).toEqual([]);
    expect(diff.lost).toEqual([
      { id: 'a1', case: 'tsc2', factor: 'F15', rule: 'case.trailing-case-words', gold: 'negated' },
    ]);
    const text = formatDiff(diff);
    expect(text).toContain('set: +0 units (0 right), −1 units (0 right)');
    expect(text).toContain('case.trailing-case-words');
    expect(text).toContain('− a1 tsc2 F15  [case.trailing-case-words]  gold: NEGATED there');
  });

  it('tells mention-only changes, other fields and new or gone arguments apart', () => {
    const renamed = output({
      mentions: [[0, 3, 'current', 'F4', 'code', 'negated', ['find.code', 'negation.clause']]],
    });
    const diff = diffOutputs(
      'set',
      [
        output({ mentions: [[0, 3, 'current', 'F4', 'code', 'negated', ['find.code']]] }),
        output({ id: 'gone' }),
      ],
      [renamed, output({ id: 'new', abstention: 'exact' })],
    );
    expect(diff.mentionsOnly).toEqual(['a1']);
    expect(diff.added).toEqual(['new']);
    expect(diff.removed).toEqual(['gone']);
    expect(isUnchanged(diffOutputs('set', [renamed], [renamed]))).toBe(true);
    expect(formatDiff(diffOutputs('set', [renamed], [renamed]))).toBe('set: unchanged');
    expect(diffOutputs('set', [output()], [output({ truncated: true })]).other).toEqual([
      'a1: truncated false → true',
    ]);
  });

  it('writes and reads the committed JSONL without loss', () => {
    const records = [
      output({ tsc1: ['F4'], mentions: [[5, 7, 'tsc1', 'F4', 'code', 'asserted', ['find.code']]] }),
    ];
    expect(parseExpectedJsonl(formatExpectedJsonl(records), 'x.jsonl')).toEqual(records);
    expect(() => parseExpectedJsonl('{"id": "x"}\n', 'x.jsonl')).toThrow(/^x\.jsonl:1:/);
  });
});
