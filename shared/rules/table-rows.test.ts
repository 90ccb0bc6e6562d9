import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { testLexicon } from './test-lexicon.ts';

const lexicon = testLexicon({ F4: ['signed * nondisclosure agreement'] });

function lists(text: string) {
  const { current, tsc1, tsc2 } = extractFactors(text, lexicon);
  return { current, tsc1, tsc2 };
}

function readings(text: string) {
  return extractFactors(text, lexicon).mentions.map((m) => `${m.factor}:${m.case ?? 'null'}:${m.polarity}`);
}

describe('case.table-row', () => {
  it('puts a factor in the columns marked present and negates it in those marked absent', () => {
    const table = [
      'Comparison:',
      '',
      '| Factor | Current case | TSC1 | TSC2 |',
      '|:---|:---:|:---:|:---:|',
      '| F6 Security-measures | yes | no | yes |',
      '| F15 | ✗ | ✓ | — |',
      '| F20 | n | y | absent |',
    ].join('\n');
    expect(lists(table)).toEqual({ current: ['F6'], tsc1: ['F15', 'F20'], tsc2: ['F6'] });
    expect(readings(table)).toContain('F15:current:negated');
    expect(readings(table)).toContain('F20:tsc2:negated');
  });

  it('reads a table whose separator cells are a single hyphen between colons (":-:", "-")', () => {
    const table = [
      '| Factor | This case | TSC1 | TSC2 |',
      '|-|:-:|:-:|-:|',
      '| Brought-tools | ✗ | ✓ | ✗ |',
      '| F21 | yes | no | yes |',
    ].join('\n');
    expect(lists(table)).toEqual({ current: ['F21'], tsc1: ['F7'], tsc2: ['F21'] });
    expect(readings(table)).toContain('F7:current:negated');
  });

  it('leaves a cell that says neither yes nor no, and a table without case columns, to the other rules', () => {
    expect(lists('| Factor | input | TSC1 |\n|---|---|---|\n| F7 | arguably | weak |')).toEqual({
      current: ['F7'],
      tsc1: [],
      tsc2: [],
    });
    expect(lists('| Factor | side |\n|---|---|\n| F7 | P |')).toEqual({
      current: ['F7'],
      tsc1: [],
      tsc2: [],
    });
  });

  it('does not read a table whose rows are the cases', () => {
    expect(lists('| case | factors |\n|---|---|\n| TSC1 | F4, F6 |\n| input | F6 |')).toEqual({
      current: ['F6'],
      tsc1: ['F4', 'F6'],
      tsc2: [],
    });
  });
});

describe('case.table-column', () => {
  it('puts a factor of the header row in the rows marked present and negates it in those marked absent', () => {
    const table = [
      'How the cases compare:',
      '',
      '| Case | F16 | Security-measures | F25 |',
      '|---|---|---|---|',
      '| Current case | ✗ | ✓ | unclear |',
      '| TSC1 | ✓ | ✗ | ✓ |',
      '| TSC2 | ✓ | ✓ | no |',
    ].join('\n');
    expect(lists(table)).toEqual({ current: ['F6'], tsc1: ['F16', 'F25'], tsc2: ['F6', 'F16'] });
    expect(readings(table)).toContain('F16:current:negated');
    expect(readings(table)).toContain('F6:tsc1:negated');
    expect(readings(table)).toContain('F25:tsc2:negated');
    expect(readings(table)).not.toContain('F25:current:asserted');
  });

  it('leaves a header that names a case, and a table whose rows name none, to the other rules', () => {
    expect(lists('| F7 | notes |\n|---|---|\n| yes | the defendant took files |')).toEqual({
      current: ['F7'],
      tsc1: [],
      tsc2: [],
    });
  });
});
