import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../stats/wilson-interval.ts';
import { spanOf, widenDegenerate } from './degenerate-bootstrap.ts';

describe('widenDegenerate', () => {
  it('replaces a zero-width bootstrap interval of 48/48 with the Wilson interval', () => {
    const fallback = wilsonInterval(48, 48, 0.95);
    const figure = widenDegenerate(
      { value: 1, ci: { lower: 1, upper: 1 }, method: 'cluster-bootstrap', bca: { lower: 1, upper: 1 } },
      fallback,
    );
    expect(figure.method).toBe('wilson');
    expect(figure.bca).toBeNull();
    expect(figure.degenerate_bootstrap).toBe(true);
    // Wilson at x = n: lower = n / (n + z²) = 48 / (48 + 1.959964²) (Brown, Cai & DasGupta 2001, eq. 4).
    expect(figure.ci?.lower).toBeCloseTo(48 / (48 + 1.959964 ** 2), 6);
    expect(figure.ci?.upper).toBe(1);
  });

  it('also widens a zero-width interval at 0 (no event in 5 negated mentions)', () => {
    const figure = widenDegenerate(
      { value: 0, ci: { lower: 0, upper: 0 }, method: 'cluster-bootstrap' },
      wilsonInterval(0, 5, 0.95),
    );
    expect(figure.ci?.lower).toBe(0);
    expect(figure.ci?.upper).toBeCloseTo(0.4345, 4); // binom.confint(0, 5, method = "wilson")
  });

  it('leaves an interval with width, a missing interval or a missing fallback alone', () => {
    const wide = { value: 0.9, ci: { lower: 0.8, upper: 1 }, method: 'cluster-bootstrap' as const };
    expect(widenDegenerate(wide, { lower: 0, upper: 1 })).toBe(wide);
    const none = { value: null, ci: null, method: 'cluster-bootstrap' as const };
    expect(widenDegenerate(none, { lower: 0, upper: 1 })).toBe(none);
    const point = { value: 1, ci: { lower: 1, upper: 1 }, method: 'cluster-bootstrap' as const };
    expect(widenDegenerate(point, null)).toBe(point);
  });
});

describe('spanOf', () => {
  it('spans two intervals, and is null when either is missing', () => {
    expect(spanOf({ lower: 0.9, upper: 1 }, { lower: 0.8, upper: 0.95 })).toEqual({ lower: 0.8, upper: 1 });
    expect(spanOf(null, { lower: 0, upper: 1 })).toBeNull();
  });
});
