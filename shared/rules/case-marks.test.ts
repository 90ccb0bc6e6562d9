import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { testLexicon } from './test-lexicon.ts';

const lexicon = testLexicon({});

function readings(text: string) {
  return extractFactors(text, lexicon)
    .mentions.map((m) => `${m.factor}:${m.case ?? 'null'}:${m.polarity}`)
    .sort();
}

describe('case.mark-list', () => {
  it('puts the factor in the cases marked present and negates it where marked absent', () => {
    const outline = [
      'OUTLINE (✓ = present; ✗ = absent)',
      '   C. F13 Noncompetition-agreement: Cur. ✓ | T1 ✗',
      '   A. F16 Info-reverse-engineerable: T2 ✓ | Cur. ✓ | T1 ✗',
    ].join('\n');
    const { current, tsc1, tsc2 } = extractFactors(outline, lexicon);
    expect({ current, tsc1, tsc2 }).toEqual({ current: ['F13', 'F16'], tsc1: [], tsc2: ['F16'] });
    expect(readings(outline)).toContain('F13:tsc1:negated');
    expect(readings(outline)).toContain('F16:tsc1:negated');
  });

  it('reads items joined by commas, and names the rule', () => {
    const line = 'a. Distinguish T1: F2 Bribe-employee: T1 ✓, Cur. ✗';
    const result = extractFactors(line, lexicon);
    expect(result.tsc1).toEqual(['F2']);
    expect(result.current).toEqual([]);
    expect(result.mentions.every((m) => m.rules.includes('case.mark-list'))).toBe(true);
  });

  it('decides nothing when the rest of the line is more than case words and marks', () => {
    // A mark in running prose is no per-case list: the clause's own rules read it.
    const prose = 'F13 Noncompetition-agreement: the current case ✓ because TSC1 ✗ lacked it';
    const result = extractFactors(prose, lexicon);
    expect(result.mentions.some((m) => m.rules.includes('case.mark-list'))).toBe(false);
  });

  it('needs the colon: a bare "F4 Cur. ✓" is left to the other rules', () => {
    const result = extractFactors('F4 Cur. ✓ T1 ✗', lexicon);
    expect(result.mentions.some((m) => m.rules.includes('case.mark-list'))).toBe(false);
  });
});
