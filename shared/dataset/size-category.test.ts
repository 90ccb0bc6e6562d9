import { describe, expect, it } from 'vitest';
import { sizeCategory } from './size-category.ts';

describe('sizeCategory', () => {
  it('buckets by powers of ten from a thousand', () => {
    expect([0, 50, 999].map(sizeCategory)).toEqual(['n<1K', 'n<1K', 'n<1K']);
    expect([1_000, 9_999].map(sizeCategory)).toEqual(['1K<n<10K', '1K<n<10K']);
    expect([10_000, 99_999, 100_000, 2_500_000].map(sizeCategory)).toEqual([
      '10K<n<100K',
      '10K<n<100K',
      '100K<n<1M',
      '1M<n<10M',
    ]);
  });

  it('refuses a negative or fractional count', () => {
    expect(() => sizeCategory(-1)).toThrow(RangeError);
    expect(() => sizeCategory(2.5)).toThrow(RangeError);
  });
});
