import { describe, expect, it } from 'vitest';
import { gwetAC1 } from './gwet-ac1.ts';
import {
  CONT_3X3_ABSTRACTORS,
  DISTRIB_6_RATERS,
  distributionToRatings,
  KRIPPENDORFF_2011_C,
  tableToLabels,
} from './test-fixtures.ts';

describe('gwetAC1', () => {
  it("matches irrCAC's gwet.ac1.raw(cac.raw4raters) = 0.77544 (4 raters × 12 units, missing ratings)", () => {
    // irrCAC README: pa = 0.8181818, pe = 0.1903212, AC1 = 0.77544; the data of Krippendorff (2011).
    expect(gwetAC1(KRIPPENDORFF_2011_C)).toBeCloseTo(0.77544, 5);
  });

  it("matches irrCAC's gwet.ac1.table(cont3x3abstractors) = 0.8493305 (two raters, three categories)", () => {
    expect(gwetAC1(tableToLabels(CONT_3X3_ABSTRACTORS))).toBeCloseTo(0.8493305, 7);
  });

  it("matches irrCAC's gwet.ac1.dist(distrib.6raters) = 0.4448007 (6 raters × 15 subjects)", () => {
    expect(gwetAC1(distributionToRatings(DISTRIB_6_RATERS))).toBeCloseTo(0.4448007, 7);
  });

  it('computes two raters on a 2×2 table by hand: Wikipedia κ example → AC1 = 0.205/0.505', () => {
    // p_a = 35/50 = 0.7; π_yes = (25 + 30)/100 = 0.55; p_e = 2·0.55·0.45 = 0.495.
    const [a, b] = tableToLabels(
      [
        [20, 5],
        [10, 15],
      ],
      ['yes', 'no'],
    );
    expect(gwetAC1([a, b])).toBeCloseTo(0.205 / 0.505, 14);
  });

  it('stays near raw agreement where κ collapses: Feinstein & Cicchetti (1990) 80/10/5/5 → AC1 = 0.63125/0.78125', () => {
    // Hand computation on their skewed table (κ = 0.32): p_a = 0.85, π = 0.875, p_e = 2·0.875·0.125.
    const [a, b] = tableToLabels(
      [
        [80, 10],
        [5, 5],
      ],
      [true, false],
    );
    expect(gwetAC1([a, b])).toBeCloseTo(0.63125 / 0.78125, 14);
  });

  it('does not depend on which rater gave which rating within a unit', () => {
    const swapped = [
      KRIPPENDORFF_2011_C[1] ?? [],
      KRIPPENDORFF_2011_C[0] ?? [],
      ...KRIPPENDORFF_2011_C.slice(2),
    ];
    expect(gwetAC1(swapped)).toBeCloseTo(gwetAC1(KRIPPENDORFF_2011_C) ?? 0, 15);
  });

  it('is n/a (null) when no unit was rated by two raters', () => {
    expect(
      gwetAC1([
        ['a', null],
        [null, 'b'],
      ]),
    ).toBeNull();
  });

  it('is n/a (null) when a single category is observed (q = 1)', () => {
    expect(
      gwetAC1([
        [false, false, false],
        [false, false, false],
      ]),
    ).toBeNull();
  });

  it('is n/a (null) with no raters or no units', () => {
    expect(gwetAC1([])).toBeNull();
    expect(gwetAC1([[], []])).toBeNull();
  });

  it('throws for rater rows of different length', () => {
    expect(() => gwetAC1([[1, 2], [1]])).toThrow(RangeError);
  });
});
