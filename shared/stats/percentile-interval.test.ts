import { describe, expect, it } from 'vitest';
import { percentileInterval, percentileIntervalOfSorted } from './percentile-interval.ts';

describe('percentileInterval', () => {
  it('takes the interpolated (type 7) α/2 and 1 − α/2 quantiles: 1…11 at 50% → [3.5, 8.5]', () => {
    expect(percentileInterval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.5)).toEqual({ lower: 3.5, upper: 8.5 });
  });

  it('does not depend on the order of the replicates', () => {
    expect(percentileInterval([9, 1, 5, 3, 7], 0.5)).toEqual(percentileInterval([1, 3, 5, 7, 9], 0.5));
  });

  it('uses 95% by default: 0…1000 → [25, 975]', () => {
    const replicates = Array.from({ length: 1001 }, (_, i) => i);
    const interval = percentileInterval(replicates);
    expect(interval?.lower).toBeCloseTo(25, 9);
    expect(interval?.upper).toBeCloseTo(975, 9);
  });

  it('is n/a (null) with no replicates', () => {
    expect(percentileInterval([])).toBeNull();
  });

  it('throws for non-finite replicates or a level outside (0, 1)', () => {
    expect(() => percentileInterval([1, Number.NaN])).toThrow(TypeError);
    expect(() => percentileInterval([1, 2], 1)).toThrow(RangeError);
  });
});

describe('percentileIntervalOfSorted', () => {
  it("gives percentileInterval's interval on the sorted list, and refuses an unsorted one", () => {
    const replicates = [9, 1, 4, 11, 2, 7, 3, 10, 5, 8, 6];
    const sorted = [...replicates].sort((x, y) => x - y);
    expect(percentileIntervalOfSorted(sorted, 0.5)).toEqual(percentileInterval(replicates, 0.5));
    expect(percentileIntervalOfSorted(sorted, 0.5)).toEqual({ lower: 3.5, upper: 8.5 });
    expect(percentileIntervalOfSorted([], 0.9)).toBeNull();
    expect(() => percentileIntervalOfSorted(replicates, 0.5)).toThrow(RangeError);
  });
});
