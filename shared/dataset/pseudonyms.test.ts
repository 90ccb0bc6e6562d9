import { describe, expect, it } from 'vitest';
import { byCodeUnits } from '../sampling/code-unit-order.ts';
import { usernameSchema } from '../username.ts';
import { adjudicatorPseudonyms, annotatorAccount, datasetAnnotatorOrder, pseudonymAt } from './pseudonyms.ts';

describe('pseudonymAt', () => {
  it('starts A, B, C', () => {
    expect([0, 1, 2].map(pseudonymAt)).toEqual(['A', 'B', 'C']);
  });

  it('continues past Y with a Z prefix', () => {
    expect([24, 25, 26, 49, 50].map(pseudonymAt)).toEqual(['Y', 'ZA', 'ZB', 'ZY', 'ZZA']);
  });

  it('sorts in its own order by code units, so accounts named after it keep their letters', () => {
    const labels = Array.from({ length: 120 }, (_, n) => pseudonymAt(n));
    expect([...labels].sort(byCodeUnits)).toEqual(labels);
    const accounts = labels.map(annotatorAccount);
    expect([...accounts].sort(byCodeUnits)).toEqual(accounts);
  });

  it('refuses a negative or fractional position', () => {
    expect(() => pseudonymAt(-1)).toThrow(RangeError);
    expect(() => pseudonymAt(1.5)).toThrow(RangeError);
  });
});

describe('datasetAnnotatorOrder', () => {
  it('puts the compared pair first, in its order, then the others by name', () => {
    expect(datasetAnnotatorOrder(['dan', 'alice', 'bob'], ['bob', 'alice'])).toEqual(['bob', 'alice', 'dan']);
  });

  it('orders by name when nothing was compared', () => {
    expect(datasetAnnotatorOrder(['bob', 'alice'], [])).toEqual(['alice', 'bob']);
  });
});

describe('adjudicatorPseudonyms', () => {
  it('letters distinct adjudicators by name, as valid user names', () => {
    const map = adjudicatorPseudonyms(['carol', 'ann', 'carol']);
    expect([...map]).toEqual([
      ['ann', 'adjudicator-A'],
      ['carol', 'adjudicator-B'],
    ]);
    for (const pseudonym of map.values()) expect(usernameSchema.safeParse(pseudonym).success).toBe(true);
  });

  it('maps its own pseudonyms to themselves (a re-imported dataset)', () => {
    const again = adjudicatorPseudonyms(['adjudicator-B', 'adjudicator-A']);
    for (const [name, pseudonym] of again) expect(pseudonym).toBe(name);
  });
});
