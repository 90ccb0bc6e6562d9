import { describe, expect, it } from 'vitest';
import { studentTQuantile } from './student-t-quantile.ts';

describe('studentTQuantile', () => {
  it('gives the two-sided 5 % points of the NIST/SEMATECH e-Handbook table (1.3.6.7.2)', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706, 3);
    expect(studentTQuantile(0.975, 9)).toBeCloseTo(2.262, 3);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.042, 3);
    expect(studentTQuantile(0.975, 1e6)).toBeCloseTo(1.96, 3);
  });

  it('is symmetric and refuses p outside (0, 1)', () => {
    expect(studentTQuantile(0.025, 5)).toBeCloseTo(-studentTQuantile(0.975, 5), 8);
    expect(() => studentTQuantile(1, 5)).toThrow(RangeError);
    expect(() => studentTQuantile(0.5, 0)).toThrow(RangeError);
  });
});
