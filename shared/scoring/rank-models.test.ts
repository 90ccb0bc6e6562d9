import { describe, expect, it } from 'vitest';
import { rankModels } from './rank-models.ts';

describe('rankModels', () => {
  it('orders best first, ties by name, leaving out models without a value', () => {
    expect(rankModels({ b: 0.9, a: 0.95, c: null, d: 0.9 })).toEqual(['a', 'b', 'd']);
  });
  it('is empty when nothing was measured', () => {
    expect(rankModels({ a: null })).toEqual([]);
  });
});
