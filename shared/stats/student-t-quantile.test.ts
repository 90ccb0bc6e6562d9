import { describe, expect, it } from 'vitest';
import { studentTQuantile } from './student-t-quantile.ts';

describe('studentTQuantile', () => {
  it('gives the two-sided 5 % points of the NIST/SEMATECH e-Handbook table (1.3.6.7.2)', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706, 3);
    expect(studentTQuantile(0.975, 9)).toBeCloseTo(2.262, 3);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.042, 3);
    expect(studentTQuantile(0.975, 1e6)).toBeCloseTo(1.96, 3);
    expect(studentTQuantile(0.975, 2)).toBeCloseTo(4.303, 3);
    expect(studentTQuantile(0.975, 5)).toBeCloseTo(2.571, 3);
    expect(studentTQuantile(0.975, 20)).toBeCloseTo(2.086, 3);
    expect(studentTQuantile(0.975, 100)).toBeCloseTo(1.984, 3);
    // One-sided 5 % and 0.5 % points of the same table.
    expect(studentTQuantile(0.95, 10)).toBeCloseTo(1.812, 3);
    expect(studentTQuantile(0.995, 10)).toBeCloseTo(3.169, 3);
  });

  it('is symmetric and refuses p outside (0, 1)', () => {
    expect(studentTQuantile(0.025, 5)).toBeCloseTo(-studentTQuantile(0.975, 5), 8);
    expect(() => studentTQuantile(1, 5)).toThrow(RangeError);
    expect(() => studentTQuantile(0.5, 0)).toThrow(RangeError);
  });
});
