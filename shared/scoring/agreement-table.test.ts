import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohenKappa } from '../stats/cohen-kappa.ts';
import { gwetAC1 } from '../stats/gwet-ac1.ts';
import { krippendorffAlpha } from '../stats/krippendorff-alpha.ts';
import { pabak } from '../stats/pabak.ts';
import { percentAgreement } from '../stats/percent-agreement.ts';
import { specificAgreement } from '../stats/specific-agreement.ts';
import { addToTable, emptyTable, tableAgreement } from './agreement-table.ts';

function labels(a: number, b: number, c: number, d: number): [boolean[], boolean[]] {
  const first = [
    ...Array(a).fill(true),
    ...Array(b).fill(true),
    ...Array(c).fill(false),
    ...Array(d).fill(false),
  ];
  const second = [
    ...Array(a).fill(true),
    ...Array(b).fill(false),
    ...Array(c).fill(true),
    ...Array(d).fill(false),
  ];
  return [first, second];
}

describe('tableAgreement', () => {
  it("reproduces Krippendorff's (2011, section B) binary example: α = 0.095", () => {
    // Units 1–10, observers A and B: a = 1 (unit 2), b = 1 (unit 9: A 1, B 0), c = 3, d = 5.
    // n₁ = 2·1 + 4 = 6, n₀ = 2·5 + 4 = 14, α = 1 − (20 − 1)·4/(14·6) = 1 − 76/84 = 0.0952.
    expect(
      tableAgreement({ both: 1, firstOnly: 1, secondOnly: 3, neither: 5 }).krippendorffAlpha,
    ).toBeCloseTo(1 - 76 / 84, 15);
  });

  it('reproduces the kappa paradox table of Feinstein & Cicchetti (1990): p_o 0.85, κ 0.32', () => {
    // a = 80, b = 10, c = 5, d = 5: C = 90·85 + 15·10 = 7800, κ = (100·85 − 7800)/(10000 − 7800) = 0.318.
    const figures = tableAgreement({ both: 80, firstOnly: 10, secondOnly: 5, neither: 5 });
    expect(figures.percentAgreement).toBeCloseTo(0.85, 15);
    expect(figures.cohenKappa).toBeCloseTo(700 / 2200, 15);
    expect(figures.pabak).toBeCloseTo(0.7, 15);
    // positive 160/175, negative 10/25
    expect(figures.positiveAgreement).toBeCloseTo(160 / 175, 15);
    expect(figures.negativeAgreement).toBeCloseTo(10 / 25, 15);
  });

  it('equals the shared/stats functions on the label arrays, degenerate cases included', () => {
    fc.assert(
      fc.property(fc.nat(6), fc.nat(6), fc.nat(6), fc.nat(6), (a, b, c, d) => {
        const [first, second] = labels(a, b, c, d);
        const table = tableAgreement({ both: a, firstOnly: b, secondOnly: c, neither: d });
        const specific = specificAgreement(first, second);
        const expected = {
          cohenKappa: cohenKappa(first, second),
          krippendorffAlpha: krippendorffAlpha([first, second], 'nominal'),
          gwetAC1: gwetAC1([first, second]),
          pabak: pabak(first, second),
          percentAgreement: percentAgreement(first, second),
          positiveAgreement: specific.positive,
          negativeAgreement: specific.negative,
        };
        for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
          const want = expected[key];
          const got = table[key];
          if (want === null) expect(got, key).toBeNull();
          else expect(got, key).toBeCloseTo(want, 12);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('is all null for an empty table', () => {
    expect(Object.values(tableAgreement(emptyTable())).every((value) => value === null)).toBe(true);
  });

  it('fills a table pair by pair', () => {
    const table = emptyTable();
    addToTable(table, true, true);
    addToTable(table, true, false, 2);
    addToTable(table, false, true);
    addToTable(table, false, false, 3);
    expect(table).toEqual({ both: 1, firstOnly: 2, secondOnly: 1, neither: 3 });
  });
});
