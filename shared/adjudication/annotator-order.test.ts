import { describe, expect, it } from 'vitest';
import { orderForAdjudication } from './annotator-order.ts';

const names = (seed: string, list: string[]) => orderForAdjudication(seed, list, (name) => name);

describe('orderForAdjudication', () => {
  it('gives one item the same order every time, whatever order the names come in', () => {
    expect(names('0123456789abcdef', ['bob', 'alice'])).toEqual(names('0123456789abcdef', ['alice', 'bob']));
  });

  it('puts either annotator first across items, about equally often', () => {
    const keys = Array.from({ length: 200 }, (_, n) => n.toString(16).padStart(16, '0'));
    const aliceFirst = keys.filter((key) => names(key, ['alice', 'bob'])[0] === 'alice').length;
    // Binomial(200, 1/2): 99.9% of draws fall within 100 ± 24.
    expect(aliceFirst).toBeGreaterThan(76);
    expect(aliceFirst).toBeLessThan(124);
  });

  it('keeps every annotator exactly once', () => {
    expect(names('ffff0000ffff0000', ['c', 'a', 'b']).sort()).toEqual(['a', 'b', 'c']);
  });

  it('leaves zero or one annotator as they are', () => {
    expect(names('0123456789abcdef', [])).toEqual([]);
    expect(names('0123456789abcdef', ['alice'])).toEqual(['alice']);
  });
});
