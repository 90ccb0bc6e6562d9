import { describe, expect, it } from 'vitest';
import { krippendorffAlpha, type MeasurementLevel } from './krippendorff-alpha.ts';
import {
  CONT_3X3_ABSTRACTORS,
  DISTRIB_6_RATERS,
  distributionToRatings,
  KRIPPENDORFF_2011_B,
  KRIPPENDORFF_2011_C,
  tableToLabels,
  WIKIPEDIA_KRIPPENDORFF,
} from './test-fixtures.ts';

describe('krippendorffAlpha', () => {
  // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", sections C–E: the 4
  // observers × 12 units example with missing values, at each level of measurement.
  it.each([
    ['nominal', 0.743],
    ['ordinal', 0.815],
    ['interval', 0.849],
    ['ratio', 0.797],
  ] as const)('matches Krippendorff (2011): %s α = %f', (level, alpha) => {
    expect(krippendorffAlpha(KRIPPENDORFF_2011_C, level)).toBeCloseTo(alpha, 3);
  });

  it("matches irrCAC's krippen.alpha.raw(cac.raw4raters) = 0.74342 on the same data", () => {
    expect(krippendorffAlpha(KRIPPENDORFF_2011_C, 'nominal')).toBeCloseTo(0.74342, 5);
  });

  it('matches Krippendorff (2011), section B: two observers, binary data, α = 0.095', () => {
    expect(krippendorffAlpha(KRIPPENDORFF_2011_B, 'nominal')).toBeCloseTo(0.095, 3);
  });

  it('matches the Wikipedia computational example: nominal α = 0.691 (0.691358), interval 0.810845', () => {
    // Values to 6 decimals from the tests of the Python `krippendorff` package.
    expect(krippendorffAlpha(WIKIPEDIA_KRIPPENDORFF, 'nominal')).toBeCloseTo(0.691358, 6);
    expect(krippendorffAlpha(WIKIPEDIA_KRIPPENDORFF, 'interval')).toBeCloseTo(0.810845, 6);
  });

  it("matches irrCAC's krippen2.table(cont3x3abstractors) = 0.7972585 (two coders, 100 units)", () => {
    expect(krippendorffAlpha(tableToLabels(CONT_3X3_ABSTRACTORS), 'nominal')).toBeCloseTo(0.7972585, 7);
  });

  it("matches irrCAC's krippen.alpha.dist(distrib.6raters) = 0.4204384 (6 coders, 15 units)", () => {
    expect(krippendorffAlpha(distributionToRatings(DISTRIB_6_RATERS), 'nominal')).toBeCloseTo(0.4204384, 7);
  });

  it('computes the small example by hand: 1 − (n − 1)·D_o/D_e = 1 − 5·2/18', () => {
    expect(
      krippendorffAlpha(
        [
          [1, 2, 1],
          [1, 2, 2],
        ],
        'nominal',
      ),
    ).toBeCloseTo(1 - 10 / 18, 15);
  });

  it('gives the same nominal α for string labels as for the numbers they stand for', () => {
    const words = KRIPPENDORFF_2011_C.map((row) => row.map((value) => (value === null ? null : `v${value}`)));
    expect(krippendorffAlpha(words, 'nominal')).toBeCloseTo(
      krippendorffAlpha(KRIPPENDORFF_2011_C, 'nominal') ?? 0,
      15,
    );
  });

  it('ignores units with a single value (unit 12 of the Krippendorff example)', () => {
    const withoutUnit12 = KRIPPENDORFF_2011_C.map((row) => row.slice(0, 11));
    expect(krippendorffAlpha(withoutUnit12, 'interval')).toBeCloseTo(
      krippendorffAlpha(KRIPPENDORFF_2011_C, 'interval') ?? 0,
      15,
    );
  });

  it('is n/a (null) when no unit has two values (nothing pairable)', () => {
    expect(
      krippendorffAlpha(
        [
          [1, null],
          [null, 2],
        ],
        'nominal',
      ),
    ).toBeNull();
  });

  it('is n/a (null) when every pairable value is the same (D_e = 0)', () => {
    expect(
      krippendorffAlpha(
        [
          [3, 3, 3],
          [3, 3, null],
        ],
        'interval',
      ),
    ).toBeNull();
  });

  it('is n/a (null) with no coders or no units', () => {
    expect(krippendorffAlpha([], 'nominal')).toBeNull();
    expect(krippendorffAlpha([[], []], 'ordinal')).toBeNull();
  });

  it('throws for rows of different length', () => {
    expect(() => krippendorffAlpha([[1, 2], [1]], 'nominal')).toThrow(RangeError);
  });

  it('throws for non-numeric values at the ordered levels and negative values at the ratio level', () => {
    expect(() =>
      krippendorffAlpha(
        [
          ['a', 'b'],
          ['a', 'a'],
        ],
        'ordinal',
      ),
    ).toThrow(TypeError);
    expect(() =>
      krippendorffAlpha(
        [
          [-1, 2],
          [1, 2],
        ],
        'ratio',
      ),
    ).toThrow(RangeError);
  });

  it('throws for an unknown level of measurement', () => {
    expect(() => krippendorffAlpha([[1], [1]], 'circular' as MeasurementLevel)).toThrow(RangeError);
  });
});
