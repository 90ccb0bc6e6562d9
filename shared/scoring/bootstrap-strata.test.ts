import { describe, expect, it } from 'vitest';
import { chooseBootstrapStrata, MIN_GOLD_PER_STRATUM_FOR_STRATIFIED_BOOTSTRAP } from './bootstrap-strata.ts';

const strata = (sizes: number[]): string[] => sizes.flatMap((size, h) => Array<string>(size).fill(`h${h}`));

describe('chooseBootstrapStrata', () => {
  it('resamples within strata when every stratum has at least the minimum of gold', () => {
    const choice = chooseBootstrapStrata(true, strata([10, 12, 15]));
    expect(MIN_GOLD_PER_STRATUM_FOR_STRATIFIED_BOOTSTRAP).toBe(10);
    expect(choice).toMatchObject({ stratified: true, smallest: 10 });
    expect(choice.note).toContain('within the design');
  });

  it("resamples over the whole sample at the paper's 2–3 per stratum, and says why", () => {
    const choice = chooseBootstrapStrata(true, strata([...Array(22).fill(2), 3, 3]));
    expect(choice).toMatchObject({ stratified: false, smallest: 2 });
    expect(choice.note).toContain('over the whole sample');
    expect(choice.note).toContain('24 strata');
    expect(choice.note).toContain('2 gold arguments, fewer than 10');
  });

  it('one small stratum is enough to resample over the whole sample', () => {
    expect(chooseBootstrapStrata(true, strata([30, 30, 9])).stratified).toBe(false);
  });

  it('without a design or without gold there are no strata and nothing to note', () => {
    expect(chooseBootstrapStrata(false, strata([30, 30]))).toEqual({
      stratified: false,
      smallest: null,
      note: null,
    });
    expect(chooseBootstrapStrata(true, [])).toEqual({ stratified: false, smallest: null, note: null });
  });
});
