import { describe, expect, it } from 'vitest';
import { clopperPearsonInterval } from './clopper-pearson-interval.ts';

/** P(X ≥ k | n, p) by summing binomial probabilities (no beta function involved). */
function upperTail(k: number, n: number, p: number): number {
  let term = (1 - p) ** n;
  let tail = k === 0 ? term : 0;
  for (let j = 0; j < n; j++) {
    term *= ((n - j) / (j + 1)) * (p / (1 - p));
    if (j + 1 >= k) tail += term;
  }
  return tail;
}

/** The p in (0, 1) where the increasing function f crosses target, by bisection to 1e-13. */
function bisect(f: (p: number) => number, target: number): number {
  let lo = 0;
  let hi = 1;
  while (hi - lo > 1e-13) {
    const mid = (lo + hi) / 2;
    if (f(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('clopperPearsonInterval', () => {
  it('matches R binom::binom.confint(5, 20, method = "exact"): 0.0865715 – 0.4910459', () => {
    const interval = clopperPearsonInterval(5, 20);
    expect(interval?.lower).toBeCloseTo(0.0865715, 7);
    expect(interval?.upper).toBeCloseTo(0.4910459, 7);
  });

  it('matches R binom.test(5, 10): 0.1870860 – 0.8129140, and binom.test(1, 10): 0.002528579 – 0.445016117', () => {
    expect(clopperPearsonInterval(5, 10)?.lower).toBeCloseTo(0.187086, 7);
    expect(clopperPearsonInterval(5, 10)?.upper).toBeCloseTo(0.812914, 7);
    expect(clopperPearsonInterval(1, 10)?.lower).toBeCloseTo(0.002528579, 9);
    expect(clopperPearsonInterval(1, 10)?.upper).toBeCloseTo(0.445016117, 9);
  });

  it('matches R binom.test(12, 50, conf.level = 0.90): 0.1447182 – 0.3596557 (R-help, checked there with pbinom)', () => {
    expect(clopperPearsonInterval(12, 50, 0.9)?.lower).toBeCloseTo(0.1447182, 7);
    expect(clopperPearsonInterval(12, 50, 0.9)?.upper).toBeCloseTo(0.3596557, 7);
  });

  it('matches R Hmisc::binconf(12, 50, method = "exact"): 0.130610 – 0.381691', () => {
    expect(clopperPearsonInterval(12, 50)?.lower).toBeCloseTo(0.13061, 6);
    expect(clopperPearsonInterval(12, 50)?.upper).toBeCloseTo(0.381691, 6);
  });

  it('matches the defining tail equations for 81/263, solved independently by bisection on binomial sums', () => {
    // lower: P(X ≥ 81 | p) = 0.025; upper: P(X ≤ 81 | p) = 0.025, i.e. P(X ≥ 82 | p) = 0.975.
    const lower = bisect((p) => upperTail(81, 263, p), 0.025);
    const upper = bisect((p) => upperTail(82, 263, p), 0.975);
    const interval = clopperPearsonInterval(81, 263);
    expect(interval?.lower).toBeCloseTo(lower, 11);
    expect(interval?.upper).toBeCloseTo(upper, 11);
    // Also SciPy: binomtest(81, 263).proportion_ci(method='exact') = (0.252736745…, 0.367621922…).
    expect(interval?.lower).toBeCloseTo(0.252736745585, 11);
    expect(interval?.upper).toBeCloseTo(0.367621922601, 11);
  });

  it('gives the closed forms at x = 0, [0, 1 − (α/2)^(1/n)], and at x = n, [(α/2)^(1/n), 1]', () => {
    expect(clopperPearsonInterval(0, 20)).toEqual({
      lower: 0,
      upper: expect.closeTo(1 - 0.025 ** (1 / 20), 14),
    });
    expect(clopperPearsonInterval(20, 20)).toEqual({
      lower: expect.closeTo(0.025 ** (1 / 20), 14),
      upper: 1,
    });
  });

  it('is n/a (null) with no trials, n = 0', () => {
    expect(clopperPearsonInterval(0, 0)).toBeNull();
  });

  it.each([
    [3, 2, 0.95],
    [-1, 5, 0.95],
    [1, 5.5, 0.95],
    [1, 5, 1.2],
  ])('throws for x=%f, n=%f, level=%f', (x, n, level) => {
    expect(() => clopperPearsonInterval(x, n, level)).toThrow(RangeError);
  });
});
