import { describe, expect, it } from 'vitest';
import { fleissKappa } from './fleiss-kappa.ts';
import { DISTRIB_6_RATERS, WIKIPEDIA_FLEISS } from './test-fixtures.ts';

describe('fleissKappa', () => {
  it('gives κ ≈ 0.210 on the Wikipedia worked example (10 subjects × 5 categories, 14 raters; P̄ = 0.378, P̄_e = 0.213)', () => {
    expect(fleissKappa(WIKIPEDIA_FLEISS)).toBeCloseTo(0.21, 3);
  });

  it("matches irrCAC's fleiss.kappa.dist(distrib.6raters) = 0.4139265", () => {
    expect(fleissKappa(DISTRIB_6_RATERS)).toBeCloseTo(0.4139265, 7);
  });

  it('computes the small example by hand: P̄ = 2/3, P̄_e = 1/2, κ = 1/3', () => {
    expect(
      fleissKappa([
        [2, 0],
        [0, 2],
        [1, 1],
      ]),
    ).toBeCloseTo(1 / 3, 15);
  });

  it('is 1 when every subject is rated unanimously and more than one category is used', () => {
    expect(
      fleissKappa([
        [3, 0],
        [0, 3],
      ]),
    ).toBe(1);
  });

  it('is n/a (null) with no subjects', () => {
    expect(fleissKappa([])).toBeNull();
  });

  it('is n/a (null) when every rating falls in one category (P̄_e = 1)', () => {
    expect(
      fleissKappa([
        [0, 4],
        [0, 4],
      ]),
    ).toBeNull();
  });

  it('is n/a (null) with one rating per subject (no rater pairs)', () => {
    expect(
      fleissKappa([
        [1, 0],
        [0, 1],
      ]),
    ).toBeNull();
  });

  it('throws when subjects have different numbers of ratings', () => {
    expect(() =>
      fleissKappa([
        [2, 1],
        [1, 1],
      ]),
    ).toThrow(/same number of ratings/);
  });

  it('throws for ragged rows, negative or fractional counts', () => {
    expect(() => fleissKappa([[2, 1], [3]])).toThrow(RangeError);
    expect(() => fleissKappa([[3, -1]])).toThrow(RangeError);
    expect(() => fleissKappa([[1.5, 0.5]])).toThrow(RangeError);
  });
});
