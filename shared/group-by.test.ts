import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by.ts';

describe('groupBy', () => {
  it('keeps first-seen key order and item order', () => {
    expect([...groupBy(['b1', 'a1', 'b2'], (item) => item[0])]).toEqual([
      ['b', ['b1', 'b2']],
      ['a', ['a1']],
    ]);
  });
  it('returns an empty map for no items', () => {
    expect(groupBy([], () => 1).size).toBe(0);
  });
});
