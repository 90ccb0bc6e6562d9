import { describe, expect, it } from 'vitest';
import { decisionNotice, nextUndecided, rationaleNotice } from './disagreement-words.ts';

describe('nextUndecided', () => {
  it('goes to the next undecided disagreement after the one decided', () => {
    expect(nextUndecided(['1', '2', '3', '4'], new Set(['1']), 0)).toBe(1);
    expect(nextUndecided(['1', '2', '3', '4'], new Set(['1', '2']), 0)).toBe(2);
  });

  it('wraps round to the start', () => {
    expect(nextUndecided(['1', '2', '3'], new Set(['1', '3']), 2)).toBe(1);
  });

  it('says null when every disagreement is decided', () => {
    expect(nextUndecided(['1', '2'], new Set(['1', '2']), 0)).toBeNull();
    expect(nextUndecided([], new Set(), 0)).toBeNull();
  });
});

describe('the change lines of decisions', () => {
  it('names the disagreement by its number and the choice in words', () => {
    expect(decisionNotice(3, 'F4 Agreed-not-to-disclose · Input case', 'both', false)).toBe(
      'Decided disagreement 3 (F4 Agreed-not-to-disclose · Input case) as Both.',
    );
    expect(decisionNotice(1, 'Truncated', 'a', true)).toBe('Decided again disagreement 1 (Truncated) as A.');
  });

  it('says whether a rationale was written, changed or removed', () => {
    expect(rationaleNotice(2, undefined, 'why')).toBe('Wrote the rationale of disagreement 2.');
    expect(rationaleNotice(2, 'why', 'because')).toBe('Changed the rationale of disagreement 2.');
    expect(rationaleNotice(2, 'why', undefined)).toBe('Removed the rationale of disagreement 2.');
  });
});
