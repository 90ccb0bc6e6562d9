import { describe, expect, it } from 'vitest';
import { intraClassCorrelation } from './intra-class-correlation.ts';

describe('intraClassCorrelation', () => {
  it('is 1 when decisions agree within items and differ between them', () => {
    expect(
      intraClassCorrelation([
        { positives: 2, decisions: 2 },
        { positives: 0, decisions: 2 },
      ]),
    ).toBe(1);
  });

  it('matches the one-way ANOVA ICC(1) computed by hand', () => {
    // Items of 4 decisions: 3, 1, 2 positives. M = 12, Y = 6, Σy²/m = (9 + 1 + 4)/4 = 3.5, Y²/M = 3.
    // MSB = (3.5 − 3)/2 = 0.25; MSW = (6 − 3.5)/(12 − 3) = 0.27778; m₀ = 4.
    // ρ = (0.25 − 0.27778)/(0.25 + 3·0.27778) = −0.02778/1.08333 = −0.025641
    const rho = intraClassCorrelation([
      { positives: 3, decisions: 4 },
      { positives: 1, decisions: 4 },
      { positives: 2, decisions: 4 },
    ]);
    expect(rho).toBeCloseTo((0.25 - 2.5 / 9) / (0.25 + 3 * (2.5 / 9)), 12);
  });

  it('is n/a with fewer than two items or when every decision is alike', () => {
    expect(intraClassCorrelation([{ positives: 1, decisions: 78 }])).toBeNull();
    expect(
      intraClassCorrelation([
        { positives: 0, decisions: 78 },
        { positives: 0, decisions: 78 },
      ]),
    ).toBeNull();
  });

  it('refuses impossible counts', () => {
    expect(() => intraClassCorrelation([{ positives: 3, decisions: 2 }])).toThrow(RangeError);
  });
});
